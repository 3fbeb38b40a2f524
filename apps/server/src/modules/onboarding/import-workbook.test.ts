import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { deflateRawSync } from 'node:zlib';
import {
  academicTerms,
  auditLog,
  authChallenges,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  divisionStudents,
  divisions,
  profiles,
  semesters,
  streams,
  students,
  teacherBranches,
  teachers,
} from '../../db/schema';
import * as schema from '../../db/schema';
import type { Db } from '../../db/client';
import { verifyPassword } from '../../lib/passwords';
import { buildInstitution, buildProfile } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { importWorkbook } from './import-workbook';
import {
  csvFiles,
  sampleWorkbook,
  subjectRow,
  withCell,
  xlsxFile,
  type SheetRows,
} from './testing/workbook-files';

const t = useTestApp();

async function run(institutionId: number, sheets: SheetRows, dryRun = false) {
  return importWorkbook(t.db, [await xlsxFile(sheets)], { institutionId, actorProfileId: null, dryRun });
}

async function rowCounts() {
  const n = async (table: Parameters<typeof t.db.select>[0] extends never ? never : any) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    branches: await n(branches),
    streams: await n(streams),
    semesters: await n(semesters),
    classrooms: await n(classrooms),
    subjects: await n(catalogueSubjects),
    teachers: await n(teachers),
    students: await n(students),
    profiles: await n(profiles),
  };
}

const allCreated = {
  Branches: { created: 2, updated: 0, unchanged: 0 },
  Streams: { created: 2, updated: 0, unchanged: 0 },
  Semesters: { created: 2, updated: 0, unchanged: 0 },
  Classrooms: { created: 2, updated: 0, unchanged: 0 },
  Subjects: { created: 2, updated: 0, unchanged: 0 },
  Teachers: { created: 2, updated: 0, unchanged: 0 },
  Students: { created: 3, updated: 0, unchanged: 0 },
};

