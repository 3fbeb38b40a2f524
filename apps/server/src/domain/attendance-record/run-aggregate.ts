import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type Row = Record<string, unknown>;

/**
 * Runs one aggregate of the record in its own transaction with settings fit for it: no JIT
 * compilation (on two million marks it cost seconds of compile time for a query that runs in far
 * less), enough sort memory that grouping 100,000 student × lecture pairs stays in memory, and no
 * merge joins: the record's CTEs carry no statistics, so the planner took each lecture to match
 * hundreds of rows and sorted 100,000 student × lecture rows twice to merge them, where hash joins
 * took 30 % less time (bench/attendance-report, 2026-11-25).
 * Both drivers answer `execute` with `{ rows }`.
 */
export async function runAggregate(db: Db, query: SQL): Promise<Row[]> {
  const result: unknown = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local enable_mergejoin = off`);
    return tx.execute(query);
  });
  return (result as { rows: Row[] }).rows;
}
