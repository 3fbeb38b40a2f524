import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  batchStudents,
  batches,
  branches,
  catalogueSubjects,
  divisionStudents,
  divisions,
  institutions,
  offeredSubjectBatches,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  students,
} from '../db/schema';
import { loadReferenceData } from '../modules/timetable/upload/load-reference-data';
import { checkTimetableFile } from '../modules/timetable/upload/import-timetable';
import { placeLabel } from '../modules/timetable/upload/drafts';
import { saveTimetables } from '../modules/timetable/upload/save-timetables';
import type { SAMPLE_CSV_FILES } from '../modules/timetable/samples';
import { readSampleCsv } from '../modules/timetable/samples';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The semesters that get divisions and a timetable: CE BE semester 7 and IT BE semester 5. */
const TIMETABLED = [
  { branchCode: '07', title: 'BE', no: 7, sample: 'grid-ce-be7.csv' },
  { branchCode: '16', title: 'BE', no: 5, sample: 'rows-it-be5.csv' },
] as const satisfies readonly {
  branchCode: string;
  title: string;
  no: number;
  sample: (typeof SAMPLE_CSV_FILES)[number];
}[];

const DEMO_STUDENT_EMAIL = 'student@rollbook.test';

async function findSemester(tx: Tx, institutionId: number, branchCode: string, title: string, no: number) {
  const [row] = await tx
    .select({
      id: semesters.id,
      streamId: streams.id,
      branchId: branches.id,
      academicYear: semesters.academicYear,
      streamCode: streams.streamCode,
    })
    .from(semesters)
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .innerJoin(branches, eq(branches.id, streams.branchId))
    .where(
      and(
        eq(semesters.institutionId, institutionId),
        eq(branches.code, branchCode),
        eq(streams.title, title),
        eq(semesters.no, no),
        eq(semesters.isActive, true),
      ),
    )
    .orderBy(desc(semesters.id))
    .limit(1);
  if (!row) throw new Error(`demo semester ${title} ${no} of branch ${branchCode} not found`);
  return row;
}

/** The semester's offered subjects; when it has none yet, its core catalogue subjects are offered. */
async function ensureOfferedSubjects(
  tx: Tx,
  institutionId: number,
  semester: Awaited<ReturnType<typeof findSemester>>,
  no: number,
): Promise<number[]> {
  const existing = await tx
    .select({ id: offeredSubjects.id, isElective: offeredSubjects.isElective })
    .from(offeredSubjects)
    .where(eq(offeredSubjects.semesterId, semester.id));
  if (existing.length > 0) return existing.filter((s) => !s.isElective).map((s) => s.id);
  const core = await tx
    .select({ id: catalogueSubjects.id })
    .from(catalogueSubjects)
    .where(
      and(
        eq(catalogueSubjects.institutionId, institutionId),
        eq(catalogueSubjects.streamCode, semester.streamCode),
        eq(catalogueSubjects.semYear, no),
        eq(catalogueSubjects.academicYear, semester.academicYear ?? '2026-27'),
        eq(catalogueSubjects.isElective, false),
      ),
    )
    .orderBy(asc(catalogueSubjects.subjectCode));
  const rows = await tx
    .insert(offeredSubjects)
    .values(core.map((c, i) => ({ semesterId: semester.id, catalogueSubjectId: c.id, ordering: i })))
    .returning({ id: offeredSubjects.id });
  // Offering subjects is what locking the selection does.
  await tx.update(semesters).set({ subjectsLocked: true }).where(eq(semesters.id, semester.id));
  return rows.map((r) => r.id);
}

/**
 * Divisions A and B with core batches A1, A2, B1, B2, the semester's students split evenly (the
 * demo student, when in the semester, first, so into A and A1). Reuses divisions that exist.
 */
