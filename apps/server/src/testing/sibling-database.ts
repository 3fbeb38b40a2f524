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
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  try {
    // DDL takes no parameters: the name goes in quoted as an identifier (any name a developer's
    // database has, hyphens and dots included).
    const quoted = admin.escapeIdentifier(name);
    if (options.fresh) await admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}
