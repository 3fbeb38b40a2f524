import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Edits } from './allocation-edit-map';
import {
  batchStudents,
  batches,
  divisionStudents,
  divisions,
  electiveCategories,
  electiveCategorySubjects,
  offeredSubjects,
  semesters,
  subjectChoiceItems,
  subjectChoices,
} from '../db/schema';
import {
  buildAdmin,
  buildCollege,
  buildSemester,
  buildStudent,
  buildTeacher,
  buildOtherInstitution,
  buildTeachers,
} from './factories';
import { insertCatalogue } from './catalogue-fixture';

/** A BE semester 7 subject to offer in a test: code, name, weekly hours, core or elective. */
export type SubjectSpec = { code: string; name: string; L: number; T: number; P: number; elective: boolean };

/** OS is core; ML and CC are electives of one category; Mini Project is practical-only. */
const SUBJECTS: SubjectSpec[] = [
  { code: '350701', name: 'Operating Systems', L: 3, T: 1, P: 2, elective: false },
  { code: '350711', name: 'Machine Learning', L: 3, T: 0, P: 2, elective: true },
  { code: '350712', name: 'Cloud Computing', L: 3, T: 0, P: 2, elective: true },
  { code: '350790', name: 'Mini Project', L: 0, T: 0, P: 4, elective: false },
];

/**
 * Adds catalogue rows (CE BE semester 7, 2026-27) and offers them in a semester, as a lock would;
 * electives share one category. Returns the offered rows by subject code, with name and hours.
 */
export async function offer(db: Db, institutionId: number, semesterId: number, specs: SubjectSpec[]) {
  const catalogue = await insertCatalogue(
    db,
    { institutionId },
    specs.map((s) => ({
      code: s.code,
      name: s.name,
      elective: s.elective,
      hours: { lectureHours: s.L, tutorialHours: s.T, practicalHours: s.P },
      theory: s.L > 0,
      practical: s.L === 0,
    })),
  );
  const offered = await db
    .insert(offeredSubjects)
    .values(
      catalogue.map((c, i) => ({
        semesterId,
        catalogueSubjectId: c.id,
        isElective: c.isElective,
        ordering: i,
      })),
    )
    .returning();
  return Object.fromEntries(
    specs.map((s, i) => [s.code, { ...offered[i]!, name: s.name, L: s.L, T: s.T, P: s.P }]),
  );
}

/**
 * The factories' college with a CE BE semester 7 of 2026-27 whose subjects are locked and offered;
 * `semester` sets more of the semester (its divisions, its choice deadline).
 */
export async function buildOfferedSemester7(
  db: Db,
  specs: SubjectSpec[],
  semester: Partial<typeof semesters.$inferInsert> = {},
) {
  const college = await buildCollege(db);
  const row = await buildSemester(db, {
    institutionId: college.institutionId,
    streamId: college.ceBE.id,
    no: 7,
    academicYear: '2026-27',
    subjectsLocked: true,
    ...semester,
  });
  const offered = await offer(db, college.institutionId, row.id, specs);
  return { ...college, semester: row, offered };
}

/** A saved choice record of a person with its picks in order (what a save writes). */
export async function saveChoices(
  db: Db,
  profileId: number,
  semesterId: number,
  kind: 'teacher' | 'student',
  offeredIds: number[],
) {
  const [record] = await db
    .insert(subjectChoices)
    .values({ profileId, semesterId, kind, choicesSaved: true, savedAt: new Date() })
    .returning();
  if (offeredIds.length > 0) {
    await db.insert(subjectChoiceItems).values(
      offeredIds.map((offeredSubjectId, i) => ({
        choiceId: record!.id,
        offeredSubjectId,
        ordering: i + 1,
      })),
    );
  }
  return record!;
}

/**
 * A planned CE BE semester 7: divisions A and B with core batches A1, A2, B1, B2 and one student in
 * each; A's students chose Machine Learning, B's Cloud Computing. Three CE teachers saved rankings
 * (Asha: OS, ML; Bharat: OS, CC, Mini Project; Chetan: Mini Project). Units: OS 16 h (theory 3 and
 * tutorial 1 per division, 2 h lab per batch), ML 7 h (A), CC 7 h (B), Mini Project 16 h
 * (practical-only, 4 h per batch in two blocks): 46 h, all coverable within 18 h maxima. Also an
 * IT admin with no planned semester, and another institution with its own admin and teacher.
 */
