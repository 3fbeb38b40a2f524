import type { Db } from '../db/client';
import {
  batchStudents,
  batches,
  classroomBranches,
  classrooms,
  divisionStudents,
  divisions,
  offeredSubjectBatches,
  offeredSubjects,
} from '../db/schema';
import { buildAdmin, buildBranch, buildSemester, buildStream, buildStudent, buildTeacher } from './factories';
import { insertCatalogue, type CatalogueEntry } from './catalogue-fixture';

const SUBJECTS: CatalogueEntry[] = [
  { code: '3170701', short: 'IS', name: 'Information Security', elective: false },
  { code: '3170702', short: 'CD', name: 'Compiler Design', elective: false },
  { code: '3170703', short: 'PM', name: 'Project Management', elective: false },
  { code: '3170711', short: 'ML', name: 'Machine Learning', elective: true },
];

/**
 * A small institution with a timetable-ready BE semester 7: divisions A and B with core batches
 * A1, A2, B1, B2 (two students each), subjects IS, CD, PM (core) and ML (elective, no batch takes
 * it), teachers CST, HAJ and NMP, classrooms LH101, LH102, LAB201, LAB202, and its admin.
 */
export async function buildTimetableWorld(
  db: Db,
  opts: { institutionId?: number; branchCode?: string } = {},
) {
  const branch = await buildBranch(db, {
    ...(opts.institutionId ? { institutionId: opts.institutionId } : {}),
    code: opts.branchCode ?? '07',
    name: 'Computer Engineering',
  });
  const institutionId = branch.institutionId;
  const stream = await buildStream(db, { institutionId, branchId: branch.id, title: 'BE', streamCode: '07' });
  const semester = await buildSemester(db, {
    institutionId,
    streamId: stream.id,
    no: 7,
    startDate: '2026-07-01',
    endDate: '2026-12-15',
  });
  const admin = await buildAdmin(db, { institutionId, branchId: branch.id, name: 'Admin' });
  const teacher = (code: string, name: string) =>
    buildTeacher(db, { institutionId, branchId: branch.id, teacherCode: code, name });
  const cst = await teacher('CST', 'Chirag S. Thakkar');
  const haj = await teacher('HAJ', 'Hetal A. Joshi');
  const nmp = await teacher('NMP', 'Nirav M. Patel');

  const catalogue = await insertCatalogue(db, { institutionId }, SUBJECTS);
  const subjects = await db
    .insert(offeredSubjects)
    .values(
      catalogue.map((c, i) => ({
        semesterId: semester.id,
        catalogueSubjectId: c.id,
        isElective: SUBJECTS[i]!.elective,
      })),
    )
    .returning({ id: offeredSubjects.id, slug: offeredSubjects.slug });

  const [divA, divB] = await db
    .insert(divisions)
    .values([
      { semesterId: semester.id, name: 'A', ordering: 0 },
      { semesterId: semester.id, name: 'B', ordering: 1 },
    ])
    .returning();
  const batchRows = await db
    .insert(batches)
    .values(
      [divA!, divB!].flatMap((d) =>
        [1, 2].map((n) => ({ divisionId: d.id, name: `${d.name}${n}`, ordering: n })),
      ),
    )
    .returning();
  await db
    .insert(offeredSubjectBatches)
    .values(
      subjects.slice(0, 3).flatMap((s) => batchRows.map((b) => ({ offeredSubjectId: s.id, batchId: b.id }))),
    );

  // One student per batch (A1, A2, B1, B2), placed in one go.
  const studentsByBatch = new Map<string, Awaited<ReturnType<typeof buildStudent>>[]>();
  for (const batch of batchRows) {
    studentsByBatch.set(batch.name, [
      await buildStudent(db, { institutionId, branchId: branch.id, semesterId: semester.id }),
    ]);
  }
  const placed = batchRows.map((b) => ({ batch: b, student: studentsByBatch.get(b.name)![0]!.student }));
  await db.insert(divisionStudents).values(
    placed.map((p) => ({
      semesterId: semester.id,
      divisionId: p.batch.divisionId,
      studentId: p.student.id,
    })),
  );
  await db
    .insert(batchStudents)
    .values(placed.map((p) => ({ batchId: p.batch.id, studentId: p.student.id })));

  const rooms = await db
    .insert(classrooms)
    .values(
      ['LH101', 'LH102', 'LAB201', 'LAB202'].map((name) => ({
        institutionId,
        name,
        kind: name.startsWith('LAB') ? ('lab' as const) : ('classroom' as const),
        latitude: 23.03,
        longitude: 72.54,
      })),
    )
    .returning();
  await db.insert(classroomBranches).values(rooms.map((r) => ({ classroomId: r.id, branchId: branch.id })));

  return {
    institutionId,
    branch,
    stream,
    semester,
    admin,
    teachers: { cst, haj, nmp },
    divisions: { A: divA!, B: divB! },
    batches: batchRows,
    students: studentsByBatch,
    rooms: Object.fromEntries(rooms.map((r) => [r.name, r])) as Record<string, (typeof rooms)[number]>,
  };
}

export type TimetableWorld = Awaited<ReturnType<typeof buildTimetableWorld>>;

/** A multipart body with one file field, as the browser sends the upload. */
export function multipartFile(field: string, filename: string, data: Buffer, contentType = 'text/csv') {
  const boundary = `----rollbook${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A grid timetable CSV for the fixture world: title lines, header, then rows of cells. */
export function gridCsv(teachers: string[], rows: string[][]): string {
  return [
    'Master Timetable',
    'Test Institute-001',
    '2026-2027',
    'Computer Engineering-07',
    ['DAY', 'TIME', ...teachers].join(','),
    ...rows.map((r) => r.join(',')),
  ].join('\n');
}
