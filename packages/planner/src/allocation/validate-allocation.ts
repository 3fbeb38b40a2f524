import { PRACTICAL_BLOCK_HOURS } from './units';
import { DEFAULT_MAX_HOURS } from './problem';
import type { PlannerTeacher, TeachingUnit, UnitAssignment } from './types';

/** One problem in a submitted allocation. Warnings do not block a confirm. */
export interface AllocationViolation {
  readonly code:
    | 'unknown-unit'
    | 'unknown-teacher'
    | 'invalid-hours'
    | 'duplicate-entry'
    | 'unit-over-assigned'
    | 'teacher-over-max'
    | 'subject-not-ranked';
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly unit?: string;
  readonly teacher?: string;
}

/**
 * Checks an allocation (typically the admin's edited one, before confirming) and returns every
 * violation: assignments to unknown units or teachers, non-positive or non-whole hours and
 * practical hours not in 2-hour blocks, the same unit listed twice for a teacher, more hours on a
 * unit than it has (invented or double-counted), teachers over their weekly maximum, and, as a
 * warning, teachers given subjects they did not rank. Empty when the allocation is clean.
 */
export function validateAllocation(
  units: readonly TeachingUnit[],
  teachers: readonly PlannerTeacher[],
  assignments: readonly UnitAssignment[],
  defaultMaxHours: number = DEFAULT_MAX_HOURS,
): AllocationViolation[] {
  const violations: AllocationViolation[] = [];
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const teacherBySlug = new Map(teachers.map((teacher) => [teacher.slug, teacher]));
  const perUnit = new Map<string, number>();
  const perTeacher = new Map<string, number>();
  const seen = new Set<string>();
  const warnedRank = new Set<string>();
  for (const entry of assignments) {
    const unit = unitById.get(entry.unit);
    const teacher = teacherBySlug.get(entry.teacher);
    const where = { unit: entry.unit, teacher: entry.teacher };
    if (!unit)
      violations.push({
        code: 'unknown-unit',
        severity: 'error',
        message: `unknown unit ${entry.unit}`,
        ...where,
      });
    if (!teacher) {
      violations.push({
        code: 'unknown-teacher',
        severity: 'error',
        message: `unknown teacher ${entry.teacher}`,
        ...where,
      });
    }
    if (!Number.isInteger(entry.hours) || entry.hours <= 0) {
      violations.push({
        code: 'invalid-hours',
        severity: 'error',
        message: `${entry.unit}: hours must be a whole number > 0`,
        ...where,
      });
      continue;
    }
    if (
      unit?.kind === 'practical' &&
      entry.hours % PRACTICAL_BLOCK_HOURS !== 0 &&
      entry.hours !== unit.hours
    ) {
      violations.push({
        code: 'invalid-hours',
        severity: 'error',
        message: `${entry.unit}: practical hours come in blocks of ${PRACTICAL_BLOCK_HOURS}`,
        ...where,
      });
    }
    const pair = `${entry.unit}\u0000${entry.teacher}`;
    if (seen.has(pair)) {
      violations.push({
        code: 'duplicate-entry',
        severity: 'error',
        message: `${entry.unit} is listed twice for ${entry.teacher}`,
        ...where,
      });
    }
    seen.add(pair);
    if (unit) perUnit.set(unit.id, (perUnit.get(unit.id) ?? 0) + entry.hours);
    if (teacher) perTeacher.set(teacher.slug, (perTeacher.get(teacher.slug) ?? 0) + entry.hours);
    if (
      unit &&
      teacher &&
      !teacher.priorities.includes(unit.subject) &&
      !warnedRank.has(`${unit.subject}\u0000${teacher.slug}`)
    ) {
      warnedRank.add(`${unit.subject}\u0000${teacher.slug}`);
      violations.push({
        code: 'subject-not-ranked',
        severity: 'warning',
        message: `${teacher.slug} did not rank ${unit.subject}`,
        ...where,
      });
    }
  }
  for (const [id, hours] of perUnit) {
    const unit = unitById.get(id) as TeachingUnit;
    if (hours > unit.hours) {
      violations.push({
        code: 'unit-over-assigned',
        severity: 'error',
        message: `${id} has ${unit.hours} h but ${hours} h are assigned`,
        unit: id,
      });
    }
  }
  for (const [slug, hours] of perTeacher) {
    const max = teacherBySlug.get(slug)?.maxHours ?? defaultMaxHours;
    if (hours > max) {
      violations.push({
        code: 'teacher-over-max',
        severity: 'error',
        message: `${slug} has ${hours} h, above the maximum ${max}`,
        teacher: slug,
      });
    }
  }
  return violations;
}
