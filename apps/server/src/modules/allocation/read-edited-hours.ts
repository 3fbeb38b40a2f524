import type { SubjectToTeacherMap } from '@rollbook/contract';
import { notFound } from '../../lib/app-error';
import type { AllocationScope } from './allocation-scope';
import type { WireKind } from './teaching-units';
import { subjectKindKey } from './unit-assignments';

const KINDS: readonly WireKind[] = ['theory', 'lab', 'tutorial', 'practical'];

/**
 * Reads the admin's edited subject-side map into hours per teacher for each subject and kind,
 * checked against the real units: a subject or teacher outside the admin's allocation is a 404
 * (like any foreign slug); a kind the subject does not have, hours that are not whole, a teacher
 * listed twice, or more hours than the subject has (invented hours) are problems, each a sentence.
 * The client's totals and remaining hours are ignored: the server counts from the units.
 */
export function readEditedHours(
  state: AllocationScope,
  map: SubjectToTeacherMap,
): { targets: Map<string, Map<string, number>>; problems: string[] } {
  const totals = new Map<string, number>();
  for (const ref of state.units) {
    const key = subjectKindKey(ref.offeredId, ref.wireKind);
    totals.set(key, (totals.get(key) ?? 0) + ref.unit.hours);
  }
  const taught = new Set(state.units.map((ref) => ref.offeredId));
  const subjectBySlug = new Map(
    state.subjects.filter((s) => taught.has(s.offeredId)).map((s) => [s.offeredSlug, s]),
  );
  const teacherBySlug = new Map(state.teachers.map((t) => [t.slug, t]));
  const targets = new Map<string, Map<string, number>>();
  const problems: string[] = [];
  const seenSubjects = new Set<number>();

  for (const row of [...map.instant_allocations, ...map.separate_allocations]) {
    const subject = subjectBySlug.get(row.subject.slug) ?? subjectBySlug.get(row.subject.subject_map.slug);
    if (!subject) throw notFound('Subject');
    const label = `${subject.subjectName} (${subject.subjectCode})`;
    if (seenSubjects.has(subject.offeredId)) {
      problems.push(`${label} is listed twice`);
      continue;
    }
    seenSubjects.add(subject.offeredId);
    for (const kind of KINDS) {
      const entry = row.teacher_allocation[kind];
      if (!entry) continue;
      const given = entry.teachers.filter((e) => e.hours > 0);
      for (const e of given) if (!teacherBySlug.has(e.teacher.slug)) throw notFound('Teacher');
      const key = subjectKindKey(subject.offeredId, kind);
      const total = totals.get(key) ?? 0;
      if (total === 0) {
        if (given.length > 0) problems.push(`${label} has no ${kind} hours to allocate`);
        continue;
      }
      const hours = new Map<string, number>();
      for (const e of given) {
        const teacher = teacherBySlug.get(e.teacher.slug)!;
        if (!Number.isInteger(e.hours)) {
          problems.push(
            `${teacher.name}: ${e.hours} h of ${kind} in ${label} is not a whole number of hours`,
          );
        } else if (hours.has(teacher.slug)) {
          problems.push(`${teacher.name} is listed twice for the ${kind} of ${label}`);
        } else {
          hours.set(teacher.slug, e.hours);
        }
      }
      const sum = [...hours.values()].reduce((s, h) => s + h, 0);
      if (sum > total) {
        problems.push(`${label} has ${total} h of ${kind} a week, but ${sum} h are allocated`);
      }
      targets.set(key, hours);
    }
  }
  return { targets, problems };
}
