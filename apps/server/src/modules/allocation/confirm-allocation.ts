import type { ConfirmSubjectAllocationBody } from '@rollbook/contract';
import { validateAllocation, type UnitAssignment } from '@rollbook/planner';
import { AppError, conflict } from '../../lib/app-error';
import { currentAssignments, type AllocationScope } from './allocation-scope';
import { availableHours } from './allocation-wire';
import { assertPageCurrent } from './page-freshness';
import { readEditedHours } from './read-edited-hours';
import { spreadHours } from './unit-assignments';

const KIND_LABEL = { theory: 'theory', tutorial: 'tutorial', lab: 'lab', practical: 'practical' } as const;

/**
 * Turns a confirm body into the unit assignments to store, or throws: 404 for a subject or teacher
 * outside the allocation, 409 for a page loaded before the units changed, one 400 naming every
 * other problem (invented kinds or hours, a teacher over their maximum, broken lab blocks).
 * Pure: the caller reads `state` under the allocation lock and writes nothing when this throws.
 */
export function planConfirm(state: AllocationScope, body: ConfirmSubjectAllocationBody): UnitAssignment[] {
  if (state.units.length === 0) {
    throw conflict('There is nothing to allocate yet: no semester of your branches has divisions');
  }
  const edited = readEditedHours(state, body.subject_to_teacher_map);
  assertPageCurrent(state, body.subject_to_teacher_map);
  const problems = [...edited.problems];
  const perTeacher = new Map<string, number>();
  for (const hours of edited.targets.values()) {
    for (const [teacher, h] of hours) perTeacher.set(teacher, (perTeacher.get(teacher) ?? 0) + h);
  }
  for (const teacher of state.teachers) {
    const total = perTeacher.get(teacher.slug) ?? 0;
    if (total <= availableHours(teacher)) continue;
    const elsewhere =
      teacher.elsewhere > 0 ? `, ${teacher.elsewhere} h of it already confirmed elsewhere` : '';
    problems.push(
      `${teacher.name} (${teacher.code}) would teach ${total} h a week, above their maximum of ${teacher.maxHours} h${elsewhere}`,
    );
  }
  const { assignments: previous } = currentAssignments(state);
  const spread = spreadHours(state.units, edited.targets, problems.length > 0 ? [] : previous);
  if (problems.length === 0) {
    const subjectById = new Map(state.subjects.map((s) => [s.offeredId, s]));
    const teacherBySlug = new Map(state.teachers.map((t) => [t.slug, t]));
    for (const u of spread.unplaced) {
      const [offeredId, kind] = u.subjectKind.split(':') as [string, keyof typeof KIND_LABEL];
      const subject = subjectById.get(Number(offeredId));
      const teacher = teacherBySlug.get(u.teacher);
      problems.push(
        `${teacher?.name ?? u.teacher}'s ${edited.targets.get(u.subjectKind)?.get(u.teacher) ?? u.hours} h of ${KIND_LABEL[kind]} in ${subject?.subjectName ?? 'a subject'} do not fit its whole 2-hour lab blocks (${u.hours} h left over)`,
      );
    }
  }
  if (problems.length === 0) {
    // The planner's own check, as a last guard: nothing is stored that breaks a unit or a maximum.
    const check = validateAllocation(
      state.units.map((ref) => ref.unit),
      state.teachers.map((t) => ({ slug: t.slug, priorities: t.priorities, maxHours: availableHours(t) })),
      spread.assignments,
    ).filter((v) => v.severity === 'error');
    problems.push(...check.map((v) => v.message));
  }
  if (problems.length > 0) {
    throw new AppError('validation_failed', `The allocation was not confirmed: ${problems.join('; ')}`, {
      issues: problems.map((message) => ({ path: 'subject_to_teacher_map', message })),
    });
  }
  return spread.assignments;
}
