import { weeklyHours } from '../model';
import type { PlannerStudent, PlannerSubject } from '../model';
import { choiceGroups } from './choice-groups';
import type { ChoiceGroup } from './choice-groups';
import { isRecord, shown } from '../input-shape';

/** Default relative size tolerance: division sizes stay within 10 % of each other. */
export const DEFAULT_BALANCE_TOLERANCE = 0.1;

/**
 * The division planning problem in index form, shared by the exact model, the heuristic and the
 * plan builder. A solution is a matrix `counts[g][d]`: how many students of group g sit in division d.
 */
export interface DivisionProblem {
  readonly groups: readonly ChoiceGroup[];
  /** Electives chosen by at least one student, in input order. */
  readonly electives: readonly PlannerSubject[];
  readonly electiveHours: readonly number[];
  /** Per group, the indices into `electives` it takes. */
  readonly groupElectives: readonly (readonly number[])[];
  /** Per elective, the groups taking it. */
  readonly electiveGroups: readonly (readonly number[])[];
  /** Per elective, the number of students taking it. */
  readonly electiveStudents: readonly number[];
  readonly studentCount: number;
  readonly divisionCount: number;
  readonly maxDivisionSize: number;
  /** Largest allowed difference between two division sizes. */
  readonly spreadLimit: number;
  /** Size bounds implied by the limit and the spread limit. */
  readonly sizeLow: number;
  readonly sizeHigh: number;
  /** Weekly hours of all core subjects in one division. */
  readonly coreHoursPerDivision: number;
}

export type Counts = number[][];