describe('importing an institution workbook', () => {
  it('creates every row of a clean workbook in one go, people without a usable password', async () => {
    const institution = await buildInstitution(t.db);
    const result = await run(institution.id, sampleWorkbook());

    expect(result.problems).toEqual([]);
    expect(result.applied).toBe(true);
    expect(result.sheets).toEqual(allCreated);
    expect(result.createdProfileIds).toHaveLength(5);
    expect(await rowCounts()).toEqual({
      branches: 2,
      streams: 2,
      semesters: 2,
      classrooms: 2,
      subjects: 2,
      teachers: 2,
      students: 3,
      profiles: 5,
    });

    const [asha] = await t.db.select().from(profiles).where(eq(profiles.email, 'asha.mehta@college.example'));
    expect(asha).toMatchObject({ role: 'teacher', name: 'Asha K. Mehta', institutionId: institution.id });
    expect(await verifyPassword(asha!.passwordHash, '')).toBe(false);
    expect(asha!.passwordHash).not.toMatch(/^\$argon2/);

    // Ravi teaches in 16 first (his home branch), then 07.
    const [ravi] = await t.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(eq(teachers.teacherCode, 'RPS'));
    const raviBranches = await t.db
      .select({ code: branches.code, ordering: teacherBranches.ordering })
      .from(teacherBranches)
      .innerJoin(branches, eq(branches.id, teacherBranches.branchId))
      .where(eq(teacherBranches.teacherId, ravi!.id))
      .orderBy(teacherBranches.ordering);
    expect(raviBranches.map((b) => b.code)).toEqual(['16', '07']);

    // An empty branch list gives the room to every branch; LAB201 is 07's only.
    const links = await t.db
      .select({ room: classrooms.name, code: branches.code })
      .from(classroomBranches)
      .innerJoin(classrooms, eq(classrooms.id, classroomBranches.classroomId))
      .innerJoin(branches, eq(branches.id, classroomBranches.branchId));
    expect(links.map((l) => `${l.room}:${l.code}`).sort()).toEqual(['LAB201:07', 'LH101:07', 'LH101:16']);
    const [lab] = await t.db.select().from(classrooms).where(eq(classrooms.name, 'LAB201'));
    expect(lab).toMatchObject({ kind: 'lab', radiusM: 100, capacity: 40, latitude: 23.0341 });

    const [ada] = await t.db
      .select()
      .from(catalogueSubjects)
      .where(eq(catalogueSubjects.subjectCode, '3150703'));
    expect(ada).toMatchObject({
      degree: 'BE',
      streamCode: '07',
      semYear: 5,
      credit: '4.0',
      totalMarks: 150,
      isTheory: true,
      isPractical: false,
      effFrom: '2027-28',
    });

    const [riya] = await t.db
      .select({ semesterNo: semesters.no, year: semesters.academicYear, term: academicTerms.startYear })
      .from(students)
      .innerJoin(semesters, eq(semesters.id, students.semesterId))
      .innerJoin(academicTerms, eq(academicTerms.id, semesters.termId))
      .where(eq(students.enrollment, '270280107001'));
    expect(riya).toEqual({ semesterNo: 5, year: '2027-28', term: 2027 });

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'institution.workbook_import'));
    expect(audits).toHaveLength(1);
  });

  it('reads a folder of .csv files named after the sheets the same way', async () => {
    const institution = await buildInstitution(t.db);
    const result = await importWorkbook(t.db, csvFiles(sampleWorkbook()), {
      institutionId: institution.id,
      actorProfileId: null,
      dryRun: false,
    });
    expect(result.problems).toEqual([]);
    expect(result.sheets).toEqual(allCreated);
  });

  it('changes nothing when the same workbook is imported again: every row unchanged', async () => {
    const institution = await buildInstitution(t.db);
    await run(institution.id, sampleWorkbook());
    const before = await rowCounts();

    const again = await run(institution.id, sampleWorkbook());

    expect(again.problems).toEqual([]);
    for (const counts of Object.values(again.sheets)) expect(counts.created + counts.updated).toBe(0);
    expect(again.sheets.Students).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(again.createdProfileIds).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('updates rows found by their key (any case) and leaves the others unchanged', async () => {
    const institution = await buildInstitution(t.db);
    await run(institution.id, sampleWorkbook());
    let next = withCell(sampleWorkbook(), 'Branches', 1, 'branch_name', 'Computer Science and Engineering');
    next = withCell(next, 'Students', 2, 'name', 'Kabir R. Shah');
    next = withCell(next, 'Teachers', 1, 'email', 'ASHA.MEHTA@college.example');
    next = withCell(next, 'Teachers', 1, 'max_weekly_hours', '12');
    next = withCell(next, 'Classrooms', 1, 'name', 'lh101');
    next = withCell(next, 'Classrooms', 1, 'capacity', '90');

    const result = await run(institution.id, next);

    expect(result.problems).toEqual([]);
    expect(result.sheets.Branches).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(result.sheets.Students).toEqual({ created: 0, updated: 1, unchanged: 2 });
    expect(result.sheets.Teachers).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(result.sheets.Classrooms).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(result.sheets.Subjects).toEqual({ created: 0, updated: 0, unchanged: 2 });
    const names = await t.db.select({ name: branches.name }).from(branches).where(eq(branches.code, '07'));
    expect(names).toEqual([{ name: 'Computer Science and Engineering' }]);
    const [kabir] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'kabir@students.college.example'));
    expect(kabir?.name).toBe('Kabir R. Shah');
    const [room] = await t.db.select().from(classrooms).where(eq(classrooms.name, 'LH101'));
    expect(room?.capacity).toBe(90);
    expect((await rowCounts()).classrooms).toBe(2);
    const [asha] = await t.db.select().from(teachers).where(eq(teachers.teacherCode, 'AKM'));
    expect(asha?.maxWeeklyHours).toBe(12);
  });

  it('ends the open invitation of a person whose email the sheet corrects, and only theirs', async () => {
    const institution = await buildInstitution(t.db);
    await run(institution.id, sampleWorkbook());
    const people = await t.db.select({ id: profiles.id, email: profiles.email }).from(profiles);
    const kabir = people.find((p) => p.email === 'kabir@students.college.example')!;
    const other = people.find((p) => p.id !== kabir.id)!;
    const expiresAt = new Date(Date.now() + 86_400_000);
    await t.db.insert(authChallenges).values([
      { profileId: kabir.id, purpose: 'invitation', secretHash: 'kabir-invitation', expiresAt },
      { profileId: other.id, purpose: 'invitation', secretHash: 'other-invitation', expiresAt },
    ]);
    const fixed = withCell(sampleWorkbook(), 'Students', 2, 'email', 'kabir.shah@students.college.example');
    expect((await run(institution.id, fixed)).problems).toEqual([]);
    const open = await t.db.select({ hash: authChallenges.secretHash }).from(authChallenges);
    expect(open.map((c) => c.hash)).toEqual(['other-invitation']);
  });

  it('resolves a student semester that already exists in Rollbook (a workbook of students only)', async () => {
    const institution = await buildInstitution(t.db);
    const { Branches, Streams, Semesters } = sampleWorkbook();
    await run(institution.id, { Branches: Branches!, Streams: Streams!, Semesters: Semesters! });

    const result = await run(institution.id, { Students: sampleWorkbook().Students! });

    expect(result.problems).toEqual([]);
    expect(result.sheets.Students).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(result.sheets.Branches).toEqual({ created: 0, updated: 0, unchanged: 0 });
  });

  it('imports two uploads of one workbook at once without duplicating: the second finds the rows of the first', async () => {
    const institution = await buildInstitution(t.db);
    const [a, b] = await Promise.all([
      run(institution.id, sampleWorkbook()),
      run(institution.id, sampleWorkbook()),
    ]);

    expect([a.problems, b.problems]).toEqual([[], []]);
    const created = [a, b].map((r) => r.sheets.Students.created).sort();
    expect(created).toEqual([0, 3]);
    expect(await rowCounts()).toMatchObject({ branches: 2, students: 3, profiles: 5 });
  });

  it('checks without writing on a dry run, with the counts the import would have', async () => {
    const institution = await buildInstitution(t.db);
    const result = await run(institution.id, sampleWorkbook(), true);
    expect(result).toMatchObject({ applied: false, problems: [], sheets: allCreated });
    expect((await rowCounts()).branches).toBe(0);
  });
});

