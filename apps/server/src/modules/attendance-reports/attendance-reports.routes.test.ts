import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutions, profiles } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { buildAdmin, buildTeacher } from '../../testing/factories';
import { buildRecordHistory } from '../../testing/record-fixture';

const t = useTestApp();

async function world() {
  const w = await buildRecordHistory(t.db);
  const itAdmin = await buildAdmin(t.db, { institutionId: w.world.institutionId, name: 'IT admin' });
  const other = await buildRecordHistory(t.db); // another institution, with its own history
  const otherTeacher = await buildTeacher(t.db, { institutionId: other.world.institutionId });
  const tokens = {
    cst: await tokenFor(t.app, w.world.teachers.cst.profile),
    haj: await tokenFor(t.app, w.world.teachers.haj.profile),
    nmp: await tokenFor(t.app, w.world.teachers.nmp.profile),
    admin: await tokenFor(t.app, w.world.admin.profile),
    itAdmin: await tokenFor(t.app, itAdmin.profile),
    otherAdmin: await tokenFor(t.app, other.world.admin.profile),
    otherCst: await tokenFor(t.app, other.world.teachers.cst.profile),
    otherTeacher: await tokenFor(t.app, otherTeacher.profile),
    a1: await tokenFor(t.app, w.students.a1.profile),
    a2: await tokenFor(t.app, w.students.a2.profile),
  };
  return { ...w, other, tokens };
}

const get = (url: string, token: string) => call(t.app, { method: 'GET', url: `/api${url}`, token });
const post = (url: string, token: string, body: unknown) =>
  call(t.app, { method: 'POST', url: `/api${url}`, token, body });

