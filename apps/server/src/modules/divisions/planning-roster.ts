import type { Student } from '@rollbook/contract';
import type { PlannerStudent, PlannerSubject } from '@rollbook/planner';
import type { Db } from '../../db/client';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import type { OfferedRow } from '../../domain/subjects/subject-rows';
import { createDivisionsRepository, type StudentRow } from './divisions.repository';

/** A student to place, with the electives (offered subject ids) they finally chose. */
export interface RosterStudent extends StudentRow {
  electives: number[];
  /** False when the semester has electives and the student has not finalised theirs. */
  chosen: boolean;
}

/** Everything division planning knows about a semester: its offered subjects and its students. */
export interface PlanningRoster {
  /** Offered subjects in the admin's selection order (batch prefixes depend on this order). */
  subjects: OfferedRow[];
  students: RosterStudent[];
  hasElectives: boolean;
}

/**
 * Reads a semester's offered subjects and active students with their finalised electives: the
 * elective picks of saved student choice records (a record the admin reopened is not saved until
 * the student saves again). When the semester offers no electives every student counts as chosen.
 */
export async function loadPlanningRoster(db: Db, semesterId: number): Promise<PlanningRoster> {
  const repo = createDivisionsRepository(db);
  const subjects = await createCatalogueRepository(db).offeredOfSemesters([semesterId]);
  const electiveIds = new Set(subjects.filter((s) => s.isElective).map((s) => s.offeredId));
  const rows = await repo.studentsOfSemester(semesterId);
  const { records, items } = await repo.studentChoices(semesterId);
  const savedRecordOf = new Map(records.filter((r) => r.saved).map((r) => [r.profileId, r.id]));
  const hasElectives = electiveIds.size > 0;
  const electivesOf = new Map<number, number[]>();
  for (const item of items) {
    if (!electiveIds.has(item.offeredSubjectId)) continue;
    const list = electivesOf.get(item.choiceId) ?? [];
    list.push(item.offeredSubjectId);
    electivesOf.set(item.choiceId, list);
  }
  const students = rows.map((row) => {
    const recordId = savedRecordOf.get(row.profileId);
    const electives = recordId === undefined ? [] : (electivesOf.get(recordId) ?? []);
    return { ...row, electives, chosen: !hasElectives || recordId !== undefined };
  });
  return { subjects, students, hasElectives };
}

/** The semester's offered subjects as the planner takes them (slug = offered subject slug). */
export function plannerSubjects(subjects: readonly OfferedRow[]): PlannerSubject[] {
  return subjects.map((s) => ({
    slug: s.offeredSlug,
    name: s.subjectName,
    ...(s.shortName?.trim() ? { shortName: s.shortName.trim() } : {}),
    L: s.lectureHours,
    T: s.tutorialHours,
    P: s.practicalHours,
    elective: s.isElective,
    category: s.category,
  }));
}

/** The roster as the planner takes it: students without finalised electives have none. */
export function plannerStudents(roster: PlanningRoster): PlannerStudent[] {
  const slugOf = new Map(roster.subjects.map((s) => [s.offeredId, s.offeredSlug]));
  return roster.students.map((s) => ({
    slug: s.slug,
    enrollment: s.enrollment,
    electives: s.electives.map((id) => slugOf.get(id)!),
  }));
}

/** A student as the contract lists them in groups, divisions and batches (§10.2). */
export function studentWire(row: StudentRow): Student {
  return {
    slug: row.slug,
    enrollment: row.enrollment,
    ...(row.srNo ? { sr_no: row.srNo } : {}),
    profile: { name: row.name?.trim() || row.enrollment, email: row.email, role: 'student' },
  };
}

/**
 * A classmate as a student sees them in their own division (§11.3: slug, name, enrolment): no
 * email address, which only the institution's staff may read.
 */
export function classmateWire(row: StudentRow): Student {
  const { profile, ...rest } = studentWire(row);
  return { ...rest, profile: { name: profile.name, role: 'student' } };
}

/** "Name (enrollment)", how problems name a student. */
export function studentLabel(row: Pick<StudentRow, 'name' | 'enrollment'>): string {
  const name = row.name?.trim();
  return name ? `${name} (${row.enrollment})` : row.enrollment;
}
