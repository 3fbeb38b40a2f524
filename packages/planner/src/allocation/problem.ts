import type { AllocationInput, AllocationWeights, TeachingUnit, UnitKind } from './types';
import { isRecord, shown } from '../input-shape';

/** Default weekly maximum for teachers without their own. */
export const DEFAULT_MAX_HOURS = 18;
export const DEFAULT_WEIGHTS: Required<AllocationWeights> = { rank: 1, teacherPerSubject: 2, overload: 1 };

/** Units of one subject and kind with equal hours: interchangeable for the objective. */
export interface UnitClass {
  readonly subject: string;
  readonly kind: UnitKind;
  readonly hours: number;
  /** Units ordered by id, so division and batch order drive who gets which unit. */
  readonly units: readonly TeachingUnit[];
}

export interface AllocationTeacher {
  readonly slug: string;
  readonly maxHours: number;
  readonly seniority: number;
  /** Rank per subject slug; absent subjects are not allowed for this teacher. */
  readonly ranks: ReadonlyMap<string, number>;
}

/** The allocation in index form; a solution is `counts[c][t]`, units of class c given to teacher t. */
export interface AllocationProblem {
  readonly classes: readonly UnitClass[];
  readonly teachers: readonly AllocationTeacher[];
  /** Per class, the teachers allowed to take it. */
  readonly eligible: readonly (readonly number[])[];
  readonly weights: Required<AllocationWeights>;
  readonly totalHours: number;
  /** Σ maxHours over teachers allowed to take at least one class. */
  readonly usefulCapacity: number;
  /**
   * Fair loads fixed by the caller instead of share · maximum (a part of a larger problem, whose
   * teachers keep load elsewhere: see subject-neighbourhoods.ts); may be negative there.
   */
  readonly fairLoads?: readonly number[];
}

export type ClassCounts = number[][];

/**
 * Hours in a week: no unit and no teacher's weekly maximum can exceed it. The coverage bound's
 * knapsack (subject-cover.ts) works in whole hours up to a teacher's maximum, so a maximum of 1e15
 * ended in "Invalid array length" and one of 1e6 took 1.7 s; a limit a college can mean keeps it small.
 */
export const HOURS_IN_A_WEEK = 168;

const UNIT_KINDS: readonly UnitKind[] = ['theory', 'tutorial', 'practical'];

function isHours(value: unknown, low: 'positive' | 'non-negative'): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (low === 'positive' ? value > 0 : value >= 0) &&
    value <= HOURS_IN_A_WEEK
  );
}

/** How one unit breaks the input's shape (JSON input may hold anything), named by id or position. */
function unitIssues(unit: unknown, index: number): string[] {
  if (!isRecord(unit)) return [`units[${index}] must be an object (got ${shown(unit)})`];
  const name = typeof unit.id === 'string' && unit.id !== '' ? `unit ${unit.id}` : `units[${index}]`;
  const issues: string[] = [];
  if (typeof unit.id !== 'string' || unit.id === '') issues.push(`${name}: id must be a non-empty string`);
  if (typeof unit.subject !== 'string') issues.push(`${name}: subject must be a subject slug`);
  if (typeof unit.division !== 'string') issues.push(`${name}: division must be a string`);
  if (!UNIT_KINDS.includes(unit.kind as UnitKind))
    issues.push(`${name}: kind must be one of ${UNIT_KINDS.join(', ')} (got ${shown(unit.kind)})`);
  if (unit.batch !== null && unit.batch !== undefined && typeof unit.batch !== 'string')
    issues.push(`${name}: batch must be a string or null`);
  if (!isHours(unit.hours, 'positive'))
    issues.push(`${name}: hours must be > 0 and at most ${HOURS_IN_A_WEEK} (got ${shown(unit.hours)})`);
  return issues;
}

/** How one teacher breaks the input's shape, named by slug or position. */
function teacherIssues(teacher: unknown, index: number): string[] {
  if (!isRecord(teacher)) return [`teachers[${index}] must be an object (got ${shown(teacher)})`];
  const name =
    typeof teacher.slug === 'string' && teacher.slug !== ''
      ? `teacher ${teacher.slug}`
      : `teachers[${index}]`;
  const issues: string[] = [];
  if (typeof teacher.slug !== 'string' || teacher.slug === '')
    issues.push(`${name}: slug must be a non-empty string`);
  const priorities = teacher.priorities;
  if (!Array.isArray(priorities) || priorities.some((slug) => typeof slug !== 'string'))
    issues.push(`${name}: priorities must be a list of subject slugs (got ${shown(priorities)})`);
  if (teacher.maxHours !== undefined && !isHours(teacher.maxHours, 'non-negative'))
    issues.push(
      `${name}: maxHours must be >= 0 and at most ${HOURS_IN_A_WEEK} (got ${shown(teacher.maxHours)})`,
    );
  if (
    teacher.seniority !== undefined &&
    (typeof teacher.seniority !== 'number' || !Number.isFinite(teacher.seniority))
  )
    issues.push(`${name}: seniority must be a number (got ${shown(teacher.seniority)})`);
  return issues;
}

