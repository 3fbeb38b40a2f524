import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ALL_TABLES, truncateAll } from '../db/reset';
import { isInsufficientPrivilege } from '../db/errors';

/**
 * Before each test: every table empty and every identity restarted, as `truncateAll` leaves them,
 * at a fraction of its cost. TRUNCATE gives each of the ~47 tables (and their indexes) new files:
 * medians of 198 ms (PostgreSQL) and 104 ms (PGlite) per reset at load 7, against 16 and 24 ms
 * for deleting the few rows a test wrote (bench/ci/RESULTS.md), some 700 times a server suite.
 * As with TRUNCATE, no row trigger (audit log, attendance tallies) and no foreign-key check runs:
 * `session_replication_role = replica` turns them off for the transaction. That needs a superuser,
 * as PGlite and the test databases have; any other role gets `truncateAll`.
 */
export async function emptyAllTables(db: Db): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      // One statement (data-modifying CTEs): PGlite's extended protocol takes one statement per call.
      const deletes = ALL_TABLES.map((table, i) => `d${i} as (delete from "${table}")`).join(', ');
      await tx.execute(sql.raw(`with ${deletes} select 1`));
      await tx.execute(sql`
        select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
        from pg_sequences
        where schemaname = 'public' and last_value is not null`);
    });
  } catch (err) {
    if (!isInsufficientPrivilege(err)) throw err;
    await truncateAll(db);
  }
}
