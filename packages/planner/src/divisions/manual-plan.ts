import { batchPolicyIssues, divisionName } from './batches';
import { assemblePlan } from './build-plan';
import { combinatorialLowerBound } from './evaluate';
import { buildProblem, DEFAULT_BALANCE_TOLERANCE, inputIssues } from './problem';
import type { BatchPolicy, PlannerStudent, PlannerSubject } from '../model';
import type { DivisionPlan } from './types';
import { isRecord, shown } from '../input-shape';

/**
 * One division as the admin arranged it: explicit students and/or whole or partial choice groups
 * (by group key, see `choiceGroups`). A group entry without `count` takes all of the group's
 * students not placed explicitly anywhere; with `count` it takes that many, in enrolment order.
 */
export interface ManualDivision {
  readonly name?: string;
  readonly students?: readonly string[];
  readonly groups?: readonly { readonly key: string; readonly count?: number }[];
}

/** Input of {@link planFromManualAssignment}. */
export interface ManualPlanInput {
  readonly subjects: readonly PlannerSubject[];
  readonly students: readonly PlannerStudent[];
  readonly maxDivisionSize: number;
  readonly batchPolicy?: BatchPolicy;
  readonly divisions: readonly ManualDivision[];
}

/** A problem found in a manual plan. */
export interface PlanIssue {
  readonly code:
    | 'invalid-input'
    | 'unknown-student'
    | 'student-placed-twice'
    | 'student-not-placed'
    | 'capacity-exceeded'
    | 'unknown-group'
    | 'group-overdrawn'
    | 'invalid-count'
    | 'empty-division'
    | 'duplicate-division-name';
  readonly message: string;
  readonly division?: string;
  readonly student?: string;
  readonly group?: string;
}

/** Thrown by {@link planFromManualAssignment}; `issues` lists every problem, not just the first. */
export class ManualPlanError extends Error {
  constructor(readonly issues: readonly PlanIssue[]) {
    super(`Manual plan rejected: ${issues.map((issue) => issue.message).join('; ')}`);
    this.name = 'ManualPlanError';
  }
}

interface Resolution {
  readonly issues: PlanIssue[];
  /** Student slugs per division, in the order the admin listed them. */
  readonly placed: string[][];
  readonly names: string[];
}

function resolve(input: ManualPlanInput): Resolution {
  const issues: PlanIssue[] = [];
  const problem = buildProblem(
    input.subjects,
    input.students,
    input.maxDivisionSize,
    DEFAULT_BALANCE_TOLERANCE,
    0,
  );
  const groupByKey = new Map(problem.groups.map((group) => [group.key, group]));
  const known = new Set(input.students.map((student) => student.slug));
  const names = input.divisions.map((division, d) => division.name ?? divisionName(d));
  const where = new Map<string, string>();
  const placed: string[][] = input.divisions.map(() => []);
  const place = (slug: string, d: number) => {
    const name = names[d] ?? String(d);
    const earlier = where.get(slug);
    if (earlier !== undefined) {
      issues.push({
        code: 'student-placed-twice',
        message: `student ${slug} is placed in ${earlier} and ${name}`,
        student: slug,
        division: name,
      });
      return;
    }
    where.set(slug, name);
    placed[d]?.push(slug);
  };
  // Explicit students first, so group draws skip them.
  input.divisions.forEach((division, d) => {
    for (const slug of division.students ?? []) {
      if (!known.has(slug)) {
        issues.push({
          code: 'unknown-student',
          message: `unknown student ${slug}`,
          student: slug,
          division: names[d],
        });
      } else place(slug, d);
    }
  });
  const explicit = new Set(where.keys());
  const nextIndex = new Map<string, number>();
  input.divisions.forEach((division, d) => {
    for (const { key, count } of division.groups ?? []) {
      const group = groupByKey.get(key);
      if (!group) {
        issues.push({
          code: 'unknown-group',
          message: `unknown choice group "${key}"`,
          group: key,
          division: names[d],
        });
        continue;
      }
      if (count !== undefined && (!Number.isInteger(count) || count < 1)) {
        issues.push({
          code: 'invalid-count',
          message: `group "${key}": count must be a positive integer`,
          group: key,
        });
        continue;
      }
      const free = group.students.filter((slug) => !explicit.has(slug));
      const start = nextIndex.get(key) ?? 0;
      const wanted = count ?? free.length - start;
      if (start + wanted > free.length) {
        issues.push({
          code: 'group-overdrawn',
          message: `group "${key}" has ${free.length} students to place but ${start + wanted} were assigned`,
          group: key,
          division: names[d],
        });
      }
      for (const slug of free.slice(start, start + wanted)) place(slug, d);
      nextIndex.set(key, start + wanted);
    }
  });
  for (const student of input.students) {
    if (!where.has(student.slug)) {
      issues.push({
        code: 'student-not-placed',
        message: `student ${student.slug} is not placed`,
        student: student.slug,
      });
    }
  }
  const seenNames = new Set<string>();
  placed.forEach((members, d) => {
    const name = names[d] ?? String(d);
    if (seenNames.has(name))
      issues.push({
        code: 'duplicate-division-name',
        message: `two divisions are named ${name}`,
        division: name,
      });
    seenNames.add(name);
    if (members.length === 0)
      issues.push({ code: 'empty-division', message: `division ${name} is empty`, division: name });
    if (members.length > input.maxDivisionSize) {
      issues.push({
        code: 'capacity-exceeded',
        message: `division ${name} holds ${members.length} students, more than the limit ${input.maxDivisionSize}`,
        division: name,
      });
    }
  });
  return { issues, placed, names };
}