// Another import committing in the middle of this one's first check, on connections of their own
// (PGlite has one connection: nothing interleaves there).
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('an import checking while another commits (PostgreSQL)', () => {
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    for (const pool of pools.splice(0)) await pool.end();
  });

  /**
   * A database whose connections run `meanwhile` once, when the first statement matching `after`
   * has been answered and before its caller sees the answer: a commit placed between two statements,
   * every time, without timing.
   */
  function pausingAfter(after: RegExp, meanwhile: () => Promise<void>): Db {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    let done = false;
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const config = args[0] as { text?: unknown } | string;
        const text = typeof config === 'string' ? config : config.text;
        if (done || typeof text !== 'string' || !after.test(text)) return query(...args);
        done = true;
        // Statements in a transaction come with a promise, the pool's own (`pool.query`) with a callback.
        const last = args.at(-1);
        if (typeof last === 'function') {
          const answer = last as (...results: unknown[]) => void;
          return query(...args.slice(0, -1), (...results: unknown[]) => {
            void meanwhile().finally(() => answer(...results));
          });
        }
        return (query(...args) as Promise<unknown>).then(async (answer) => {
          await meanwhile();
          return answer;
        });
      };
    });
    return drizzle(pool, { schema });
  }

  it('reads the institution in one snapshot: a commit after its teachers are read is not half seen', async () => {
    const institution = await buildInstitution(t.db);
    let other: Awaited<ReturnType<typeof run>> | undefined;
    // The other upload of the same workbook commits right after this one has read the teachers and
    // before it reads who holds the workbook's emails. Read statement by statement, this one then
    // saw the other's teachers' emails without the teachers and reported each email as "already
    // belonging to a teacher" (the race CI once caught).
    const db = pausingAfter(/from "teachers"/, async () => {
      other = await run(institution.id, sampleWorkbook());
    });
    const result = await importWorkbook(db, [await xlsxFile(sampleWorkbook())], {
      institutionId: institution.id,
      actorProfileId: null,
      dryRun: false,
    });

    expect(other?.problems).toEqual([]);
    expect(other?.sheets.Teachers.created).toBe(2);
    expect(result.problems).toEqual([]);
    expect(result.sheets.Teachers).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await rowCounts()).toMatchObject({ teachers: 2, students: 3, profiles: 5 });
  });
});