export async function buildAllocationWorld(db: Db) {
  const {
    institution,
    institutionId,
    ce,
    it,
    semester,
    offered: subjects,
  } = await buildOfferedSemester7(db, SUBJECTS, { divisionsCreated: true });
  const os = subjects['350701']!;
  const ml = subjects['350711']!;
  const cc = subjects['350712']!;
  const project = subjects['350790']!;
  const [category] = await db
    .insert(electiveCategories)
    .values({ semesterId: semester.id, category: 'Professional Elective Course' })
    .returning();
  await db.insert(electiveCategorySubjects).values([
    { categoryId: category!.id, offeredSubjectId: ml.id },
    { categoryId: category!.id, offeredSubjectId: cc.id },
  ]);

  const divisionRows = await db
    .insert(divisions)
    .values([
      { semesterId: semester.id, name: 'A', ordering: 1 },
      { semesterId: semester.id, name: 'B', ordering: 2 },
    ])
    .returning();
  const batchRows = await db
    .insert(batches)
    .values(
      divisionRows.flatMap((d) =>
        [1, 2].map((n) => ({ divisionId: d.id, name: `${d.name}${n}`, kind: 'core' as const, ordering: n })),
      ),
    )
    .returning();
  const students = [];
  for (const [i, batch] of batchRows.entries()) {
    const division = divisionRows.find((d) => d.id === batch.divisionId)!;
    const s = await buildStudent(db, {
      institutionId,
      branchId: ce.id,
      semesterId: semester.id,
      name: `Student ${batch.name}`,
      enrollment: `2607${i + 1}`,
    });
    await db
      .insert(divisionStudents)
      .values({ semesterId: semester.id, divisionId: division.id, studentId: s.student.id });
    await db.insert(batchStudents).values({ batchId: batch.id, studentId: s.student.id });
    await saveChoices(db, s.profile.id, semester.id, 'student', [division.name === 'A' ? ml.id : cc.id]);
    students.push(s);
  }

  const admin = await buildAdmin(db, { institutionId, branchId: ce.id, name: 'CE Admin' });
  const itAdmin = await buildAdmin(db, { institutionId, branchId: it.id, name: 'IT Admin' });
  const [asha, bharat, chetan, idle] = await buildTeachers(db, { institutionId, branchId: ce.id }, [
    ['Asha Rao', 'AR'],
    ['Bharat Shah', 'BS'],
    ['Chetan Mehta', 'CM'],
    ['Isha Idle', 'II'],
  ]);
  await saveChoices(db, asha.profile.id, semester.id, 'teacher', [os.id, ml.id]);
  await saveChoices(db, bharat.profile.id, semester.id, 'teacher', [os.id, cc.id, project.id]);
  await saveChoices(db, chetan.profile.id, semester.id, 'teacher', [project.id]);

  const { institution: other, branch: otherBranch, stream: otherStream } = await buildOtherInstitution(db);
  const otherSemester = await buildSemester(db, {
    institutionId: other.id,
    streamId: otherStream.id,
    no: 7,
    subjectsLocked: true,
    divisionsCreated: true,
  });
  const otherSubjects = await offer(db, other.id, otherSemester.id, SUBJECTS.slice(0, 1));
  await db.insert(divisions).values({ semesterId: otherSemester.id, name: 'A' });
  const otherAdmin = await buildAdmin(db, { institutionId: other.id, branchId: otherBranch.id });
  const otherTeacher = await buildTeacher(db, { institutionId: other.id, branchId: otherBranch.id });
  await saveChoices(db, otherTeacher.profile.id, otherSemester.id, 'teacher', [otherSubjects['350701']!.id]);

  return {
    institution,
    ce,
    it,
    semester,
    subjects: { os, ml, cc, project },
    divisions: divisionRows,
    batches: batchRows,
    students,
    admin: admin.profile,
    itAdmin: itAdmin.profile,
    teachers: { asha, bharat, chetan, idle },
    other: {
      admin: otherAdmin.profile,
      teacher: otherTeacher,
      semester: otherSemester,
      subject: otherSubjects['350701']!,
    },
  };
}

export type AllocationWorld = Awaited<ReturnType<typeof buildAllocationWorld>>;

/** A complete allocation of the world's 46 h: Asha 16 h, Bharat 14 h, Chetan 16 h. */
export function fullPlan(w: AllocationWorld): Edits {
  const [asha, bharat, chetan] = [w.teachers.asha, w.teachers.bharat, w.teachers.chetan].map(
    (x) => x.teacher.slug,
  ) as [string, string, string];
  return {
    '350701': {
      theory: [
        [asha, 3],
        [bharat, 3],
      ],
      tutorial: [[asha, 2]],
      lab: [
        [asha, 4],
        [bharat, 4],
      ],
    },
    '350711': { theory: [[asha, 3]], lab: [[asha, 4]] },
    '350712': { theory: [[bharat, 3]], lab: [[bharat, 4]] },
    '350790': { practical: [[chetan, 16]] },
  };
}

/** A semester's allocation flag (for checks on what confirm and reset write). */
export async function semesterConfirmed(db: Db, semesterId: number): Promise<boolean> {
  const [row] = await db
    .select({ confirmed: semesters.allocationConfirmed })
    .from(semesters)
    .where(eq(semesters.id, semesterId));
  return row?.confirmed ?? false;
}