/**
 * How the divisions of a manual plan break their shape (JSON input may hold anything): a null
 * division failed with "reading 'name'", students given as text were read letter by letter, and a
 * number as a name was printed as the division's name.
 */
function divisionShapeIssues(divisions: unknown): string[] {
  if (!Array.isArray(divisions)) return ['divisions must be a list'];
  return divisions.flatMap((division: unknown, d) => {
    const at = `divisions[${d}]`;
    if (!isRecord(division)) return [`${at} must be an object (got ${shown(division)})`];
    const { name, students, groups } = division;
    const issues: string[] = [];
    if (name !== undefined && (typeof name !== 'string' || name.trim() === ''))
      issues.push(`${at}: name must be a non-empty string (got ${shown(name)})`);
    if (
      students !== undefined &&
      (!Array.isArray(students) || students.some((slug) => typeof slug !== 'string'))
    )
      issues.push(`${at}: students must be a list of student slugs (got ${shown(students)})`);
    const isGroup = (entry: unknown) => isRecord(entry) && typeof entry.key === 'string';
    if (groups !== undefined && (!Array.isArray(groups) || !groups.every(isGroup)))
      issues.push(`${at}: groups must be a list of { key, count? } (got ${shown(groups)})`);
    return issues;
  });
}

/**
 * Checks a manual division plan and returns every problem: unknown or twice-placed students,
 * students placed nowhere, groups drawn beyond their size, unknown groups, empty divisions,
 * duplicate names and divisions over the size limit. Empty when the plan is acceptable.
 * Balance is not enforced for manual plans (the admin decides); the spread is reported.
 */
export function checkManualAssignment(input: ManualPlanInput): PlanIssue[] {
  const base = [...inputIssues(input.subjects, input.students), ...batchPolicyIssues(input.batchPolicy)];
  if (!Number.isInteger(input.maxDivisionSize) || input.maxDivisionSize < 1) {
    base.push(`maxDivisionSize must be a positive integer (got ${input.maxDivisionSize})`);
  }
  base.push(...divisionShapeIssues(input.divisions));
  if (base.length > 0) return base.map((message) => ({ code: 'invalid-input', message }));
  return resolve(input).issues;
}

/**
 * Turns a manual plan (whole or partial groups dragged into numbered divisions) into the same
 * {@link DivisionPlan} the optimiser returns: divisions keep the admin's order, names and student
 * choice; batches, hours overview and objective are computed as for suggestions, and the lower
 * bound is the combinatorial one for that number of divisions (method `manual`).
 * Throws {@link ManualPlanError} listing every issue of {@link checkManualAssignment}.
 */
export function planFromManualAssignment(input: ManualPlanInput): DivisionPlan {
  const started = performance.now();
  const inputProblems = checkManualAssignment(input);
  if (inputProblems.length > 0) throw new ManualPlanError(inputProblems);
  const { placed, names } = resolve(input);
  // Manual plans need not be balanced, so the bound must allow any size up to the limit.
  const problem = buildProblem(
    input.subjects,
    input.students,
    input.maxDivisionSize,
    Infinity,
    input.divisions.length,
  );
  const { spreadLimit } = buildProblem(
    input.subjects,
    input.students,
    input.maxDivisionSize,
    DEFAULT_BALANCE_TOLERANCE,
    input.divisions.length,
  );
  const groupOf = new Map<string, number>();
  problem.groups.forEach((group, g) => group.students.forEach((slug) => groupOf.set(slug, g)));
  const membership = placed.map((members) => {
    const byGroup = new Map<number, string[]>();
    for (const slug of members) {
      const g = groupOf.get(slug) ?? 0;
      const slugs = byGroup.get(g);
      if (slugs) slugs.push(slug);
      else byGroup.set(g, [slug]);
    }
    return [...byGroup].sort(([a], [b]) => a - b).map(([group, students]) => ({ group, students }));
  });
  const body = assemblePlan({ ...input, problem, divisionNames: names }, membership);
  const lowerBound = Math.min(body.objective.teachingHours, combinatorialLowerBound(problem));
  const hours = body.objective.teachingHours;
  return {
    ...body,
    lowerBound,
    gap: hours === 0 ? 0 : (hours - lowerBound) / hours,
    optimal: hours === lowerBound,
    timeMs: Math.round(performance.now() - started),
    method: 'manual',
    spreadLimit,
  };
}
