import type { AllocationInput, AllocationWeights, TeachingUnit, UnitKind } from './types';

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

/** Every problem in the input, as messages (empty when usable). */
export function allocationInputIssues(input: AllocationInput): string[] {
  const issues: string[] = [];
  const ids = new Set<string>();
  for (const unit of input.units) {
    if (ids.has(unit.id)) issues.push(`unit ${unit.id} is listed twice`);
    ids.add(unit.id);
    if (!(unit.hours > 0) || !Number.isFinite(unit.hours)) issues.push(`unit ${unit.id}: hours must be > 0`);
  }
  const slugs = new Set<string>();
  for (const teacher of input.teachers) {
    if (slugs.has(teacher.slug)) issues.push(`teacher ${teacher.slug} is listed twice`);
    slugs.add(teacher.slug);
    if (teacher.maxHours !== undefined && !(teacher.maxHours >= 0)) {
      issues.push(`teacher ${teacher.slug}: maxHours must be >= 0`);
    }
  }
  const fallback = input.defaultMaxHours ?? DEFAULT_MAX_HOURS;
  if (!(fallback >= 0)) issues.push('defaultMaxHours must be >= 0');
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
