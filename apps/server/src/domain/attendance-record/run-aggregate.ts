import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type Row = Record<string, unknown>;

/**
 * Runs one aggregate of the record in its own transaction with settings fit for it: no JIT
 * compilation (on two million marks it cost seconds of compile time for a query that runs in far
 * less) and enough sort memory that grouping 100,000 student × lecture pairs stays in memory.
 * Both drivers answer `execute` with `{ rows }`.
 */
export async function runAggregate(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(query);
  });
  return (result as { rows: Row[] }).rows;
}