describe('a workbook with problems', () => {
  it('lists a bad row of every sheet with sheet, row and column, and writes nothing', async () => {
    const institution = await buildInstitution(t.db);
    let bad = withCell(sampleWorkbook(), 'Branches', 2, 'branch_name', '');
    bad = withCell(bad, 'Streams', 2, 'title', '');
    bad = withCell(bad, 'Semesters', 1, 'end_date', '2027-06-31');
    bad = withCell(bad, 'Classrooms', 1, 'latitude', '123.5');
    bad = withCell(bad, 'Subjects', 2, 'stream_code', '42');
    bad = withCell(bad, 'Teachers', 2, 'branch_codes', '07, XX');
    bad = withCell(bad, 'Students', 3, 'email', 'not-an-email');

    const result = await run(institution.id, bad);

    expect(result.applied).toBe(false);
    expect(result.problems.map((p) => [p.sheet, p.row, p.column])).toEqual([
      ['Branches', 3, 'branch_name'],
      ['Streams', 3, 'title'],
      ['Semesters', 2, 'end_date'],
      ['Classrooms', 2, 'latitude'],
      ['Subjects', 3, 'stream_code'],
      ['Teachers', 3, 'branch_codes'],
      ['Students', 4, 'email'],
    ]);
    expect(result.problems[1]!.message).toBe('is empty; a value is required');
    expect(result.problems[2]!.message).toBe(
      '"2027-06-31" is not a date; expected YYYY-MM-DD, e.g. 2027-07-01',
    );
    expect(result.problems[3]!.message).toMatch(/expected decimal degrees from -90 to 90/);
    expect(result.problems[5]!.message).toMatch(/"XX" is not a branch code/);
    expect(await rowCounts()).toEqual({
      branches: 0,
      streams: 0,
      semesters: 0,
      classrooms: 0,
      subjects: 0,
      teachers: 0,
      students: 0,
      profiles: 0,
    });
  });

  it('reports a reference to an unknown code, with a hint when Excel dropped a leading zero', async () => {
    const institution = await buildInstitution(t.db);
    const bad = withCell(sampleWorkbook(), 'Semesters', 2, 'semester', 'five');
    const withoutZero = withCell(bad, 'Teachers', 1, 'branch_codes', '7');

    const result = await run(institution.id, withoutZero);

    expect(result.problems).toEqual([
      {
        sheet: 'Semesters',
        row: 3,
        column: 'semester',
        message: '"five" is not allowed; expected a whole number from 1 to 12',
      },
      {
        sheet: 'Teachers',
        row: 2,
        column: 'branch_codes',
        message:
          '"7" is not a branch code of the Branches sheet or of Rollbook (if it had a leading zero, format the column as Text in Excel)',
      },
      {
        sheet: 'Students',
        row: 4,
        column: 'semester',
        message: 'semester 3 of 2027-28 (branch 16, stream 16) is not in the Semesters sheet or in Rollbook',
      },
    ]);
  });

  it('refuses repeated keys in a sheet and an email given to two people', async () => {
    const institution = await buildInstitution(t.db);
    const sheets = sampleWorkbook();
    sheets.Branches!.push(['07', 'Computer Engineering again']);
    sheets.Students!.push(['270280107003', 'Asha Twin', 'asha.mehta@college.example', '07', '', '', '']);

    const result = await run(institution.id, sheets);

    expect(result.problems).toEqual([
      {
        sheet: 'Branches',
        row: 4,
        column: 'branch_code',
        message: 'repeats the branch_code of row 2; each branch_code may appear once',
      },
      {
        sheet: 'Students',
        row: 5,
        column: 'email',
        message:
          'asha.mehta@college.example is also the email of Teachers row 2; every person needs their own email',
      },
    ]);
    expect((await rowCounts()).profiles).toBe(0);
  });

  it('refuses an email someone of another institution signs in with', async () => {
    const institution = await buildInstitution(t.db);
    await buildProfile(t.db, { role: 'teacher', email: 'riya@students.college.example' });
    const result = await run(institution.id, sampleWorkbook());
    expect(result.problems).toEqual([
      expect.objectContaining({
        sheet: 'Students',
        row: 2,
        column: 'email',
        message: expect.stringMatching(/already belongs to an account of another institution/),
      }),
    ]);
  });

  it('refuses an email the sign-in page would not take, and keeps a name as typed once', async () => {
    const institution = await buildInstitution(t.db);
    let sheets = withCell(sampleWorkbook(), 'Teachers', 1, 'email', 'asha\u200b@college.example');
    sheets = withCell(sheets, 'Students', 1, 'email', 'नाम@college.example');
    // The People page's formula guard too: a cell starting = + - @ is never an address.
    sheets = withCell(sheets, 'Students', 2, 'email', '-kabir@students.college.example');
    const refused = await run(institution.id, sheets);
    expect(refused.problems).toEqual([
      expect.objectContaining({
        sheet: 'Teachers',
        column: 'email',
        message: expect.stringMatching(/is not an email address/),
      }),
      expect.objectContaining({
        sheet: 'Students',
        column: 'email',
        message: expect.stringMatching(/is not an email address/),
      }),
      expect.objectContaining({ sheet: 'Students', row: 3, column: 'email' }),
    ]);
    expect((await rowCounts()).profiles).toBe(0);

    const spaced = withCell(sampleWorkbook(), 'Students', 1, 'name', '  Riya \t  Patel ');
    expect((await run(institution.id, spaced)).problems).toEqual([]);
    const [riya] = await t.db
      .select({ name: profiles.name })
      .from(profiles)
      .where(eq(profiles.email, 'riya@students.college.example'));
    expect(riya?.name).toBe('Riya Patel');
    // The same row with other spacing changes nothing.
    expect((await run(institution.id, sampleWorkbook())).sheets.Students).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
  });

  it('refuses formula cells, a missing required column and an empty sheet', async () => {
    const institution = await buildInstitution(t.db);
    const sheets = withCell(sampleWorkbook(), 'Classrooms', 1, 'capacity', '=40*2');
    sheets.Streams = sheets.Streams!.map((r) => r.slice(0, 2));
    sheets.Teachers = [sheets.Teachers![0]!];

    const result = await run(institution.id, sheets);

    expect(result.problems.map((p) => [p.sheet, p.row, p.column, p.message])).toEqual(
      expect.arrayContaining([
        ['Streams', 1, 'title', 'The header has no "title" column; it is required'],
        [
          'Classrooms',
          2,
          'capacity',
          'holds a formula; expected a plain value (copy the cells and paste them as values)',
        ],
        ['Teachers', null, null, 'The sheet has a header but no rows; add rows or leave the sheet out'],
      ]),
    );
    expect((await rowCounts()).branches).toBe(0);
  });

  it('accepts headers in any case and spacing, and ignores extra columns and sheets', async () => {
    const institution = await buildInstitution(t.db);
    const sheets = sampleWorkbook();
    sheets.Branches = [
      ['  Branch Code ', 'BRANCH_NAME', 'notes'],
      ['07', 'Computer Engineering', 'hello'],
    ];
    const result = await run(institution.id, { Branches: sheets.Branches, 'My notes': [['anything']] });
    expect(result.problems).toEqual([]);
    expect(result.sheets.Branches.created).toBe(1);
  });
});

