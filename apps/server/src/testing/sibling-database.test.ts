import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { siblingDatabaseUrl } from './sibling-database';

const given = process.env.TEST_DATABASE_URL;
const SUFFIX = '_sibling_check';

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('siblingDatabaseUrl', () => {
  afterAll(async () => {
    if (!given) return;
    const name = `${new URL(given).pathname.slice(1)}${SUFFIX}`;
    await onDatabase(given, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('refuses a name that is not a plain identifier, before connecting anywhere', async () => {
    // Port 9 (discard) has no PostgreSQL: reaching it would fail differently.
    await expect(siblingDatabaseUrl('postgres://u@127.0.0.1:9/db', '"; drop')).rejects.toThrow(
      /unusual database name/,
    );
  });

  it.runIf(Boolean(given))('creates the sibling once, keeps its data, and empties it when asked', async () => {
    const url = await siblingDatabaseUrl(given!, SUFFIX);
    expect(new URL(url).pathname).toBe(`${new URL(given!).pathname}${SUFFIX}`);
    await onDatabase(url, (c) => c.query('CREATE TABLE kept (id int)'));
    await siblingDatabaseUrl(given!, SUFFIX);
    const kept = await onDatabase(url, (c) => c.query("SELECT to_regclass('kept') AS t"));
    expect(kept.rows[0].t).toBe('kept');
    await siblingDatabaseUrl(given!, SUFFIX, { fresh: true });
    const emptied = await onDatabase(url, (c) => c.query("SELECT to_regclass('kept') AS t"));
    expect(emptied.rows[0].t).toBeNull();
  });
});
