import { and, asc, desc, eq } from 'drizzle-orm';
import { planDivisions, toSuggestionResponse } from '@rollbook/planner';
import type { Db } from '../db/client';
import {
  batchStudents,
  batches,
  branches,
  catalogueSubjects,
  divisionStudents,
  divisions,
  institutions,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  students,
} from '../db/schema';
import {
  loadPlanningRoster,
  plannerStudents,
  plannerSubjects,
  studentWire,
} from '../modules/divisions/planning-roster';
import { saveDivisionPlan } from '../modules/divisions/save-division-plan';
import { loadReferenceData } from '../modules/timetable/upload/load-reference-data';
import { checkTimetableFile } from '../modules/timetable/upload/import-timetable';
import { placeLabel } from '../modules/timetable/upload/drafts';
import { saveTimetables } from '../modules/timetable/upload/save-timetables';
import type { SAMPLE_CSV_FILES } from '../modules/timetable/samples';
import { readSampleCsv } from '../modules/timetable/samples';
import { DEMO_INSTITUTION_CODE } from './demo-workbook';

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

/** Offers a semester's core catalogue subjects when it offers none yet (IT BE 5 has no choice round). */
async function ensureOfferedSubjects(
  tx: Tx,
  institutionId: number,
  semester: Awaited<ReturnType<typeof findSemester>>,
  no: number,
): Promise<void> {
  const [existing] = await tx
    .select({ id: offeredSubjects.id })
    .from(offeredSubjects)
    .where(eq(offeredSubjects.semesterId, semester.id))
    .limit(1);
  if (existing) return;
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
  await tx
    .insert(offeredSubjects)
    .values(core.map((c, i) => ({ semesterId: semester.id, catalogueSubjectId: c.id, ordering: i })));
  // Offering subjects is what locking the selection does.
  await tx.update(semesters).set({ subjectsLocked: true }).where(eq(semesters.id, semester.id));
}

/**
 * The demo's divisions are planned like an admin's: at most 20 students a division (2 divisions of
 * the 40 students of each timetabled semester) and lab batches of at most 12, so each division gets
 * the two core batches the sample timetables use (A1, A2, B1, B2).
 */
const DEMO_MAX_DIVISION_SIZE = 20;
const DEMO_BATCH_POLICY = { singleBatchMax: 12, batchSize: 12 } as const;

/**
 * Plans a semester's divisions with the division planner and stores them through the same code as
 * an admin's confirm (`saveDivisionPlan`), so the demo obeys the same rules. Leaves a semester that
 * already has divisions alone. The sample timetables name divisions A, B and batches A1, A2, B1,
 * B2: a plan without them fails loudly here rather than at the timetable import.
 */
async function planDivisionsOf(tx: Tx, semester: { id: number; label: string }): Promise<void> {
  const [existing] = await tx
    .select({ id: divisions.id })
    .from(divisions)
    .where(eq(divisions.semesterId, semester.id))
    .limit(1);
  if (existing) return;
  const roster = await loadPlanningRoster(tx, semester.id);
  const plan = await planDivisions({
    subjects: plannerSubjects(roster.subjects),
    students: plannerStudents(roster),
    maxDivisionSize: DEMO_MAX_DIVISION_SIZE,
    batchPolicy: DEMO_BATCH_POLICY,
  });
  const bySlug = new Map(roster.students.map((student) => [student.slug, student]));
  const suggestion = toSuggestionResponse(plan, (slug) => studentWire(bySlug.get(slug)!), {
    includeCore: true,
  });
  const batchNames = suggestion.divisions.flatMap((d) => d.total_batches);
  for (const needed of ['A1', 'A2', 'B1', 'B2']) {
    if (!batchNames.includes(needed)) {
      throw new Error(
        `the demo plan of ${semester.label} has no batch ${needed} (batches: ${batchNames.join(', ')})`,
      );
    }
  }
  await saveDivisionPlan(tx, semester, suggestion, DEMO_BATCH_POLICY);
}

/**
 * The README promises the demo student a place in CE BE semester 7, division A, batch A1 (the
 * student is the first of that semester by enrolment, so the planner puts them there); other demo
 * tests rely on it, so a plan that breaks it stops the seed.
 */
async function checkDemoStudentPlace(tx: Tx): Promise<void> {
  const rows = await tx
    .select({ division: divisions.name, batch: batches.name })
    .from(students)
    .innerJoin(profiles, eq(profiles.id, students.profileId))
    .innerJoin(divisionStudents, eq(divisionStudents.studentId, students.id))
    .innerJoin(divisions, eq(divisions.id, divisionStudents.divisionId))
    .innerJoin(batchStudents, eq(batchStudents.studentId, students.id))
    .innerJoin(batches, and(eq(batches.id, batchStudents.batchId), eq(batches.divisionId, divisions.id)))
    .where(and(eq(profiles.email, DEMO_STUDENT_EMAIL), eq(batches.kind, 'core')));
  const place = rows.map((r) => `${r.division}/${r.batch}`).join(', ');
  if (place !== 'A/A1')
    throw new Error(`the demo student should be in division A, batch A1, not ${place || 'nowhere'}`);
}

/**
 * Gives the demo institution a week of lectures: CE BE semester 7 and IT BE semester 5 get
 * divisions and batches from the division planner, and the timetables of the shipped sample files
 * (imported through the same checks as an upload), with lectures on every day so the live
 * attendance flow can be tried any day. The demo student is in CE BE semester 7 (division A, batch
 * A1), where the demo teacher (CST) teaches every day. IT BE semester 7, ready for planning, keeps
 * no divisions so an admin can try division creation.
 */
export async function seedDemoTimetable(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [inst] = await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.code, DEMO_INSTITUTION_CODE))
      .orderBy(desc(institutions.id))
      .limit(1);
    if (!inst) throw new Error('demo institution not found');

    const branchIds: number[] = [];
    for (const plan of TIMETABLED) {
      const semester = await findSemester(tx, inst.id, plan.branchCode, plan.title, plan.no);
      branchIds.push(semester.branchId);
      await ensureOfferedSubjects(tx, inst.id, semester, plan.no);
      await planDivisionsOf(tx, {
        id: semester.id,
        label: `${plan.title} semester ${plan.no} of branch ${plan.branchCode}`,
      });
    }
    await checkDemoStudentPlace(tx);

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
