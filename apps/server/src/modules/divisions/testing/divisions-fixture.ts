import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { semesters, subjectChoices } from '../../../db/schema';
import {
  buildAdmin,
  buildBranch,
  buildInstitution,
  buildSemester,
  buildStudent,
  buildTeacher,
} from '../../../testing/factories';
import { buildOfferedSemester7, saveChoices, type SubjectSpec } from '../../../testing/allocation-fixture';

/** Operating Systems is core; Machine Learning, Cloud Computing, Data Visualization and NLP are electives. */
const SUBJECTS: SubjectSpec[] = [
  { code: '350701', name: 'Operating Systems', L: 3, T: 1, P: 2, elective: false },
  { code: '350711', name: 'Machine Learning', L: 3, T: 0, P: 2, elective: true },
  { code: '350712', name: 'Cloud Computing', L: 3, T: 0, P: 2, elective: true },
  { code: '350721', name: 'Data Visualization', L: 3, T: 0, P: 2, elective: true },
  { code: '350722', name: 'Natural Language Processing', L: 2, T: 0, P: 2, elective: true },
];

/** The test clock starts on 2 November 2026; choices of the planned semester closed on 30 October. */
export const CLOSED_DEADLINE = '2026-10-30';

/**
 * A CE BE semester 7 ready for division planning (subjects locked, deadline passed) with 12
 * students: four chose ML + DV, three CC + NLP, three ML + NLP, one has an unsaved choice record
 * and one has none (those two have not finalised their electives). Also a CE BE semester 5 with a
 * student and no electives, the CE admin, a teacher, an IT admin (another branch), and another
 * institution with its admin and student, for checking that nothing leaks across.
 */
export async function buildDivisionsWorld(db: Db) {
  const {
    institution,
    institutionId,
    ce,
    it,
    ceBE: stream,
    semester,
    offered,
  } = await buildOfferedSemester7(db, SUBJECTS, { subjectChoiceDeadline: CLOSED_DEADLINE });
  const os = offered['350701']!;
  const ml = offered['350711']!;
  const cc = offered['350712']!;
  const dv = offered['350721']!;
  const nlp = offered['350722']!;

  const picks: number[][] = [
    ...Array.from({ length: 4 }, () => [ml.id, dv.id]),
    ...Array.from({ length: 3 }, () => [cc.id, nlp.id]),
    ...Array.from({ length: 3 }, () => [ml.id, nlp.id]),
  ];
  const students = [];
  for (let i = 0; i < 12; i++) {
    const s = await buildStudent(db, {
      institutionId,
      branchId: ce.id,
      semesterId: semester.id,
      name: `Student ${String(i + 1).padStart(2, '0')}`,
      enrollment: `2607${String(i + 1).padStart(3, '0')}`,
    });
    const chosen = picks[i];
    if (chosen) await saveChoices(db, s.profile.id, semester.id, 'student', chosen);
    else if (i === 10)
      await db
        .insert(subjectChoices)
        .values({ profileId: s.profile.id, semesterId: semester.id, kind: 'student' });
    students.push(s);
  }

  const sem5 = await buildSemester(db, {
    institutionId,
    streamId: stream.id,
    no: 5,
    academicYear: '2026-27',
    subjectsLocked: true,
    subjectChoiceDeadline: CLOSED_DEADLINE,
  });
  const sem5Student = await buildStudent(db, {
    institutionId,
    branchId: ce.id,
    semesterId: sem5.id,
    name: 'Fifth Semester',
    enrollment: '2805001',
  });

  const admin = await buildAdmin(db, { institutionId, branchId: ce.id, name: 'CE Admin' });
  const itAdmin = await buildAdmin(db, { institutionId, branchId: it.id, name: 'IT Admin' });
  const teacher = await buildTeacher(db, {
    institutionId,
    branchId: ce.id,
    name: 'Asha Rao',
    teacherCode: 'AR',
  });

  const other = await buildInstitution(db);
  const otherBranch = await buildBranch(db, { institutionId: other.id, code: '07' });
  const otherAdmin = await buildAdmin(db, { institutionId: other.id, branchId: otherBranch.id });
  const otherStudent = await buildStudent(db, { institutionId: other.id, branchId: otherBranch.id });

  return {
    institution,
    ce,
    semester,
    subjects: { os, ml, cc, dv, nlp },
    students,
    sem5,
    sem5Student,
    admin: admin.profile,
    itAdmin: itAdmin.profile,
    teacher,
    other: { admin: otherAdmin.profile, student: otherStudent },
  };
}

export type DivisionsWorld = Awaited<ReturnType<typeof buildDivisionsWorld>>;

/** Changes the planned semester's lock and deadline (for the refusals before planning). */
export async function setChoiceState(
  db: Db,
  semesterId: number,
  state: { subjectsLocked?: boolean; subjectChoiceDeadline?: string | null },
): Promise<void> {
  await db.update(semesters).set(state).where(eq(semesters.id, semesterId));
}
