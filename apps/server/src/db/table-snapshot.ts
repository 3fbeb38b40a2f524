import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { ALL_TABLES } from './reset';

/**
 * A copy of every table's rows and every sequence's position, kept in a schema of its own and put
 * back in one transaction. For the browser suite, which resets the database to the demo before
 * each of its tests: building the demo (the workbook import, timetables, allocation, past weeks of
 * attendance) costs the server seconds of CPU, putting a copy back a small fraction of that.
 *
 * Like TRUNCATE, the restore fires no row trigger (the audit log's rows come from the copy) and
 * checks no foreign key while rows come and go: `session_replication_role = replica`, which needs a
 * superuser, as PGlite and the test databases have. Any other role gets SQLSTATE 42501
 * (`isInsufficientPrivilege`), and the caller builds the data again instead.
 */
const SNAPSHOT_SCHEMA = 'rollbook_snapshot';
const SEQUENCES_TABLE = `${SNAPSHOT_SCHEMA}."__sequences"`;

const copyOf = (table: string) => `${SNAPSHOT_SCHEMA}."${table}"`;

/** Replaces the copy with the tables as they are now. */
export async function saveTableSnapshot(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`drop schema if exists ${SNAPSHOT_SCHEMA} cascade`));
    await tx.execute(sql.raw(`create schema ${SNAPSHOT_SCHEMA}`));
    for (const table of ALL_TABLES)
      await tx.execute(sql.raw(`create table ${copyOf(table)} as table public."${table}"`));
    await tx.execute(
      sql.raw(`create table ${SEQUENCES_TABLE} as
        select schemaname, sequencename, start_value, last_value from pg_sequences where schemaname = 'public'`),
    );
  });
}

/**
 * Puts every table back as the last `saveTableSnapshot` found it, identities included (the next
 * row gets the id it would have got then). Throws when there is no copy.
 */
export async function restoreTableSnapshot(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // Every table locked first, as TRUNCATE locks them: a writer already running finishes before the
    // rows go (its rows go with them), a later one waits for the copy and takes ids after it. Without
    // the locks a row inserted meanwhile outlived the restore with an id the sequences then gave
    // out again. In the order of ALL_TABLES, like any other reset.
    await tx.execute(
      sql.raw(`lock table ${ALL_TABLES.map((t) => `public."${t}"`).join(', ')} in access exclusive mode`),
    );
    // One statement each (data-modifying CTEs): PGlite's extended protocol takes one per call.
    // Deleting and inserting a table's rows in one statement could meet the old rows' keys.
    const deletes = ALL_TABLES.map((table, i) => `d${i} as (delete from public."${table}")`).join(', ');
    await tx.execute(sql.raw(`with ${deletes} select 1`));
    const inserts = ALL_TABLES.map(
      (table, i) =>
        `i${i} as (insert into public."${table}" overriding system value select * from ${copyOf(table)})`,
    ).join(', ');
    await tx.execute(sql.raw(`with ${inserts} select 1`));
    await tx.execute(
      sql.raw(`select setval(format('%I.%I', schemaname, sequencename)::regclass,
          coalesce(last_value, start_value), last_value is not null)
        from ${SEQUENCES_TABLE}`),
    );
  });
}

/** Removes the copy (a test that made one on a shared database). */
export async function dropTableSnapshot(db: Db): Promise<void> {
  await db.execute(sql.raw(`drop schema if exists ${SNAPSHOT_SCHEMA} cascade`));
}
