import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import * as schema from './schema';

/** Every table of the schema, derived from its definitions so a new table is never forgotten. */
export const ALL_TABLES: string[] = Object.values(schema)
  .filter((v) => is(v, PgTable))
  .map((t) => getTableName(t as PgTable));

/**
 * Empties every table in one statement. TRUNCATE bypasses the audit log's row triggers on purpose:
 * this is for `seed --reset` and tests, never for application code.
 */
export async function truncateAll(db: Db): Promise<void> {
  const list = ALL_TABLES.map((t) => `"${t}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
}
