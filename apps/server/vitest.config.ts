import { defineConfig } from 'vitest/config';

// Server tests boot the real app against a real database (PGlite by default, PostgreSQL with
// DATABASE_URL). Files run one at a time: each owns a database and PGlite is CPU-bound.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