async function readSheet(base64: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('§13 analytics calls', () => {
  it("lists a teacher's own subjects only", async () => {
    const w = await world();
    const cst = await get('/manage/get_subjects_of_teacher', w.tokens.cst);
    expect(cst.status).toBe(200);
    expect(cst.body.data).toEqual([
      {
        slug: w.subjects.IS.slug,
        subject_name: 'Information Security',
        branch: 'Computer Engineering',
        semester: 7,
      },
    ]);
    expect(
      (await get('/manage/get_subjects_of_teacher', w.tokens.haj)).body.data.map((s: any) => s.slug),
    ).toEqual([w.subjects.CD.slug]);
    expect((await get('/manage/get_subjects_of_teacher', w.tokens.nmp)).body.data).toEqual([]);
    expect((await get('/manage/get_subjects_of_teacher', w.tokens.otherTeacher)).body.data).toEqual([]);
  });

  it('gives the detained students of a subject as columns and details, below less_than or the threshold', async () => {
    const w = await world();
    const url = `/manage/analytics/get_detained_studetns_by_subject/${w.subjects.IS.slug}`;
    const res = await get(url, w.tokens.cst);
    expect(res.status).toBe(200);
    expect(res.body.data.columns).toEqual([
      'Enrollment',
      'Name',
      'Division',
      'Held',
      'Attended',
      'Excused',
      'Absent',
      'Percentage',
    ]);
    const { a1, a2 } = w.students;
    expect(res.body.data.details).toEqual(
      [
        [a1.student.enrollment, 'Test Person', 'A', 4, 2, 1, 1, 66.66],
        [a2.student.enrollment, 'Test Person', 'A', 3, 1, 0, 2, 33.33],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const half = await get(`${url}?less_than=50`, w.tokens.cst);
    expect(half.body.data.details.map((r: unknown[]) => r[0])).toEqual([a2.student.enrollment]);
    // From 26 Oct: A1 was excused then present (100 %), A2 present then unmarked (50 %).
    const recent = await get(`${url}?start_date=2026-10-26&end_date=2026-11-08`, w.tokens.cst);
    expect(recent.body.data.details.map((r: unknown[]) => [r[0], r[7]])).toEqual([
      [a2.student.enrollment, 50],
    ]);
    // The branch admin sees it too.
    expect((await get(url, w.tokens.admin)).body.data.details).toHaveLength(2);
  });

  it('refuses a subject outside the caller: another teacher, another branch, another institution', async () => {
    const w = await world();
    const url = `/manage/analytics/get_detained_studetns_by_subject/${w.subjects.IS.slug}`;
    for (const token of [
      w.tokens.haj,
      w.tokens.nmp,
      w.tokens.itAdmin,
      w.tokens.otherAdmin,
      w.tokens.otherCst,
    ]) {
      const res = await get(url, token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ data: null, error: true, message: 'Subject not found' });
    }
    const bad = await get(`${url}?less_than=lots`, w.tokens.cst);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('less_than must be a number from 0 to 100');
    const backwards = await get(`${url}?start_date=2026-11-08&end_date=2026-10-26`, w.tokens.cst);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('The start date must not be after the end date');
  });

  it('turns the shown table into an .xlsx file with every cell typed, never a formula', async () => {
    const w = await world();
    const body = {
      subject_slug: w.subjects.IS.slug,
      columns: ['Enrollment', 'Name', 'Percentage'],
      details: [
        ['E1', '=HYPERLINK("http://evil.test","x")', 66.67],
        ['E2', '+1+1', null],
      ],
    };
    const res = await post('/manage/analytics/get_detalied_student_excel_report/', w.tokens.cst, body);
    expect(res.status).toBe(200);
    expect(res.body.data.file_name).toBe('3170701_attendance.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data.file_content, 'base64') as unknown as ExcelJS.Buffer);
    const cell = book.worksheets[0]!.getCell('B2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.test","x")');
    expect(book.worksheets[0]!.getCell('C2').value).toBe(66.67);

    const other = await post('/manage/analytics/get_detalied_student_excel_report/', w.tokens.haj, body);
    expect(other.status).toBe(404);
    const ragged = await post('/manage/analytics/get_detalied_student_excel_report/', w.tokens.cst, {
      ...body,
      details: [['E1', 'x']],
    });
    expect(ragged.status).toBe(400);
    expect(ragged.body.message).toBe('Row 1 of details has 2 cells but there are 3 columns');
  });
});

describe("Rollbook's report calls", () => {
  it("offers a teacher their subjects and an admin their branch's, never another branch or institution", async () => {
    const w = await world();
    const cst = await get('/attendance/reports/options', w.tokens.cst);
    expect(cst.status).toBe(200);
    expect(cst.body.data.subjects.map((s: any) => s.slug)).toEqual([w.subjects.IS.slug]);
    expect(cst.body.data.threshold_percent).toBe(75);
    const admin = await get('/attendance/reports/options', w.tokens.admin);
    expect(admin.body.data.subjects).toHaveLength(4);
    expect(admin.body.data.divisions.map((d: any) => d.division_name)).toEqual(['A', 'B']);
    expect(admin.body.data.batches.map((b: any) => b.batch_name)).toEqual(['A1', 'A2', 'B1', 'B2']);
    const itAdmin = await get('/attendance/reports/options', w.tokens.itAdmin);
    expect(itAdmin.body.data).toMatchObject({ subjects: [], divisions: [], batches: [] });
    const otherAdmin = await get('/attendance/reports/options', w.tokens.otherAdmin);
    const mine = new Set([...admin.body.data.subjects, ...admin.body.data.divisions].map((x: any) => x.slug));
    expect(
      [...otherAdmin.body.data.subjects, ...otherAdmin.body.data.divisions].some((x: any) =>
        mine.has(x.slug),
      ),
    ).toBe(false);
  });

  it('pages the student × subject table; a teacher sees only their subjects', async () => {
    const w = await world();
    const admin = await get('/attendance/reports/table?page_size=2', w.tokens.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ current_page: 1, num_pages: 2, total: 4 });
    expect(admin.body.data.subjects.map((s: any) => s.subject_code).sort()).toEqual(['3170701', '3170702']);
    expect(admin.body.data.rows).toHaveLength(2);
    const second = await get('/attendance/reports/table?page_size=2&page=2', w.tokens.admin);
    const enrollments = [...admin.body.data.rows, ...second.body.data.rows].map((r: any) => r.enrollment);
    expect(new Set(enrollments).size).toBe(4);

    const cst = await get('/attendance/reports/table', w.tokens.cst);
    expect(cst.body.data.subjects.map((s: any) => s.slug)).toEqual([w.subjects.IS.slug]);
    expect(cst.body.data.rows.map((r: any) => r.enrollment).sort()).toEqual(
      [w.students.a1.student.enrollment, w.students.a2.student.enrollment].sort(),
    );
    const a2 = cst.body.data.rows.find((r: any) => r.enrollment === w.students.a2.student.enrollment);
    expect(a2.cells).toEqual([{ held: 3, attended: 1, excused: 0, absent: 2, percentage: 33.33 }]);

    expect((await get(`/attendance/reports/table?subject=${w.subjects.CD.slug}`, w.tokens.cst)).status).toBe(
      404,
    );
    expect(
      (await get(`/attendance/reports/table?division=${w.world.divisions.A.slug}`, w.tokens.itAdmin)).status,
    ).toBe(404);
    expect(
      (await get(`/attendance/reports/table?batch=${w.world.batches[0]!.slug}`, w.tokens.otherAdmin)).status,
    ).toBe(404);
    const byBatch = await get(`/attendance/reports/table?batch=${w.batches.B2.slug}`, w.tokens.admin);
    expect(byBatch.body.data.rows.map((r: any) => r.enrollment)).toEqual([w.students.b2.student.enrollment]);
  });

  it('lists detentions below the threshold or an override, counting excused marks as the settings say', async () => {
    const w = await world();
    const list = await get('/attendance/reports/detention', w.tokens.admin);
    expect(list.status).toBe(200);
    expect(list.body.data.below_percent).toBe(75);
    expect(list.body.data.rows.map((r: any) => [r.enrollment, r.subject_name, r.percentage])).toEqual(
      expect.arrayContaining([
        [w.students.a1.student.enrollment, 'Information Security', 66.66],
        [w.students.a2.student.enrollment, 'Information Security', 33.33],
      ]),
    );
    expect(list.body.data.total).toBe(2);
    const below50 = await get('/attendance/reports/detention?below=50', w.tokens.admin);
    expect(below50.body.data.rows.map((r: any) => r.enrollment)).toEqual([w.students.a2.student.enrollment]);
    // A threshold with decimals compares exactly too: 2 of 3 is 66.666… %, below 66.67 but not 66.66.
    const a1 = w.students.a1.student.enrollment;
    const above = await get('/attendance/reports/detention?below=66.66', w.tokens.admin);
    expect(above.status).toBe(200);
    expect(above.body.data.rows.map((r: any) => r.enrollment)).not.toContain(a1);
    const under = await get('/attendance/reports/detention?below=66.67', w.tokens.admin);
    expect(under.body.data.rows.map((r: any) => r.enrollment)).toContain(a1);
    // Listed below 66.67, it never shows as 66.67 (rounded down, not to the nearest), on the page
    // and in both exports.
    const listed = under.body.data.rows.find((r: any) => r.enrollment === a1);
    expect(listed.percentage).toBe(66.66);
    const csv = await get('/attendance/reports/csv?kind=detention&below=66.67', w.tokens.admin);
    expect(csv.status).toBe(200);
    const csvLine = csv.raw.body.split('\r\n').find((l: string) => l.startsWith(`${a1},`));
    expect(csvLine?.endsWith(',66.66')).toBe(true);
    const book = await get('/attendance/reports/workbook?kind=detention&below=66.67', w.tokens.admin);
    const sheetRow = (await readSheet(book.body.data.file_content)).find((r) => r[0] === a1);
    expect(sheetRow?.[9]).toBe(66.66);

    await t.db
      .update(institutions)
      .set({ excusedCountsAs: 'present' })
      .where(eq(institutions.id, w.world.institutionId));
    const present = await get('/attendance/reports/detention', w.tokens.admin);
    expect(present.body.data.rows.map((r: any) => r.enrollment)).toEqual([w.students.a2.student.enrollment]);
    await t.db
      .update(institutions)
      .set({ excusedCountsAs: 'absent' })
      .where(eq(institutions.id, w.world.institutionId));
    const absent = await get('/attendance/reports/detention', w.tokens.admin);
    expect(absent.body.data.total).toBe(3); // B2's only CD session was excused: 0 %

    expect((await get('/attendance/reports/detention', w.tokens.nmp)).body.data.rows).toEqual([]);
    expect((await get('/attendance/reports/detention', w.tokens.itAdmin)).body.data.rows).toEqual([]);
  });

  it('gives the weekly trend of the filter', async () => {
    const w = await world();
    const res = await get(`/attendance/reports/trend?subject=${w.subjects.IS.slug}`, w.tokens.cst);
    expect(res.status).toBe(200);
    expect(res.body.data.weeks.map((x: any) => [x.week_start, x.percentage])).toEqual([
      ['2026-10-19', 33.33],
      ['2026-10-26', 100],
      ['2026-11-02', 50],
    ]);
  });

  it('exports the table and the detention list as xlsx and CSV, formula-safe', async () => {
    const w = await world();
    await t.db.update(profiles).set({ name: '=cmd|calc' }).where(eq(profiles.id, w.students.a2.profile.id));
    const csv = await call(t.app, {
      method: 'GET',
      url: '/api/attendance/reports/csv?kind=detention',
      token: w.tokens.admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.raw.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Enrollment,Name,Division,Subject code,Subject,Held,Attended,Excused,Absent,Percentage',
    );
    expect(lines).toContain(
      `${w.students.a2.student.enrollment},'=cmd|calc,A,3170701,Information Security,3,1,0,2,33.33`,
    );
    const book = await get('/attendance/reports/workbook?kind=table', w.tokens.admin);
    expect(book.status).toBe(200);
    const rows = await readSheet(book.body.data.file_content);
    expect(rows).toHaveLength(1 + 5);
    expect(rows).toContainEqual([
      w.students.a2.student.enrollment,
      '=cmd|calc',
      'A',
      '3170701',
      'Information Security',
      3,
      1,
      0,
      2,
      33.33,
    ]);
    expect((await get('/attendance/reports/workbook?kind=everything', w.tokens.admin)).status).toBe(400);

    // Each download is named after what it holds (record-0004), in plain ASCII.
    expect(csv.raw.headers['content-disposition']).toBe('attachment; filename="detention_list_below-75.csv"');
    expect(book.body.data.file_name).toBe('attendance.xlsx');
    const narrowed = `subject=${w.subjects.IS.slug}&division=${w.world.divisions.A.slug}&batch=${w.batches.A1.slug}&start_date=2026-10-19&end_date=2026-11-08`;
    const namedCsv = await call(t.app, {
      method: 'GET',
      url: `/api/attendance/reports/csv?kind=table&${narrowed}`,
      token: w.tokens.admin,
    });
    expect(namedCsv.status).toBe(200);
    expect(namedCsv.raw.headers['content-disposition']).toBe(
      'attachment; filename="attendance_3170701_sem7-A_batch-A1_2026-10-19_to_2026-11-08.csv"',
    );
    const namedBook = await get(
      `/attendance/reports/workbook?kind=detention&below=60&${narrowed}`,
      w.tokens.admin,
    );
    expect(namedBook.body.data.file_name).toBe(
      'detention_list_3170701_sem7-A_batch-A1_below-60_2026-10-19_to_2026-11-08.xlsx',
    );
    expect(
      (await get(`/attendance/reports/csv?kind=table&subject=${w.subjects.IS.slug}`, w.tokens.haj)).status,
    ).toBe(404);
  });
});

describe("the student's own record", () => {
  it('gives each subject held, attended, excused, percentage and the lectures still needed', async () => {
    const w = await world();
    const res = await get('/attendance/record', w.tokens.a1);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      threshold_percent: 75,
      excused_counts_as: 'excluded',
      today: '2026-11-02',
      semester_end: '2026-12-15',
    });
    const is = res.body.data.subjects.find((s: any) => s.subject_code === '3170701');
    expect(is).toMatchObject({
      held: 4,
      attended: 2,
      excused: 1,
      absent: 1,
      percentage: 66.66,
      remaining: 12,
      needed: 10,
    });
    expect(is.weeks.map((x: any) => x.week_start)).toEqual(['2026-10-19', '2026-10-26', '2026-11-02']);
    // A2's record is A2's alone.
    const a2 = await get('/attendance/record', w.tokens.a2);
    expect(
      a2.body.data.subjects.map((s: any) => [s.subject_code, s.percentage, s.remaining, s.needed]),
    ).toEqual([['3170701', 33.33, 6, 6]]);
  });

  it('lists the marks newest first with their reasons in plain words', async () => {
    const w = await world();
    const a1 = await get('/attendance/record/marks', w.tokens.a1);
    expect(a1.status).toBe(200);
    expect(a1.body.data.total).toBe(5);
    const medical = a1.body.data.results.find((m: any) => m.day === '2026-10-26');
    expect(medical).toMatchObject({
      status: 'excused',
      excuse: 'medical',
      explanation: ['Excused: you were on medical leave.'],
    });
    const a2 = await get(`/attendance/record/marks?subject=${w.subjects.IS.slug}&page_size=1`, w.tokens.a2);
    expect(a2.body.data).toMatchObject({ total: 3, num_pages: 3, current_page: 1 });
    expect(a2.body.data.results).toEqual([
      {
        day: '2026-11-02',
        subject_name: 'Information Security',
        lecture_type: 'theory',
        status: 'absent',
        excuse: null,
        explanation: ['You did not mark your attendance in this lecture.'],
        corrected: false,
      },
    ]);
    expect((await get(`/attendance/record/marks?subject=${w.subjects.CD.slug}`, w.tokens.a2)).status).toBe(
      404,
    );
  });

  it("shows the same percentage on the student's page, in the admin's report and in the exported spreadsheet", async () => {
    const w = await world();
    const range = 'start_date=2026-07-01&end_date=2026-12-15';
    const page = await get('/attendance/record', w.tokens.a1);
    const onPage = page.body.data.subjects.find((s: any) => s.subject_slug === w.subjects.IS.slug).percentage;

    const table = await get(`/attendance/reports/table?${range}`, w.tokens.admin);
    const column = table.body.data.subjects.findIndex((s: any) => s.slug === w.subjects.IS.slug);
    const row = table.body.data.rows.find((r: any) => r.student_slug === w.students.a1.student.slug);
    const inReport = row.cells[column].percentage;

    const file = await get(`/attendance/reports/workbook?kind=table&${range}`, w.tokens.admin);
    const sheet = await readSheet(file.body.data.file_content);
    const inFile = sheet.find((r) => r[0] === w.students.a1.student.enrollment && r[3] === '3170701')![9];

    expect(onPage).toBe(66.66);
    expect(inReport).toBe(onPage);
    expect(inFile).toBe(onPage);
  });
});
