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

// A database that already holds a term of marks when the tally arrives: migration 0008 must fill
// the tally from them (its backfill), and the triggers keep it from then on.

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const BEFORE_TALLIES = '0007_attendance_tallies_table';

/** A copy of the migrations folder that stops before the tally table. */
async function migrationsBeforeTallies(dir: string): Promise<string> {
  const folder = path.join(dir, 'migrations');
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((e) => e.tag === BEFORE_TALLIES);
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

describe('migration 0008 (attendance tallies)', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  it('backfills the tally from the marks already there', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-backfill-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const client = new PGlite();
    cleanup.push(() => client.close());
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: await migrationsBeforeTallies(dir) });
    // Today's schema writes columns of later migrations: stand them in while the old data is
    // written, and take them away before the real migrations run.
    const takeAway = await standInLaterColumns(client);
    const w = await buildRecordHistory(db);
    await takeAway();

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