describe('keys and references', () => {
  it('refuses a teacher code or an email another person already has', async () => {
    const institution = await buildInstitution(t.db);
    await run(institution.id, sampleWorkbook());
    const sheets = sampleWorkbook();
    sheets.Teachers!.push(['new.teacher@college.example', 'New Teacher', 'akm', '07', '']);
    sheets.Teachers!.push(['riya@students.college.example', 'Riya Teaching', 'RT', '07', '']);

    const result = await run(institution.id, sheets);

    expect(result.problems).toEqual([
      {
        sheet: 'Teachers',
        row: 4,
        column: 'teacher_code',
        message:
          'akm is already the code of asha.mehta@college.example; expected a code no other teacher has',
      },
      {
        sheet: 'Teachers',
        row: 5,
        column: 'email',
        message:
          'riya@students.college.example already belongs to a student; expected an email no one else signs in with',
      },
      {
        sheet: 'Students',
        row: 2,
        column: 'email',
        message:
          'riya@students.college.example is also the email of Teachers row 5; every person needs their own email',
      },
    ]);
  });

  it('tells a subject’s degree by its semester when BE and ME share a stream code', async () => {
    const institution = await buildInstitution(t.db);
    const sheets = sampleWorkbook();
    // The same stream code for both degrees, as some universities write it.
    sheets.Streams!.push(['16', '07', 'ME']);
    sheets.Semesters!.push(['16', '07', '1', '2027-28', '', '']);
    sheets.Subjects!.push(subjectRow(['3710701', 'Advanced Data Structures', 'ADS', '07', '1']));
    sheets.Subjects!.push(
      subjectRow(['3710799', 'Seminar', '', '07', '3'], 'Seminar', ['0', '0', '2', '1', '', '', '', '']),
    );

    const result = await run(institution.id, sheets);

    expect(result.problems).toEqual([
      {
        sheet: 'Subjects',
        row: 5,
        column: 'stream_code',
        message:
          'stream code 07 is used by BE and ME streams and none of them alone has a semester 3; add that semester to the Semesters sheet',
      },
    ]);
    const fixed = await run(institution.id, { ...sheets, Subjects: sheets.Subjects!.slice(0, 4) });
    expect(fixed.problems).toEqual([]);
    const rows = await t.db
      .select({ code: catalogueSubjects.subjectCode, degree: catalogueSubjects.degree })
      .from(catalogueSubjects);
    expect(Object.fromEntries(rows.map((r) => [r.code, r.degree]))).toEqual({
      '3150703': 'BE',
      '3130702': 'BE',
      '3710701': 'ME',
    });
  });

  it('keeps what a column left out of the sheet says, and moves a student to another semester', async () => {
    const institution = await buildInstitution(t.db);
    await run(institution.id, sampleWorkbook());
    const classroomsOnlyNames = sampleWorkbook().Classrooms!.map((r) => r.slice(0, 5));
    const studentsWithoutPlace = sampleWorkbook().Students!.map((r) => r.slice(0, 4));

    const kept = await run(institution.id, {
      Classrooms: classroomsOnlyNames,
      Students: studentsWithoutPlace,
    });

    expect(kept.problems).toEqual([]);
    expect(kept.sheets.Classrooms).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(kept.sheets.Students).toEqual({ created: 0, updated: 0, unchanged: 3 });

    const sheets = sampleWorkbook();
    sheets.Semesters!.push(['07', '07', '7', '2027-28', '', '']);
    const moved = await run(institution.id, withCell(sheets, 'Students', 1, 'semester', '7'));
    expect(moved.problems).toEqual([]);
    expect(moved.sheets.Semesters).toEqual({ created: 1, updated: 0, unchanged: 2 });
    expect(moved.sheets.Students).toEqual({ created: 0, updated: 1, unchanged: 2 });
    const [riya] = await t.db
      .select({ no: semesters.no })
      .from(students)
      .innerJoin(semesters, eq(semesters.id, students.semesterId))
      .where(eq(students.enrollment, '270280107001'));
    expect(riya?.no).toBe(7);
  });

  it('refuses to move a student placed in a division, and writes nothing', async () => {
    const institution = await buildInstitution(t.db);
    await run(institution.id, sampleWorkbook());
    const [riya] = await t.db.select().from(students).where(eq(students.enrollment, '270280107001'));
    const [division] = await t.db
      .insert(divisions)
      .values({ semesterId: riya!.semesterId!, name: 'A' })
      .returning();
    await t.db
      .insert(divisionStudents)
      .values({ semesterId: riya!.semesterId!, divisionId: division!.id, studentId: riya!.id });
    const sheets = sampleWorkbook();
    sheets.Semesters!.push(['07', '07', '7', '2027-28', '', '']);

    const moved = await run(institution.id, withCell(sheets, 'Students', 1, 'semester', '7'));
    expect(moved.problems).toEqual([
      expect.objectContaining({
        sheet: 'Students',
        column: 'semester',
        message: expect.stringMatching(/already placed in a division of their semester/),
      }),
    ]);
    const cleared = withCell(
      withCell(sampleWorkbook(), 'Students', 1, 'semester', ''),
      'Students',
      1,
      'academic_year',
      '',
    );
    expect((await run(institution.id, cleared)).problems).toEqual([
      expect.objectContaining({ column: 'semester', message: expect.stringMatching(/already placed/) }),
    ]);
    // Another stream with the semester columns left out would keep the semester but not the stream.
    const noPlace = sampleWorkbook().Students!.map((r) => r.slice(0, 5));
    expect(
      (
        await run(institution.id, {
          Students: withCell({ Students: noPlace }, 'Students', 1, 'stream_code', '').Students!,
        })
      ).problems,
    ).toEqual([
      expect.objectContaining({ column: 'stream_code', message: expect.stringMatching(/already placed/) }),
    ]);
    const [after] = await t.db.select().from(students).where(eq(students.id, riya!.id));
    expect(after!.semesterId).toBe(riya!.semesterId);
    expect(after!.streamId).toBe(riya!.streamId);
    // Her own unchanged row, and a changed name, still import.
    const renamed = await run(
      institution.id,
      withCell(sampleWorkbook(), 'Students', 1, 'name', 'Riya K. Patel'),
    );
    expect(renamed.problems).toEqual([]);
    expect(renamed.sheets.Students).toEqual({ created: 0, updated: 1, unchanged: 2 });
  });

  it('refuses coordinates of 0, 0 and a semester that ends before it starts', async () => {
    const institution = await buildInstitution(t.db);
    let sheets = withCell(sampleWorkbook(), 'Classrooms', 1, 'latitude', '0');
    sheets = withCell(sheets, 'Classrooms', 1, 'longitude', '0');
    sheets = withCell(sheets, 'Semesters', 2, 'end_date', '2027-06-30');
    const result = await run(institution.id, sheets);
    expect(result.problems.map((p) => [p.sheet, p.row, p.column, p.message])).toEqual([
      [
        'Semesters',
        3,
        'end_date',
        '2027-06-30 is before start_date 2027-07-01; expected a day on or after it',
      ],
      [
        'Classrooms',
        2,
        'latitude',
        '0, 0 is in the Atlantic Ocean; expected the room’s position (decimal degrees from a map)',
      ],
    ]);
  });
});

