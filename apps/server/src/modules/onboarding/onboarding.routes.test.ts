import { beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import {
  institutionWorkbookRoutes,
  buildPath,
  ImportJobSchema,
  WORKBOOK_MAX_BYTES,
  WORKBOOK_SHEETS,
} from '@rollbook/contract';
import { branches, importJobs, profiles, students } from '../../db/schema';
import { buildAdmin, buildBranch, buildStudent, buildTeacher } from '../../testing/factories';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { STALE_JOB_MS } from './import-jobs.service';
import {
  multipartUpload,
  sampleWorkbook,
  withCell,
  xlsxFile,
  type SheetRows,
} from './testing/workbook-files';

const t = useTestApp();

const IMPORTS = `/api${institutionWorkbookRoutes.startImport.path}`;
const TEMPLATE = `/api${institutionWorkbookRoutes.getTemplate.path}`;
const jobUrl = (slug: string) =>
  `/api${buildPath(institutionWorkbookRoutes.getImport, { import_slug: slug })}`;

let registrar: string;
let institutionId: number;

beforeEach(async () => {
  const admin = await buildAdmin(t.db, { institutionAdmin: true });
  institutionId = admin.profile.institutionId;
  registrar = await tokenFor(t.app, admin.profile);
});

async function upload(token: string, file: { name: string; data: Buffer } | null, dryRun = 'false') {
  const body = multipartUpload(
    { dry_run: dryRun },
    file ? { field: 'workbook', name: file.name, data: file.data } : null,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: IMPORTS,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** Polls a job until it has finished (done or failed), as the page does. */
async function finished(slug: string, token = registrar) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const res = await call(t.app, { method: 'GET', url: jobUrl(slug), token });
    expect(res.status).toBe(200);
    const job = ImportJobSchema.parse(res.body.data);
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${slug} did not finish`);
}

async function importSheets(sheets: SheetRows, dryRun = 'false') {
  const started = await upload(registrar, await xlsxFile(sheets, 'college.xlsx'), dryRun);
  expect(started.status).toBe(200);
  return finished(started.body.data.slug as string);
}

const branchCount = async () => (await t.db.select({ n: count() }).from(branches))[0]!.n;

describe('the workbook template', () => {
  it('is an .xlsx with every sheet, its header and one example row, that imports as is', async () => {
    const res = await call(t.app, { method: 'GET', url: TEMPLATE, token: registrar });
    expect(res.status).toBe(200);
    expect(res.body.data.file_name).toBe('institution-workbook.xlsx');
    const data = Buffer.from(res.body.data.file_content as string, 'base64');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([...WORKBOOK_SHEETS, 'Instructions']);
    const students = workbook.getWorksheet('Students')!;
    expect(students.getRow(1).values).toEqual([
      undefined,
      'enrollment',
      'name',
      'email',
      'branch_code',
      'stream_code',
      'semester',
      'academic_year',
    ]);
    expect(students.actualRowCount).toBe(2);

    const started = await upload(registrar, { name: 'institution-workbook.xlsx', data }, 'true');
    const job = await finished(started.body.data.slug as string);
    expect(job.report?.problems).toEqual([]);
    for (const sheet of WORKBOOK_SHEETS) expect(job.report?.sheets[sheet].created).toBe(1);
  });
});

describe('checking and importing a workbook as a job', () => {
  it('answers the queued job at once, then a check reports what an import would do and writes nothing', async () => {
    const started = await upload(registrar, await xlsxFile(sampleWorkbook(), 'college.xlsx'), 'true');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      file_name: 'college.xlsx',
      dry_run: true,
      status: 'queued',
      report: null,
    });

    const job = await finished(started.body.data.slug as string);

    expect(job).toMatchObject({ status: 'done', phase: 'Done', error: null });
    expect(job.report).toMatchObject({ applied: false, problems: [], problem_count: 0, created_people: [] });
    expect(job.report?.sheets.Students).toEqual({ created: 3, updated: 0, unchanged: 0 });
    // A check goes through each of the 15 rows once.
    expect({ done: job.done, total: job.total }).toEqual({ done: 15, total: 15 });
    expect(await branchCount()).toBe(1); // the registrar's own branch only
  });

  it('imports a clean workbook, counting each row checked and saved, and names the people it created', async () => {
    const job = await importSheets(sampleWorkbook());

    expect(job.report?.applied).toBe(true);
    expect(job.report?.sheets.Teachers).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect({ done: job.done, total: job.total }).toEqual({ done: 30, total: 30 });
    const created = await t.db
      .select({ slug: profiles.slug })
      .from(profiles)
      .where(eq(profiles.institutionId, institutionId));
    const people = created.map((p) => p.slug).filter((s) => job.report?.created_people.includes(s));
    expect(people).toHaveLength(5);
    expect(job.report?.created_people).toHaveLength(5);
    expect(await branchCount()).toBe(3); // the admin's own branch and the two imported

    const again = await importSheets(sampleWorkbook());
    expect(again.report?.sheets.Students).toEqual({ created: 0, updated: 0, unchanged: 3 });
  });

  it('reports every problem with sheet, row and column and writes nothing', async () => {
    const job = await importSheets(withCell(sampleWorkbook(), 'Classrooms', 2, 'longitude', 'east'));
    expect(job.status).toBe('done');
    expect(job.report).toMatchObject({
      applied: false,
      problem_count: 1,
      problems: [
        {
          sheet: 'Classrooms',
          row: 3,
          column: 'longitude',
          message: '"east" is not allowed; expected decimal degrees from -180 to 180',
        },
      ],
    });
    expect(await branchCount()).toBe(1);
  });

  it('lists the latest jobs of the institution, newest first', async () => {
    const first = await importSheets(sampleWorkbook(), 'true');
    const second = await importSheets(sampleWorkbook(), 'true');
    const res = await call(t.app, { method: 'GET', url: IMPORTS, token: registrar });
    expect(res.status).toBe(200);
    expect(res.body.data.map((j: { slug: string }) => j.slug)).toEqual([second.slug, first.slug]);
    // Times are the institution's wall clock (Asia/Kolkata by default) with its offset: the page
    // shows them as the institution's time whatever the device's zone.
    const created: string = res.body.data[0].created_at;
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(Date.parse(created)).toBe(Math.floor(t.clock.now().getTime() / 1000) * 1000);
  });

  it('reports a job left running by a stopped server as failed once it has been quiet too long', async () => {
    const [admin] = await t.db.select().from(profiles).where(eq(profiles.institutionId, institutionId));
    const quietSince = new Date(t.clock.now().getTime() - STALE_JOB_MS - 1000);
    const [orphan] = await t.db
      .insert(importJobs)
      .values({
        institutionId,
        requestedBy: admin!.id,
        fileName: 'college.xlsx',
        dryRun: false,
        status: 'running',
        phase: 'Saving Students',
        createdAt: quietSince,
        updatedAt: quietSince,
      })
      .returning();
    const [recent] = await t.db
      .insert(importJobs)
      .values({
        institutionId,
        requestedBy: admin!.id,
        fileName: 'recent.xlsx',
        dryRun: true,
        status: 'running',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning();

    const res = await call(t.app, { method: 'GET', url: jobUrl(orphan!.slug), token: registrar });
    expect(res.body.data).toMatchObject({
      status: 'failed',
      error:
        'The server stopped while this file was being checked or imported; nothing was written. Please start again.',
    });
    const stillRunning = await call(t.app, { method: 'GET', url: jobUrl(recent!.slug), token: registrar });
    expect(stillRunning.body.data.status).toBe('running');
  });
});

describe('files that are refused', () => {
  it('refuses a file over the workbook limit with 413 naming the limit, and starts no job', async () => {
    for (const size of [WORKBOOK_MAX_BYTES + 1, 50 * 1024 * 1024]) {
      const res = await upload(registrar, { name: 'huge.xlsx', data: Buffer.alloc(size, 1) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        data: null,
        error: true,
        code: 'payload_too_large',
        message: 'The file is larger than 5 MB, the largest file an upload may carry, so nothing was saved',
      });
    }
    expect((await t.db.select({ n: count() }).from(importJobs))[0]!.n).toBe(0);
  });

  it('takes a file of exactly the workbook limit, and its reader does not call it too large', async () => {
    // A header and then empty lines: the reader stops at its row limit, so the check is quick.
    const data = Buffer.alloc(WORKBOOK_MAX_BYTES, '\n');
    data.write('enrollment,name,email,branch_code\n');
    const started = await upload(registrar, { name: 'Students.csv', data }, 'true');
    expect(started.status).toBe(200);
    const job = await finished(started.body.data.slug as string);
    expect(job.status).toBe('done');
    // Read, not refused for its size: its rows are what stops it.
    expect(job.report?.problems.map((p) => p.message)).toEqual([
      'The sheet has more than 50000 rows; at most 50000 are accepted',
    ]);
  });

  it('reports a wrong file type clearly', async () => {
    const started = await upload(registrar, { name: 'notes.pdf', data: Buffer.from('%PDF-1.7 not a sheet') });
    const job = await finished(started.body.data.slug as string);
    expect(job.report?.problems).toEqual([
      {
        sheet: null,
        row: null,
        column: null,
        message:
          'notes.pdf is not a spreadsheet; expected an .xlsx workbook, or .csv files named after the sheets (Branches, Streams, Semesters, Classrooms, Subjects, Teachers, Students)',
      },
    ]);
  });

  it('refuses an upload without a file, or without saying whether it is a check', async () => {
    const noFile = await upload(registrar, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/workbook/);
    const noMode = await upload(registrar, await xlsxFile(sampleWorkbook()), 'maybe');
    expect(noMode.status).toBe(400);
    expect(noMode.body.message).toMatch(/dry_run/);
  });
});

describe('who may use the workbook', () => {
  it('answers a branch admin, a teacher and a student 403 on every call', async () => {
    const branch = await buildBranch(t.db, { institutionId });
    const branchAdmin = await buildAdmin(t.db, { institutionId, branchId: branch.id });
    const teacher = await buildTeacher(t.db, { institutionId, branchId: branch.id });
    const student = await buildStudent(t.db, { institutionId, branchId: branch.id });
    const job = await importSheets(sampleWorkbook(), 'true');
    for (const profile of [branchAdmin.profile, teacher.profile, student.profile]) {
      const token = await tokenFor(t.app, profile);
      for (const url of [TEMPLATE, IMPORTS, jobUrl(job.slug)]) {
        const res = await call(t.app, { method: 'GET', url, token });
        expect({ url, role: profile.role, status: res.status }).toEqual({
          url,
          role: profile.role,
          status: 403,
        });
        expect(res.body.message).toEqual(expect.any(String));
      }
      const res = await upload(token, await xlsxFile(sampleWorkbook()));
      expect(res.status).toBe(403);
    }
    const branchAdminGet = await call(t.app, {
      method: 'GET',
      url: TEMPLATE,
      token: await tokenFor(t.app, branchAdmin.profile),
    });
    expect(branchAdminGet.body.message).toBe(
      'Only an institution admin can set up the institution from a workbook; ask your institution admin',
    );
    expect((await t.db.select({ n: count() }).from(importJobs))[0]!.n).toBe(1);
  });

  it('never shows a job to another institution, nor lets its import touch this one', async () => {
    const job = await importSheets(sampleWorkbook());
    const other = await buildAdmin(t.db, { institutionAdmin: true });
    const otherToken = await tokenFor(t.app, other.profile);

    const res = await call(t.app, { method: 'GET', url: jobUrl(job.slug), token: otherToken });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ data: null, error: true, message: 'Import not found' });
    const list = await call(t.app, { method: 'GET', url: IMPORTS, token: otherToken });
    expect(list.body.data).toEqual([]);

    // The same workbook in the other institution: its own rows; the emails are taken.
    const started = await upload(otherToken, await xlsxFile(sampleWorkbook()));
    const theirs = await finished(started.body.data.slug as string, otherToken);
    expect(theirs.report?.applied).toBe(false);
    expect(theirs.report?.problems.every((p) => p.column === 'email')).toBe(true);
    expect(theirs.report?.problem_count).toBe(5);
    const ours = await t.db
      .select({ n: count() })
      .from(students)
      .where(eq(students.institutionId, institutionId));
    expect(ours[0]!.n).toBe(3);
  });
});
