import { compareStudents } from '../model';
import type { PlannerStudent } from '../model';

/** Students who chose exactly the same set of electives. */
export interface ChoiceGroup {
  /** The sorted elective slugs joined by "+" ("" for students without electives). */
  readonly key: string;
  /** Sorted elective slugs. */
  readonly electives: readonly string[];
  /** Student slugs ordered by enrolment. */
  readonly students: readonly string[];
  readonly size: number;
}

/** The key of a set of electives, independent of the order the student chose them in. */
export function choiceKey(electives: readonly string[]): string {
  return [...new Set(electives)].sort().join('+');
}

/**
 * Groups students by identical elective sets. Students are ordered by enrolment inside a group,
 * and groups are ordered by size (largest first), then by the enrolment of their first student,
 * so the same input always yields the same groups in the same order (the planner relies on it).
 */
export function choiceGroups(students: readonly PlannerStudent[]): ChoiceGroup[] {
  const byKey = new Map<string, PlannerStudent[]>();
  for (const student of [...students].sort(compareStudents)) {
    const key = choiceKey(student.electives);
    const members = byKey.get(key);
    if (members) members.push(student);
    else byKey.set(key, [student]);
  }
  const groups = [...byKey.entries()].map(([key, members]) => ({
    key,
    electives: [...new Set(members[0]?.electives ?? [])].sort(),
    students: members.map((student) => student.slug),
    size: members.length,
    first: members[0],
  }));
  groups.sort((a, b) => b.size - a.size || (a.first && b.first ? compareStudents(a.first, b.first) : 0));
  return groups.map(({ key, electives, students: slugs, size }) => ({
    key,
    electives,
    students: slugs,
    size,
  }));
}
