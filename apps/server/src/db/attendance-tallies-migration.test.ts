import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
    // Today's schema writes columns of later migrations (lectures.session_seed, 0009): stand one in
    // while the old data is written, and take it away before the real migrations run.
    await client.exec(`alter table lectures add column session_seed text not null default 'stand-in'`);
    const w = await buildRecordHistory(db);
    await client.exec('alter table lectures drop column session_seed');

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
