import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ALL_TABLES } from '../db/reset';

/** Every table's rows as JSON text in a fixed order ('' for an empty table): for comparing whole databases. */
export async function everyRowAsText(db: Db): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  for (const table of ALL_TABLES) {
    const result: unknown = await db.execute(
      sql.raw(`select coalesce(json_agg(x order by x::text)::text, '') as rows from public."${table}" x`),
    );
    rows[table] = (result as { rows: Array<{ rows: string }> }).rows[0]!.rows;
  }
  return rows;
}
