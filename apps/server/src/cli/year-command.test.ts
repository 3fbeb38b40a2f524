import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AcademicYearPreviewSchema } from '@rollbook/contract';
import { auditLog, semesters, students } from '../db/schema';
import { buildYearWorld, type YearWorld } from '../modules/academic-year/testing/year-fixture';
import { useTestApp } from '../testing/test-app';
import { runYearCommand } from './year-command';

describe('rollbook year open', () => {
  const t = useTestApp();
  let w: YearWorld;
  beforeEach(async () => {
    w = await buildYearWorld(t.db);
  });

  /** Runs the command on the test database, capturing what it prints. */
  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runYearCommand(argv, { stdout: (s) => out.push(s), stderr: (s) => err.push(s) }, () =>
      Promise.resolve({ db: t.db, close: () => Promise.resolve() }),
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  const rows = async () => ({
    semesters: await t.db.select().from(semesters).orderBy(asc(semesters.id)),
    students: await t.db.select().from(students).orderBy(asc(students.id)),
  });

  it('previews in words with --dry-run, by code in any letter case, changing nothing', async () => {
    const before = await rows();
    const res = await run('open', '--institution', w.institution.code.toLowerCase(), '--dry-run');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      `${w.institution.name} (${w.institution.code}): academic year 2026-27 → 2027-28`,
    );
    expect(res.stdout).toContain('  BE Computer Engineering (07) semester 6: no dates yet');
    expect(res.stdout).toContain('  BE Computer Engineering (07) semester 8: 2028-01-05 to 2028-05-30');
    expect(res.stdout).toContain('Students: 4 move up one semester, 2 graduate');
    expect(res.stdout).toContain(
      '  BE Computer Engineering (07): 2 move from semester 5 to 6; 2 move from semester 7 to 8; 0 graduate (final semester 8)',
    );
    expect(res.stdout).toContain('  ME Computer Engineering (07): 2 graduate (final semester 3)');
    expect(res.stdout).toMatch(/Dry run: nothing was changed\.\n$/);
    expect(await rows()).toEqual(before);
  });

  it('prints one JSON object with --json', async () => {
    const dry = await run('open', '--institution', w.institution.code, '--dry-run', '--json');
    expect(dry.code).toBe(0);
    const parsed = JSON.parse(dry.stdout) as { applied: boolean; preview: unknown };
    expect(parsed.applied).toBe(false);
    expect(AcademicYearPreviewSchema.parse(parsed.preview)).toMatchObject({
      current_year: '2026-27',
      next_year: '2027-28',
      totals: { moving_up: 4, graduating: 2 },
    });

    const applied = await run('open', '--institution', w.institution.code, '--json');
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({
      applied: true,
      result: { opened_year: '2027-28', students_moved_up: 4, students_graduated: 2 },
    });
  });

  it('opens the year, audited as the command, and with --year refuses to open it again (exit 1)', async () => {
    const res = await run('open', '--institution', w.institution.code, '--year', '2027-28');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /Opened 2027-28 \(closed 2026-27\): 5 semesters opened, 3 closed, 4 students moved up, 2 graduated\.\n$/,
    );
    const [moved] = await t.db
      .select({ no: semesters.no, year: semesters.academicYear })
      .from(students)
      .innerJoin(semesters, eq(semesters.id, students.semesterId))
      .where(eq(students.id, w.students.be5[0]!.student.id));
    expect(moved).toEqual({ no: 6, year: '2027-28' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'academic_year.open'));
    expect(entry).toMatchObject({
      actorProfileId: null,
      detail: expect.objectContaining({ via: 'command' }) as unknown,
    });

    const after = await rows();
    const again = await run('open', '--institution', w.institution.code, '--year', '2027-28', '--json');
    expect(again.code).toBe(1);
    expect(await run('open', '--institution', w.institution.code, '--year', '2027-28', '--dry-run')).toEqual({
      code: 1,
      stdout: '',
      stderr: '2027-28 is already the current academic year: it was opened already, nothing was changed\n',
    });
    expect(again.stderr).toBe(
      '2027-28 is already the current academic year: it was opened already, nothing was changed\n',
    );
    expect(JSON.parse(again.stdout)).toEqual({
      applied: false,
      error: '2027-28 is already the current academic year: it was opened already, nothing was changed',
    });
    expect(await rows()).toEqual(after);
  });

  it('says what is wrong, with a non-zero exit: unknown code, bad usage, blockers', async () => {
    const unknown = await run('open', '--institution', 'NOPE');
    expect(unknown).toMatchObject({ code: 1, stderr: 'No institution has the code NOPE\n' });
    for (const argv of [
      [],
      ['close'],
      ['open'],
      ['open', '--institution', 'X', '--year', '2027'],
      ['open', '--bogus'],
    ]) {
      const res = await run(...argv);
      expect(res.code, argv.join(' ')).toBe(2);
      expect(res.stderr).toContain('Usage: npm run rollbook -- year open');
    }
    await t.db.update(semesters).set({ isActive: false });
    const blocked = await run('open', '--institution', w.institution.code);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toBe(
      'The new academic year cannot be opened: There are no active semesters of 2026-27 to close\n',
    );
    const help = await run('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('--dry-run');
  });
});

describe('npm run rollbook -- year open (the entry)', () => {
  it('runs on the configured database and exits non-zero with the reason', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-year-cli-'));
    try {
      const entry = path.join(import.meta.dirname, 'rollbook.ts');
      // The embedded database in a fresh folder, whatever the shell running the tests points at.
      const { DATABASE_URL: _url, ...env } = process.env;
      const failure = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', entry, 'year', 'open', '--institution', 'NOPE'],
        { env: { ...env, DATA_DIR: dataDir } },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
      expect(failure).toEqual({ code: 1, stderr: 'No institution has the code NOPE\n' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
