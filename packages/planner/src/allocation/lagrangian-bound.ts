import { subjectCovers } from './subject-cover';
import { priceTeacher, subjectNumbers } from './teacher-pricing';
import type { PricedPattern, PricingTeacher } from './teacher-pricing';
import type { AllocationProblem } from './problem';

/** Iterations without a better bound before the step factor is halved, and the factor where it stops. */
const PATIENCE = 20;
const MIN_FACTOR = 1e-4;

/** Limits and the target of {@link lagrangianBound}. */
export interface LagrangianOptions {
  /** Cost of the best allocation known: the step size aims at it (Polyak). */
  readonly upperBound: number;
  readonly maxIterations: number;
  /** `now()` time to stop by (checked once per iteration). */
  readonly deadline: number;
  readonly now: () => number;
  /** Called with the patterns of every iteration whose bound improved (for the plan heuristic). */
  readonly onImproved?: (patterns: readonly PricedPattern[], values: Float64Array) => void;
  /**
   * Multipliers to start from (e.g. the LP relaxation's row duals): class supplies λ ≥ 0, coverage
   * μ ≥ 0, fewest teachers per subject ν ≥ 0. Negative entries are clipped to 0.
   */
  readonly start?: LagrangianMultipliers;
  /** Called with every iteration's patterns (columns for a master problem). */
  readonly onPatterns?: (patterns: readonly PricedPattern[]) => void;
}

/** Multipliers of the priced-out rows, indexed like the problem's classes and subjects. */
export interface LagrangianMultipliers {
  readonly supply: ArrayLike<number>;
  readonly coverage: number;
  readonly subjects: ArrayLike<number>;
}

/** Outcome of {@link lagrangianBound}. */
export interface LagrangianResult {
  /** A valid lower bound on the cost of any allocation covering `minCovered` hours (not rounded). */
  readonly bound: number;
  /** Unit values per class at the best bound, and the teachers' patterns there. */
  readonly values: Float64Array;
  /** Values per subject of one more teacher on it (the multipliers of the fewest-teachers rows). */
  readonly subjectValues: Float64Array;
  readonly patterns: readonly PricedPattern[];
  readonly iterations: number;
}

/**
 * The Lagrangian bound of the allocation cost at coverage ≥ `minCovered`: the class supplies
 * (Σ_t a[c][t] ≤ units of c, multiplier λ_c ≥ 0) and the coverage row (multiplier μ ≥ 0) are
 * priced out, so each teacher alone takes the pattern of least cost − Σ (μ·hours_c − λ_c)·units
 * (teacher-pricing.ts, exact over whole units, subjects and overload). For every λ, μ ≥ 0,
 *   L(λ, μ) = Σ_t least reduced cost_t − Σ_c λ_c·units_c + μ·minCovered
 * is at most the cost of any allocation that keeps the supplies and the coverage, so the best L
 * seen is a valid bound however the search stops. It equals the per-teacher Dantzig-Wolfe bound at
 * the optimum multipliers (each teacher's knapsack, pair costs and overload are convexified exactly,
 * which the fixed-charge LP does not). Multipliers move by projected subgradient steps of Polyak
 * size towards `upperBound`, the step factor halved after a run without progress. Deterministic
 * for a given input unless the deadline cuts it.
 */
