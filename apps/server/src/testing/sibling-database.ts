import pg from 'pg';

/**
 * The URL of a PostgreSQL database named `<given database><suffix>` on the same server as `given`,
 * created when missing (dropped and created anew with `fresh`). Test runs that work side by side
 * (vitest's workers, the browser suite's) each take a sibling of the database they were given, so
 * none of them wipes another's data.
 */
export async function siblingDatabaseUrl(
  given: string,
  suffix: string,
  options: { fresh?: boolean } = {},
): Promise<string> {
  const url = new URL(given);
  const name = `${decodeURIComponent(url.pathname.slice(1))}${suffix}`;
  // Names go into DDL, which takes no parameters: only plain identifiers are accepted.
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`an unusual database name to create for tests: ${name}`);
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  try {
    if (options.fresh) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