/** How the options of an allocation request break their types. */
function optionIssues(input: AllocationInput): string[] {
  const issues: string[] = [];
  const options = input as unknown as Record<string, unknown>;
  if (options.defaultMaxHours !== undefined && !isHours(options.defaultMaxHours, 'non-negative'))
    issues.push(
      `defaultMaxHours must be >= 0 and at most ${HOURS_IN_A_WEEK} (got ${shown(options.defaultMaxHours)})`,
    );
  const budget = options.timeBudgetMs;
  if (budget !== undefined && (typeof budget !== 'number' || !Number.isFinite(budget) || !(budget > 0)))
    issues.push(`timeBudgetMs must be a number of milliseconds > 0 (got ${shown(budget)})`);
  for (const flag of ['allowUnranked', 'exact'] as const) {
    if (options[flag] !== undefined && typeof options[flag] !== 'boolean')
      issues.push(`${flag} must be true or false (got ${shown(options[flag])})`);
  }
  const weights = options.weights;
  if (weights !== undefined) {
    if (!isRecord(weights)) issues.push(`weights must be an object (got ${shown(weights)})`);
    else
      for (const [key, value] of Object.entries(weights)) {
        // A negative weight turns a cost into a reward (rank −5 preferred teachers' last choices).
        if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0))
          issues.push(`weights.${key} must be a number >= 0 (got ${shown(value)})`);
      }
  }
  return issues;
}

/** Every problem in the input, as messages (empty when usable). */
export function allocationInputIssues(input: AllocationInput): string[] {
  const lists: string[] = [];
  if (!Array.isArray(input.units)) lists.push(`units must be a list (got ${shown(input.units)})`);
  if (!Array.isArray(input.teachers)) lists.push(`teachers must be a list (got ${shown(input.teachers)})`);
  if (lists.length > 0) return [...lists, ...optionIssues(input)];
  const shape = [
    ...input.units.flatMap((unit, index) => unitIssues(unit, index)),
    ...input.teachers.flatMap((teacher, index) => teacherIssues(teacher, index)),
    ...optionIssues(input),
  ];
  if (shape.length > 0) return shape;
  const issues: string[] = [];
  const ids = new Set<string>();
  for (const unit of input.units) {
    if (ids.has(unit.id)) issues.push(`unit ${unit.id} is listed twice`);
    ids.add(unit.id);
  }
  const slugs = new Set<string>();
  for (const teacher of input.teachers) {
    if (slugs.has(teacher.slug)) issues.push(`teacher ${teacher.slug} is listed twice`);
    slugs.add(teacher.slug);
  }
  return issues;
}

/** Builds the index form: groups units into classes and resolves ranks and limits. */
export function buildAllocationProblem(input: AllocationInput): AllocationProblem {
  const fallback = input.defaultMaxHours ?? DEFAULT_MAX_HOURS;
  const teachers = input.teachers.map((teacher) => {
    const ranks = new Map<string, number>();
    teacher.priorities.forEach((subject, index) => {
      if (!ranks.has(subject)) ranks.set(subject, index + 1);
    });
    return {
      slug: teacher.slug,
      maxHours: teacher.maxHours ?? fallback,
      seniority: teacher.seniority ?? 0,
      ranks,
    };
  });
  const byKey = new Map<string, TeachingUnit[]>();
  for (const unit of [...input.units].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const key = `${unit.subject}\u0000${unit.kind}\u0000${unit.hours}`;
    const list = byKey.get(key);
    if (list) list.push(unit);
    else byKey.set(key, [unit]);
  }
  const classes = [...byKey.values()].map((units) => {
    const first = units[0] as TeachingUnit;
    return { subject: first.subject, kind: first.kind, hours: first.hours, units };
  });
  const unrankedAllowed = input.allowUnranked ?? false;
  const rankOf = (t: number, subject: string): number | null => {
    const teacher = teachers[t];
    if (!teacher) return null;
    const rank = teacher.ranks.get(subject);
    if (rank !== undefined) return rank;
    return unrankedAllowed ? teacher.ranks.size + 1 : null;
  };
  const withUnranked = teachers.map((teacher, t) => {
    if (!unrankedAllowed) return teacher;
    const ranks = new Map(teacher.ranks);
    for (const unitClass of classes) ranks.set(unitClass.subject, rankOf(t, unitClass.subject) ?? 0);
    return { ...teacher, ranks };
  });
  const eligible = classes.map((unitClass) =>
    withUnranked
      .map((teacher, t) => ({ teacher, t }))
      .filter(({ teacher }) => teacher.ranks.has(unitClass.subject) && teacher.maxHours >= unitClass.hours)
      .map(({ t }) => t),
  );
  const useful = new Set(eligible.flat());
  return {
    classes,
    teachers: withUnranked,
    eligible,
    weights: { ...DEFAULT_WEIGHTS, ...input.weights },
    totalHours: input.units.reduce((sum, unit) => sum + unit.hours, 0),
    usefulCapacity: [...useful].reduce((sum, t) => sum + (withUnranked[t]?.maxHours ?? 0), 0),
  };
}

