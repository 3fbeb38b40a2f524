import { siblingDatabaseUrl } from './sibling-database';

/**
 * Runs before every server test file. On CI's shared PostgreSQL and Redis (TEST_DATABASE_URL,
 * TEST_REDIS_URL), files run side by side, one per vitest worker: each worker gets a database of
 * its own on the PostgreSQL server (the named one for worker 1, `<name>_w<n>` for worker n, created
 * when missing) and a Redis logical database of its own (the named number + n − 1). The two
 * variables are rewritten here, before the file is imported, so everything that reads them (the
 * test app, the files that open their own connections) lands on its worker's own data; pub/sub,
 * which Redis shares across logical databases, is scoped per database by the app itself
 * (plugins/app/redis-channels.ts). Without the variables (PGlite, in memory per file) nothing changes.
 */
const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
// The URLs as the run was given them, kept aside the first time: a worker runs this before each of
// its files in one process, where the variables already hold its own.
process.env.ROLLBOOK_GIVEN_TEST_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? '';
process.env.ROLLBOOK_GIVEN_TEST_REDIS_URL ??= process.env.TEST_REDIS_URL ?? '';
const databaseUrl = process.env.ROLLBOOK_GIVEN_TEST_DATABASE_URL;
const redisUrl = process.env.ROLLBOOK_GIVEN_TEST_REDIS_URL;

if (databaseUrl && poolId > 1) {
  process.env.TEST_DATABASE_URL = await siblingDatabaseUrl(databaseUrl, `_w${poolId}`);
}
if (redisUrl && poolId > 1) {
  const url = new URL(redisUrl);
  const base = Number(url.pathname.slice(1) || '0');
  url.pathname = `/${base + poolId - 1}`;
  process.env.TEST_REDIS_URL = url.toString();
}
