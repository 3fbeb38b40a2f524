import { defineConfig } from 'vitest/config';

// Server tests boot the real app against a real database (PGlite by default, PostgreSQL with
// DATABASE_URL). Files run one at a time: each owns a database and PGlite is CPU-bound.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    // Fixed secret tone keys, so a test's recordings are judged the same way every run.
    setupFiles: ['src/testing/seeded-session-keys.ts'],
    // Upper bounds for a busy 2-core machine (several suites and browsers at once), never speed
    // claims: seeding the whole demo (import, timetables, past weeks of attendance) took over 30 s
    // at a load average of 22.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