/** Hours covered by a class-level allocation. */
export function coveredHours(problem: AllocationProblem, counts: ClassCounts): number {
  return counts.reduce(
    (sum, row, c) => sum + row.reduce((inner, value) => inner + value, 0) * (problem.classes[c]?.hours ?? 0),
    0,
  );
}

/** Teacher loads of a class-level allocation. */
export function teacherLoads(problem: AllocationProblem, counts: ClassCounts): number[] {
  const loads = problem.teachers.map(() => 0);
  counts.forEach((row, c) =>
    row.forEach((value, t) => (loads[t] = (loads[t] ?? 0) + value * (problem.classes[c]?.hours ?? 0))),
  );
  return loads;
}

/** Whether class-level counts keep every maximum, class size and eligibility. */
export function feasible(problem: AllocationProblem, counts: ClassCounts): boolean {
  const loads = teacherLoads(problem, counts);
  const withinMax = loads.every((load, t) => load <= (problem.teachers[t]?.maxHours ?? 0) + 1e-9);
  const withinSupply = counts.every(
    (row, c) => row.reduce((sum, value) => sum + value, 0) <= (problem.classes[c]?.units.length ?? 0),
  );
  const eligibleOnly = counts.every((row, c) =>
    row.every((value, t) => value === 0 || problem.eligible[c]?.includes(t)),
  );
  return withinMax && withinSupply && eligibleOnly && counts.flat().every((value) => value >= 0);
}

/** The fair utilisation: covered hours over the capacity of teachers who can teach something. */
export function fairShare(problem: AllocationProblem, covered: number): number {
  return problem.usefulCapacity > 0 ? covered / problem.usefulCapacity : 0;
}

/**
 * The secondary cost the allocator minimises once coverage is maximal:
 * rank·Σ (rank − 1)·hours + teacherPerSubject·#(subject, teacher) pairs
 * + overload·Σ_t max(0, load_t − fair_t), with fair_t = ceil(share·max_t) and `share` the fair
 * utilisation (whole hours keep the objective integral, so the solver can prove optimality).
 */
export function allocationCost(problem: AllocationProblem, counts: ClassCounts, share: number): number {
  const { weights } = problem;
  let cost = 0;
  const pairs = new Set<string>();
  counts.forEach((row, c) => {
    const unitClass = problem.classes[c];
    if (!unitClass) return;
    row.forEach((value, t) => {
      if (value <= 0) return;
      const rank = problem.teachers[t]?.ranks.get(unitClass.subject) ?? 1;
      cost += weights.rank * (rank - 1) * unitClass.hours * value;
      pairs.add(`${unitClass.subject}\u0000${t}`);
    });
  });
  cost += weights.teacherPerSubject * pairs.size;
  teacherLoads(problem, counts).forEach((load, t) => {
    cost += weights.overload * Math.max(0, load - fairLoad(problem, t, share));
  });
  return cost;
}

/** A teacher's fair load in whole hours: their maximum times the fair utilisation, rounded up. */
export function fairLoad(problem: AllocationProblem, teacher: number, share: number): number {
  const fixed = problem.fairLoads?.[teacher];
  if (fixed !== undefined) return fixed;
  return Math.ceil(share * (problem.teachers[teacher]?.maxHours ?? 0) - 1e-9);
}
