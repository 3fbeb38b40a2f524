/**
 * Server test files that start their own server processes, databases or Redis (or only the
 * embedded database in a folder of their own) and never use the shared TEST_DATABASE_URL or
 * TEST_REDIS_URL. `npm test` runs them; the PostgreSQL + Redis run of the same suite (`.ci/run`)
 * leaves them out, since it would only repeat them (about 2.5 minutes of CI).
 * `self-contained-files.test.ts` checks that none of them reaches for the shared services.
 */
export const SELF_CONTAINED_TEST_FILES = [
  'src/cli/rollbook.test.ts',
  'src/backup/backup.test.ts',
  'test/start/compiled-server.test.ts',
  'test/start/server-start.test.ts',
  'test/faults/postgres-outage.test.ts',
  'test/faults/redis-outage.test.ts',
] as const;