export function lagrangianBound(
  problem: AllocationProblem,
  teachers: readonly PricingTeacher[],
  minCovered: number,
  options: LagrangianOptions,
): LagrangianResult {
  const classCount = problem.classes.length;
  const supply = problem.classes.map((unitClass) => unitClass.units.length);
  const hours = problem.classes.map((unitClass) => unitClass.hours);
  const coverable = problem.classes.map((_, c) => (problem.eligible[c]?.length ?? 0) > 0);
  const coverableHours = problem.classes.reduce(
    (sum, unitClass, c) => sum + (coverable[c] ? unitClass.hours * unitClass.units.length : 0),
    0,
  );
  // Full coverage makes every coverable class's supply an equality: its value is then free (no
  // μ), which the search moves class by class instead of through the shared μ.
  const full = minCovered >= coverableHours - 1e-9;
  const lambda = new Float64Array(classCount);
  // Start at the price of an hour that pays a teacher's pair cost over a typical load and one rank
  // step, so the first iterations already take units.
  const meanCapacity =
    teachers.reduce((sum, teacher) => sum + teacher.capacity, 0) / Math.max(1, teachers.length);
  let mu = options.start
    ? Math.max(0, options.start.coverage)
    : problem.weights.teacherPerSubject / Math.max(1, meanCapacity) + problem.weights.rank;
  for (let c = 0; c < classCount; c += 1) lambda[c] = Math.max(0, options.start?.supply[c] ?? 0);
  // Fewest teachers per subject (subject-cover.ts), priced out by ν_s ≥ 0 on the pair cost.
  const numbers = subjectNumbers(problem);
  const fewest = new Float64Array(numbers.size);
  for (const cover of subjectCovers(problem, minCovered)) {
    fewest[numbers.get(cover.subject) ?? 0] = cover.minTeachers;
  }
  const nu = new Float64Array(numbers.size);
  for (let s = 0; s < nu.length; s += 1) nu[s] = Math.max(0, options.start?.subjects[s] ?? 0);
  const teaching = new Float64Array(numbers.size);
  const values = new Float64Array(classCount);
  for (let c = 0; c < classCount; c += 1) {
    values[c] = coverable[c] ? mu * (hours[c] ?? 0) - (lambda[c] ?? 0) : 0;
  }
  let best = -Infinity;
  let bestValues = new Float64Array(classCount);
  let bestSubjectValues = new Float64Array(0);
  let bestPatterns: PricedPattern[] = [];
  let factor = 1;
  let sinceProgress = 0;
  let iterations = 0;
  const taken = new Float64Array(classCount);
  const gradient = new Float64Array(classCount);
  while (iterations < options.maxIterations && options.now() < options.deadline) {
    iterations += 1;
    if (!full) for (let c = 0; c < classCount; c += 1) values[c] = mu * (hours[c] ?? 0) - (lambda[c] ?? 0);
    const patterns = teachers.map((teacher) => priceTeacher(teacher, values, nu));
    options.onPatterns?.(patterns);
    taken.fill(0);
    teaching.fill(0);
    let bound = full ? 0 : mu * minCovered;
    for (let s = 0; s < nu.length; s += 1) bound += (nu[s] ?? 0) * (fewest[s] ?? 0);
    let covered = 0;
    for (const pattern of patterns) {
      bound += pattern.reducedCost;
      for (const s of pattern.subjects) teaching[s] = (teaching[s] ?? 0) + 1;
      for (const [c, units] of pattern.units) {
        taken[c] = (taken[c] ?? 0) + units;
        covered += units * (hours[c] ?? 0);
      }
    }
    for (let c = 0; c < classCount; c += 1) {
      bound += full ? (values[c] ?? 0) * (supply[c] ?? 0) : -(lambda[c] ?? 0) * (supply[c] ?? 0);
    }
    if (bound > best + 1e-9) {
      best = bound;
      bestValues = Float64Array.from(values);
      bestSubjectValues = Float64Array.from(nu);
      bestPatterns = patterns;
      sinceProgress = 0;
      options.onImproved?.(patterns, bestValues);
    } else if (++sinceProgress >= PATIENCE) {
      factor /= 2;
      sinceProgress = 0;
    }
    // Projected subgradient: a component pushing a zero multiplier below zero does not count.
    let norm = 0;
    for (let c = 0; c < classCount; c += 1) {
      let g = 0;
      if (full) g = coverable[c] ? (supply[c] ?? 0) - (taken[c] ?? 0) : 0;
      else {
        g = (taken[c] ?? 0) - (supply[c] ?? 0);
        if ((lambda[c] ?? 0) <= 0 && g < 0) g = 0;
      }
      gradient[c] = g;
      norm += g * g;
    }
    const gradientNu = new Float64Array(nu.length);
    for (let s = 0; s < nu.length; s += 1) {
      let g = (fewest[s] ?? 0) - (teaching[s] ?? 0);
      if ((nu[s] ?? 0) <= 0 && g < 0) g = 0;
      gradientNu[s] = g;
      norm += g * g;
    }
    let gradientMu = full ? 0 : minCovered - covered;
    if (mu <= 0 && gradientMu < 0) gradientMu = 0;
    norm += gradientMu ** 2;
    if (norm < 1e-12 || factor < MIN_FACTOR) break;
    const step = (factor * Math.max(options.upperBound - bound, 1e-3 * Math.abs(bound) + 1e-3)) / norm;
    for (let c = 0; c < classCount; c += 1) {
      if (full) values[c] = (values[c] ?? 0) + step * (gradient[c] ?? 0);
      else lambda[c] = Math.max(0, (lambda[c] ?? 0) + step * (gradient[c] ?? 0));
    }
    mu = Math.max(0, mu + step * gradientMu);
    for (let s = 0; s < nu.length; s += 1) nu[s] = Math.max(0, (nu[s] ?? 0) + step * (gradientNu[s] ?? 0));
  }
  return {
    bound: best,
    values: bestValues,
    subjectValues: bestSubjectValues,
    patterns: bestPatterns,
    iterations,
  };
}
