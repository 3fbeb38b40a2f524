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

/** The database name of `given` (the suite's own), and the siblings this file creates. */
const baseName = given ? decodeURIComponent(new URL(given).pathname.slice(1)) : '';
const ODD_SUFFIX = `${SUFFIX}-"odd"`;

const dropSibling = (suffix: string) =>
  onDatabase(given!, (c) =>
    c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(baseName + suffix)} WITH (FORCE)`),
  );

describe('siblingDatabaseUrl', () => {
  afterAll(async () => {
    if (!given) return;
    await dropSibling(SUFFIX);
    await dropSibling(ODD_SUFFIX);
  });

  it.runIf(Boolean(given))(
    'creates the sibling once, keeps its data, and empties it when asked',
    async () => {
      // Fresh first: a run killed before its clean-up may have left the database behind.
      const url = await siblingDatabaseUrl(given!, SUFFIX, { fresh: true });
      expect(new URL(url).pathname).toBe(`${new URL(given!).pathname}${SUFFIX}`);
      await onDatabase(url, (c) => c.query('CREATE TABLE kept (id int)'));
      await siblingDatabaseUrl(given!, SUFFIX);
      const kept = await onDatabase(url, (c) => c.query("SELECT to_regclass('kept') AS t"));
      expect(kept.rows[0].t).toBe('kept');
      await siblingDatabaseUrl(given!, SUFFIX, { fresh: true });
      const emptied = await onDatabase(url, (c) => c.query("SELECT to_regclass('kept') AS t"));
      expect(emptied.rows[0].t).toBeNull();
    },
  );

  it.runIf(Boolean(given))('takes a name that needs quoting (a hyphen, a quote) as it is', async () => {
    const url = await siblingDatabaseUrl(given!, ODD_SUFFIX, { fresh: true });
    const name = await onDatabase(url, (c) => c.query('SELECT current_database() AS name'));
    expect(name.rows[0].name).toBe(baseName + ODD_SUFFIX);
  });
});