/** Thrown for input the planner cannot work with; `issues` lists every problem found. */
export class PlannerInputError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid planner input: ${issues.join('; ')}`);
    this.name = 'PlannerInputError';
  }
}

/**
 * How one subject breaks the input's shape (the fields the planner reads), named by its slug or,
 * without one, its position. Input from JSON may hold anything; this runs before any use.
 */
function subjectShapeIssues(subject: unknown, index: number): string[] {
  if (!isRecord(subject)) return [`subjects[${index}] must be an object (got ${shown(subject)})`];
  const issues: string[] = [];
  const name =
    typeof subject.slug === 'string' && subject.slug !== ''
      ? `subject ${subject.slug}`
      : `subjects[${index}]`;
  if (typeof subject.slug !== 'string' || subject.slug === '')
    issues.push(`${name}: slug must be a non-empty string (got ${shown(subject.slug)})`);
  if (typeof subject.name !== 'string')
    issues.push(`${name}: name must be a string (got ${shown(subject.name)})`);
  if (typeof subject.elective !== 'boolean')
    issues.push(`${name}: elective must be true or false (got ${shown(subject.elective)})`);
  for (const part of ['L', 'T', 'P'] as const) {
    const hours = subject[part];
    if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0)
      issues.push(`${name}: ${part} must be a number >= 0 (got ${shown(hours)})`);
  }
  for (const optional of ['category', 'shortName'] as const) {
    if (
      subject[optional] !== undefined &&
      subject[optional] !== null &&
      typeof subject[optional] !== 'string'
    )
      issues.push(`${name}: ${optional} must be a string when given (got ${shown(subject[optional])})`);
  }
  return issues;
}

/** How one student breaks the input's shape, named by slug or position (see subjectShapeIssues). */
function studentShapeIssues(student: unknown, index: number): string[] {
  if (!isRecord(student)) return [`students[${index}] must be an object (got ${shown(student)})`];
  const issues: string[] = [];
  const name =
    typeof student.slug === 'string' && student.slug !== ''
      ? `student ${student.slug}`
      : `students[${index}]`;
  if (typeof student.slug !== 'string' || student.slug === '')
    issues.push(`${name}: slug must be a non-empty string (got ${shown(student.slug)})`);
  if (typeof student.enrollment !== 'string')
    issues.push(`${name}: enrollment must be a string (got ${shown(student.enrollment)})`);
  const electives = student.electives;
  if (!Array.isArray(electives) || electives.some((slug) => typeof slug !== 'string'))
    issues.push(`${name}: electives must be a list of subject slugs (got ${shown(electives)})`);
  return issues;
}

// Students named in the issue of an enrolment number several students share.
const SHARED_ENROLMENT_NAMED = 5;

/**
 * Checks subjects and students against each other and returns every problem found: first their
 * shape (lists of objects with the fields of PlannerSubject and PlannerStudent, as JSON input may
 * hold anything), then, when the shape holds, duplicates and choices of unknown or core subjects.
 */
export function inputIssues(
  subjects: readonly PlannerSubject[],
  students: readonly PlannerStudent[],
): string[] {
  const lists: string[] = [];
  if (!Array.isArray(subjects)) lists.push(`subjects must be a list (got ${shown(subjects)})`);
  if (!Array.isArray(students)) lists.push(`students must be a list (got ${shown(students)})`);
  if (lists.length > 0) return lists;
  const shape = [
    ...subjects.flatMap((subject, index) => subjectShapeIssues(subject, index)),
    ...students.flatMap((student, index) => studentShapeIssues(student, index)),
  ];
  if (shape.length > 0) return shape;
  const issues: string[] = [];
  const bySlug = new Map<string, PlannerSubject>();
  for (const subject of subjects) {
    if (bySlug.has(subject.slug)) issues.push(`subject ${subject.slug} is listed twice`);
    bySlug.set(subject.slug, subject);
  }
  const seen = new Set<string>();
  // Enrolment numbers order every listing and identify students on the division lists a college
  // prints: two students with one number are a data error (the server's table forbids it too).
  // One issue per number, naming a few of its holders: a file whose numbers are all blank is one
  // issue, not one per student.
  const byEnrolment = new Map<string, string[]>();
  for (const student of students) {
    const repeated = seen.has(student.slug);
    if (repeated) issues.push(`student ${student.slug} is listed twice`);
    seen.add(student.slug);
    // A student listed twice is that issue, not a second holder of their number.
    const holders = byEnrolment.get(student.enrollment);
    if (!holders) byEnrolment.set(student.enrollment, [student.slug]);
    else if (!repeated) holders.push(student.slug);
    for (const elective of student.electives) {
      const subject = bySlug.get(elective);
      if (!subject) issues.push(`student ${student.slug} chose unknown subject ${elective}`);
      else if (!subject.elective)
        issues.push(`student ${student.slug} chose core subject ${elective} as an elective`);
    }
  }
  for (const [enrollment, holders] of byEnrolment) {
    if (holders.length < 2) continue;
    const named = holders.slice(0, SHARED_ENROLMENT_NAMED);
    const rest = holders.length - named.length;
    const list =
      rest > 0
        ? `${named.join(', ')} and ${rest} more`
        : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
    issues.push(`students ${list} share enrolment number ${shown(enrollment)}`);
  }
  return issues;
}

/** Division sizes as equal as can be: N / D rounded down, the first N mod D divisions one more. */
export function balancedTargets(studentCount: number, divisionCount: number): number[] {
  return Array.from(
    { length: divisionCount },
    (_, d) => Math.floor(studentCount / divisionCount) + (d < studentCount % divisionCount ? 1 : 0),
  );
}

/** The spread limit for a tolerance: at least 1 student unless the sizes can be exactly equal. */
export function spreadLimitFor(studentCount: number, divisionCount: number, tolerance: number): number {
  if (divisionCount <= 1) return 0;
  const largest = Math.ceil(studentCount / divisionCount);
  const minimum = studentCount % divisionCount === 0 ? 0 : 1;
  return Math.max(minimum, Math.floor(tolerance * largest));
}

/**
 * Builds the index form of a planning input. The number of divisions is the fewest the limit
 * allows, ceil(N / maxDivisionSize); throws {@link PlannerInputError} on inconsistent input.
 */
export function buildProblem(
  subjects: readonly PlannerSubject[],
  students: readonly PlannerStudent[],
  maxDivisionSize: number,
  balanceTolerance: number = DEFAULT_BALANCE_TOLERANCE,
  divisionCount?: number,
): DivisionProblem {
  const issues = inputIssues(subjects, students);
  if (!Number.isInteger(maxDivisionSize) || maxDivisionSize < 1) {
    issues.push(`maxDivisionSize must be a positive integer (got ${shown(maxDivisionSize)})`);
  }
  if (typeof balanceTolerance !== 'number' || !(balanceTolerance >= 0))
    issues.push(`balanceTolerance must be a number >= 0 (got ${shown(balanceTolerance)})`);
  if (issues.length > 0) throw new PlannerInputError(issues);

  const groups = choiceGroups(students);
  const electiveIndex = new Map<string, number>();
  const electives: PlannerSubject[] = [];
  const chosen = new Set(students.flatMap((student) => student.electives));
  for (const subject of subjects) {
    if (subject.elective && chosen.has(subject.slug)) {
      electiveIndex.set(subject.slug, electives.length);
      electives.push(subject);
    }
  }
  const groupElectives = groups.map((group) =>
    group.electives.map((slug) => electiveIndex.get(slug) ?? -1).sort((a, b) => a - b),
  );
  const electiveGroups = electives.map(() => [] as number[]);
  const electiveStudents = electives.map(() => 0);
  groupElectives.forEach((list, g) => {
    for (const e of list) {
      electiveGroups[e]?.push(g);
      electiveStudents[e] = (electiveStudents[e] ?? 0) + (groups[g]?.size ?? 0);
    }
  });
  const studentCount = students.length;
  const count = divisionCount ?? Math.ceil(studentCount / maxDivisionSize);
  const spreadLimit = spreadLimitFor(studentCount, count, balanceTolerance);
  const sizeLow = count === 0 ? 0 : Math.max(0, Math.ceil(studentCount / count) - spreadLimit);
  const sizeHigh =
    count === 0 ? 0 : Math.min(maxDivisionSize, Math.floor(studentCount / count) + spreadLimit);
  const coreHoursPerDivision = subjects
    .filter((subject) => !subject.elective)
    .reduce((sum, subject) => sum + weeklyHours(subject), 0);
  return {
    groups,
    electives,
    electiveHours: electives.map(weeklyHours),
    groupElectives,
    electiveGroups,
    electiveStudents,
    studentCount,
    divisionCount: count,
    maxDivisionSize,
    spreadLimit,
    sizeLow,
    sizeHigh,
    coreHoursPerDivision,
  };
}
