import { configDefaults, defineConfig } from 'vitest/config';
import { SELF_CONTAINED_TEST_FILES } from './test/self-contained-files';

// Server tests boot the real app against a real database (PGlite by default, PostgreSQL with
// TEST_DATABASE_URL). On PGlite every file owns an in-memory database, so files run side by side
// (one per core, vitest.config.ts at the root); on PostgreSQL they share one database and one Redis
// (each test empties the tables), so there they run one at a time.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The run on shared PostgreSQL + Redis repeats only what uses them (test/self-contained-files.ts).
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? SELF_CONTAINED_TEST_FILES : [])],
    fileParallelism: !process.env.TEST_DATABASE_URL,
    // Fixed secret tone keys, so a test's recordings are judged the same way every run.
    // Property tests use one fixed seed unless FC_SEED says otherwise (scripts/fast-check-seed.ts).
    setupFiles: ['src/testing/seeded-session-keys.ts', '../../scripts/fast-check-seed.ts'],
    // On PGlite, one migrated database image per run that every file starts from.
    globalSetup: ['src/testing/pglite-image.global.ts'],
    // Upper bounds for a busy 2-core machine (several suites and browsers at once), never speed
    // claims: seeding the whole demo (import, timetables, past weeks of attendance) took over 30 s
    // at a load average of 22.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
