import { configDefaults, defineConfig } from 'vitest/config';
import { SELF_CONTAINED_TEST_FILES } from './test/self-contained-files';

// Server tests boot the real app against a real database (PGlite by default, PostgreSQL with
// TEST_DATABASE_URL). Files run side by side, one per core (vitest.config.ts at the root): on PGlite
// every file owns an in-memory database; on PostgreSQL and Redis every worker owns a database of
// each (src/testing/per-worker-services.ts), and each test empties its worker's tables.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The run on shared PostgreSQL + Redis repeats only what uses them (test/self-contained-files.ts).
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? SELF_CONTAINED_TEST_FILES : [])],
    // A worker's files share one module graph (the app and its dependencies are imported once per
    // worker, not once per file: about 4 s of CPU a file). Each file still boots its own app on its
    // own database; what a module keeps between calls is per app, and the test-only sequences
    // restart per file (src/testing/seeded-session-keys.ts).
    isolate: false,
    // Fixed secret tone keys, so a test's recordings are judged the same way every run.
    // Property tests use one fixed seed unless FC_SEED says otherwise (scripts/fast-check-seed.ts).
    setupFiles: [
      'src/testing/per-worker-services.ts',
      'src/testing/seeded-session-keys.ts',
      '../../scripts/fast-check-seed.ts',
    ],
    // On PGlite, one migrated database image per run that every file starts from.
    globalSetup: ['src/testing/pglite-image.global.ts'],
    // Upper bounds for a busy 2-core machine (several suites and browsers at once), never speed
    // claims: seeding the whole demo (import, timetables, past weeks of attendance) took over 30 s
    // at a load average of 22.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