describe('files that are not a workbook', () => {
  const fileProblems = async (files: { name: string; data: Buffer }[]) => {
    const institution = await buildInstitution(t.db);
    const result = await importWorkbook(t.db, files, {
      institutionId: institution.id,
      actorProfileId: null,
      dryRun: false,
    });
    expect(result.applied).toBe(false);
    return result.problems.map((p) => p.message);
  };

  it('refuses a wrong file type, an old .xls and a CSV that is not named after a sheet', async () => {
    expect(await fileProblems([{ name: 'photo.png', data: Buffer.from('\x89PNG\r\n\x1a\nrest') }])).toEqual([
      'photo.png is not a spreadsheet; expected an .xlsx workbook, or .csv files named after the sheets (Branches, Streams, Semesters, Classrooms, Subjects, Teachers, Students)',
    ]);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(100)]);
    expect(await fileProblems([{ name: 'old.xls', data: ole }])).toEqual([
      'old.xls is an old .xls workbook; save it as .xlsx (Excel Workbook)',
    ]);
    expect(await fileProblems([{ name: 'people.csv', data: Buffer.from('a,b\n1,2\n') }])).toEqual([
      expect.stringMatching(/people.csv is not named after a sheet/),
    ]);
  });

  it('refuses a file over 5 MB without reading it', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    expect(await fileProblems([{ name: 'Students.csv', data: big }])).toEqual([
      'Students.csv is 50.0 MB; the largest file accepted is 5.0 MB',
    ]);
  });

  it('refuses a zip bomb before the spreadsheet library unpacks it', async () => {
    // One entry of 200 MB of zeros: a few hundred kilobytes packed.
    const packed = deflateRawSync(Buffer.alloc(200 * 1024 * 1024));
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(1000, 22); // a lie: the real size is 200 MB
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(1000, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(local.length + name.length + packed.length, 16);
    const bomb = Buffer.concat([local, name, packed, central, name, end]);

    expect(await fileProblems([{ name: 'bomb.xlsx', data: bomb }])).toEqual([
      expect.stringMatching(
        /^bomb.xlsx: The workbook unpacks to more than 100 MB; it is refused as a possible zip bomb/,
      ),
    ]);
  });

  it('refuses a damaged .xlsx', async () => {
    const { data } = await xlsxFile(sampleWorkbook());
    const cut = data.subarray(0, Math.floor(data.length / 2));
    expect(await fileProblems([{ name: 'cut.xlsx', data: cut }])).toEqual([
      'cut.xlsx: The workbook is damaged: its zip directory is missing',
    ]);
  });

  it('refuses a CSV that is not UTF-8', async () => {
    const latin1 = Buffer.from('branch_code,branch_name\n07,Ing\xe9nierie\n', 'latin1');
    expect(await fileProblems([{ name: 'Branches.csv', data: latin1 }])).toEqual([
      'Branches.csv is not UTF-8 text; save it as "CSV UTF-8 (comma delimited)"',
    ]);
    // Excel's "Unicode Text" (UTF-16 with its byte-order mark) is text too: the same advice.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('branch_code,branch_name\n07,CE\n', 'utf16le'),
    ]);
    expect(await fileProblems([{ name: 'Branches.csv', data: utf16 }])).toEqual([
      'Branches.csv is not UTF-8 text; save it as "CSV UTF-8 (comma delimited)"',
    ]);
  });
});
