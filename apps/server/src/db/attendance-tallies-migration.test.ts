import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from './schema';
import { buildRecordHistory } from '../testing/record-fixture';
import { freshTallyRows, tallyRows } from '../testing/tally-fixture';

// A database that already holds a term of marks when a migration arrives: migration 0008 must fill
// the tally from them (its backfill), and the triggers keep it from then on; migration 0014 must
// date the departures of students already deactivated and drop the absent rows the old session
// start gave them (record-0004).

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const BEFORE_TALLIES = '0007_attendance_tallies_table';
const BEFORE_DEPARTURES = '0014_student_departures';

/** A copy of the migrations folder that stops before the migration tagged `before`. */
async function migrationsBefore(dir: string, before: string): Promise<string> {
  const folder = path.join(dir, 'migrations');
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((e) => e.tag === before);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * Today's schema writes the columns of migrations after 0008 (lectures.session_seed, the
 * institution's presence settings, …): stands each one missing from the database in, nullable with
 * its type, so the old data can be written with today's code; returns what takes them away again
 * before the real migrations add them.
 */
async function standInLaterColumns(client: PGlite): Promise<() => Promise<void>> {
  const present = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  const have = new Set(present.rows.map((r) => `${r.table_name}.${r.column_name}`));
  const added: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    const name = getTableName(table);
    if (!present.rows.some((r) => r.table_name === name)) continue;
    for (const column of getTableConfig(table).columns) {
      if (have.has(`${name}.${column.name}`)) continue;
      // A not-null column gets a value of its type, as the migration's own default would give it.
      const fill = column.notNull ? ` not null default ${standInValue(column.getSQLType())}` : '';
      await client.exec(`alter table "${name}" add column "${column.name}" ${column.getSQLType()}${fill}`);
      added.push(`alter table "${name}" drop column "${column.name}"`);
    }
  }
  return async () => {
    for (const drop of added) await client.exec(drop);
  };
}

function standInValue(sqlType: string): string {
  if (sqlType === 'boolean') return 'false';
  if (/int|numeric|real|double/.test(sqlType)) return '0';
  return "'stand-in'";
}

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup) await step();
});

/**
 * A database migrated up to (not including) the migration tagged `before`, holding the record
 * history written with today's code: the columns of later migrations are stood in while it is
 * written and taken away before the real migrations run.
 */
async function historyBefore(before: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-migration-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  const client = new PGlite();
  cleanup.push(() => client.close());
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: await migrationsBefore(dir, before) });
  const takeAway = await standInLaterColumns(client);
  const w = await buildRecordHistory(db);
  await takeAway();
  return { client, db, w };
}

describe('migration 0008 (attendance tallies)', () => {
  it('backfills the tally from the marks already there', async () => {
    const { db, w } = await historyBefore(BEFORE_TALLIES);

    await migrate(db, { migrationsFolder });
    const backfilled = await tallyRows(db);
    // a1 and a2 in IS theory, a1 in the lab, b1, b2 and a1 in CD theory (the never-started
    // session counts nowhere).
    expect(backfilled).toHaveLength(6);
    expect(backfilled).toEqual(await freshTallyRows(db));
    expect(backfilled).toContainEqual({
      studentId: w.students.a1.student.id,
      lectureKey: w.lectures.isTheory.id,
      marks: 3,
      present: 2,
      excused: 1,
    });
  });
});

describe('migration 0014 (student departures)', () => {
  it('dates a deactivated student’s departure and drops only the rows the old session start gave them', async () => {
    const { client, db, w } = await historyBefore(BEFORE_DEPARTURES);
    // A2 was deactivated on Tuesday 27 October (IST); the old code then gave A2 an absent row at the
    // start of the 2 November session. A2's 19 October absence and 26 October presence are theirs.
    const a2 = w.students.a2;
    await client.query(`update profiles set is_active = false where id = $1`, [a2.profile.id]);
    await client.query(
      `insert into audit_log (institution_id, action, entity_type, entity_slug, created_at) values ($1, 'person.deactivate', 'person', $2, $3)`,
      [w.world.institutionId, a2.profile.slug, '2026-10-27T11:00:00+05:30'],
    );
    const session = await client.query<{ id: number }>(
      `select id from lecture_sessions where lecture_id = $1 and day = '2026-11-02'`,
      [w.lectures.isTheory.id],
    );
    await client.query(`insert into attendances (slug, session_id, student_id) values ('bug-row', $1, $2)`, [
      session.rows[0]?.id,
      a2.student.id,
    ]);
    const rowsOfA2 = async () =>
      (
        await client.query<{ day: string; is_present: boolean }>(
          `select to_char(ls.day, 'YYYY-MM-DD') as day, a.is_present from attendances a
           join lecture_sessions ls on ls.id = a.session_id where a.student_id = $1 order by ls.day`,
          [a2.student.id],
        )
      ).rows;
    expect(await rowsOfA2()).toHaveLength(3);

    await migrate(db, { migrationsFolder });
    const departures = await client.query<{ left_on: string; returned_on: string | null }>(
      `select to_char(left_on, 'YYYY-MM-DD') as left_on, returned_on from student_departures where student_id = $1`,
      [a2.student.id],
    );
    expect(departures.rows).toEqual([{ left_on: '2026-10-27', returned_on: null }]);
    expect(await rowsOfA2()).toEqual([
      { day: '2026-10-19', is_present: false },
      { day: '2026-10-26', is_present: true },
    ]);
    // The tally followed the deletion (its triggers).
    expect(await tallyRows(db)).toEqual(await freshTallyRows(db));
    // Active students keep every row, absent ones included.
    const a1Rows = await client.query(`select 1 from attendances where student_id = $1`, [
      w.students.a1.student.id,
    ]);
    expect(a1Rows.rows.length).toBeGreaterThanOrEqual(5);
  });
});