async function ensureDivisions(tx: Tx, semesterId: number): Promise<number[]> {
  const existing = await tx
    .select({ id: batches.id })
    .from(batches)
    .innerJoin(divisions, eq(divisions.id, batches.divisionId))
    .where(eq(divisions.semesterId, semesterId));
  if (existing.length > 0) return existing.map((b) => b.id);

  const roster = await tx
    .select({ id: students.id, email: profiles.email })
    .from(students)
    .innerJoin(profiles, eq(profiles.id, students.profileId))
    .where(eq(students.semesterId, semesterId))
    .orderBy(asc(students.enrollment));
  roster.sort((a, b) => Number(b.email === DEMO_STUDENT_EMAIL) - Number(a.email === DEMO_STUDENT_EMAIL));

  const divisionRows = await tx
    .insert(divisions)
    .values(['A', 'B'].map((name, i) => ({ semesterId, name, ordering: i })))
    .returning({ id: divisions.id, name: divisions.name });
  const batchRows = await tx
    .insert(batches)
    .values(
      divisionRows.flatMap((d) =>
        [1, 2].map((n) => ({ divisionId: d.id, name: `${d.name}${n}`, kind: 'core' as const, ordering: n })),
      ),
    )
    .returning({ id: batches.id, divisionId: batches.divisionId });

  const half = Math.ceil(roster.length / 2);
  const placements = roster.map((s, i) => {
    const divisionIndex = i < half ? 0 : 1;
    const inDivision = divisionIndex === 0 ? i : i - half;
    const size = divisionIndex === 0 ? half : roster.length - half;
    const division = divisionRows[divisionIndex]!;
    const batch = batchRows.filter((b) => b.divisionId === division.id)[
      inDivision < Math.ceil(size / 2) ? 0 : 1
    ]!;
    return { studentId: s.id, divisionId: division.id, batchId: batch.id };
  });
  if (placements.length > 0) {
    await tx
      .insert(divisionStudents)
      .values(placements.map((p) => ({ semesterId, divisionId: p.divisionId, studentId: p.studentId })));
    await tx
      .insert(batchStudents)
      .values(placements.map((p) => ({ batchId: p.batchId, studentId: p.studentId })));
  }
  await tx.update(semesters).set({ divisionsCreated: true }).where(eq(semesters.id, semesterId));
  return batchRows.map((b) => b.id);
}

/**
 * Gives the demo institution a week of lectures: CE BE semester 7 and IT BE semester 5 get
 * divisions, batches and the timetables of the shipped sample files (imported through the same
 * checks as an upload), with lectures on every day so the live attendance flow can be tried any
 * day. The demo student moves into CE BE semester 7 (division A, batch A1), where the demo teacher
 * (CST) teaches every day.
 */
export async function seedDemoTimetable(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [inst] = await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.code, '028'))
      .orderBy(desc(institutions.id))
      .limit(1);
    if (!inst) throw new Error('demo institution not found');

    const ce7 = await findSemester(tx, inst.id, '07', 'BE', 7);
    const [demo] = await tx
      .select({ id: students.id })
      .from(students)
      .innerJoin(profiles, eq(profiles.id, students.profileId))
      .where(eq(profiles.email, DEMO_STUDENT_EMAIL));
    if (demo) {
      await tx
        .update(students)
        .set({ semesterId: ce7.id, streamId: ce7.streamId, branchId: ce7.branchId })
        .where(eq(students.id, demo.id));
    }

    const branchIds: number[] = [];
    for (const plan of TIMETABLED) {
      const semester = await findSemester(tx, inst.id, plan.branchCode, plan.title, plan.no);
      branchIds.push(semester.branchId);
      const subjectIds = await ensureOfferedSubjects(tx, inst.id, semester, plan.no);
      const batchIds = await ensureDivisions(tx, semester.id);
      if (subjectIds.length > 0 && batchIds.length > 0) {
        await tx
          .insert(offeredSubjectBatches)
          .values(
            subjectIds.flatMap((offeredSubjectId) =>
              batchIds.map((batchId) => ({ offeredSubjectId, batchId })),
            ),
          )
          .onConflictDoNothing();
      }
    }

    for (const plan of TIMETABLED) {
      const ref = await loadReferenceData(tx, inst.id, branchIds);
      const file = { filename: plan.sample, data: await readSampleCsv(plan.sample) };
      const { lectures, issues } = await checkTimetableFile(file, ref);
      if (issues.length > 0) {
        const list = issues.map((i) => `${placeLabel(i)}: ${i.message}`).join('; ');
        throw new Error(`sample timetable ${plan.sample} does not fit the demo institution: ${list}`);
      }
      await saveTimetables(tx, lectures);
    }
  });
}
