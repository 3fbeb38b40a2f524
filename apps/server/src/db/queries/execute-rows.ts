import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/**
 * The rows of a raw SQL statement. Both drivers (node-postgres, PGlite) answer `execute` with
 * `{ rows }`, but the union of their types does not say so; the cast lives here, once.
 */
export async function executeRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
