import type { Db } from '../../../db/client';
import { academicTerms } from '../../../db/schema';
import {
  buildAdmin,
  buildCollege,
  buildOtherInstitution,
  buildSemester,
  buildStream,
  buildStudent,
  buildTeacher,
} from '../../../testing/factories';

/** The first half of an academic year (July to mid-December). */
const AUTUMN = { startDate: '2026-07-01', endDate: '2026-12-15' } as const;

/**
 * A college in 2026-27 (its active term) ready for a new year: CE BE semesters 5 (two active
 * students and one deactivated) and 7 (two students), with BE semester 8 of 2025-26 closed (so BE
 * runs to semester 8), and CE ME semester 3 (two students; ME's highest semester, so they
 * graduate). Semester 5 has locked subjects and divisions, to show the new one starts clean. Its
 * registrar (an institution admin), a CE admin of one branch, a teacher, and another institution
 * with its own 2026-27 semester, student and registrar, which must not change.
 */
export async function buildYearWorld(db: Db) {
  const { institution, institutionId, ce, ceBE } = await buildCollege(db);
  const ceME = await buildStream(db, { institutionId, branchId: ce.id, title: 'ME', streamCode: '07' });
  const [term] = await db
    .insert(academicTerms)
    .values({ institutionId, startYear: 2026, endYear: 2027, isActive: true })
    .returning();
  const semester = (streamId: number, no: number, extra: Parameters<typeof buildSemester>[1] = {}) =>
    buildSemester(db, {
      institutionId,
      streamId,
      no,
      termId: term!.id,
      academicYear: '2026-27',
      ...AUTUMN,
      ...extra,
    });
  const be5 = await semester(ceBE.id, 5, {
    subjectsLocked: true,
    subjectChoiceDeadline: '2026-08-01',
    divisionsCreated: true,
  });
  const be7 = await semester(ceBE.id, 7);
  const be8Old = await buildSemester(db, {
    institutionId,
    streamId: ceBE.id,
    no: 8,
    academicYear: '2025-26',
    isActive: false,
    startDate: '2026-01-05',
    endDate: '2026-05-30',
  });
  const me3 = await semester(ceME.id, 3);

  const student = (semesterId: number, name: string, enrollment: string, isActive = true) =>
    buildStudent(db, { institutionId, branchId: ce.id, semesterId, name, enrollment, isActive });
  const students = {
    be5: [await student(be5.id, 'Aarav Patel', '26050001'), await student(be5.id, 'Bhavna Shah', '26050002')],
    be5Inactive: await student(be5.id, 'Chirag Left', '26050003', false),
    be7: [await student(be7.id, 'Diya Mehta', '26070001'), await student(be7.id, 'Eshan Rao', '26070002')],
    me3: [await student(me3.id, 'Farah Khan', '26030001'), await student(me3.id, 'Gopal Iyer', '26030002')],
  };
  const registrar = await buildAdmin(db, {
    institutionId,
    branchId: ce.id,
    name: 'Registrar',
    institutionAdmin: true,
  });
  const ceAdmin = await buildAdmin(db, { institutionId, branchId: ce.id, name: 'CE Admin' });
  const teacher = await buildTeacher(db, {
    institutionId,
    branchId: ce.id,
    name: 'Asha Rao',
    teacherCode: 'AR',
  });

  const other = await buildOtherInstitution(db);
  const otherSemester = await buildSemester(db, {
    institutionId: other.institution.id,
    streamId: other.stream.id,
    no: 5,
    academicYear: '2026-27',
    ...AUTUMN,
  });
  const otherStudent = await buildStudent(db, {
    institutionId: other.institution.id,
    branchId: other.branch.id,
    semesterId: otherSemester.id,
  });
  const otherRegistrar = await buildAdmin(db, {
    institutionId: other.institution.id,
    branchId: other.branch.id,
    institutionAdmin: true,
  });

  return {
    institution,
    ce,
    streams: { be: ceBE, me: ceME },
    term: term!,
    semesters: { be5, be7, be8Old, me3 },
    students,
    registrar: registrar.profile,
    ceAdmin: ceAdmin.profile,
    teacher,
    other: {
      institution: other.institution,
      semester: otherSemester,
      student: otherStudent,
      registrar: otherRegistrar.profile,
    },
  };
}

export type YearWorld = Awaited<ReturnType<typeof buildYearWorld>>;
