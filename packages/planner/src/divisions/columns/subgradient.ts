import type { DivisionProblem } from '../problem';
import { priceDivisionPattern } from './pricing';
import type { Pattern } from './pricing';

/** Options of {@link subgradientBound}. */
export interface SubgradientOptions {
  /** `performance.now()` time to stop by. */
  readonly deadline: number;
  /** Elective hours of the best known plan: the Polyak step aims at it and the search stops there. */
  readonly target: number;
  readonly integral: boolean;
  /** Starting duals (one per group); {@link combinatorialDuals} by default. */
  readonly start?: Float64Array;
  /**
   * Stop after the first step when fewer than this many steps (the first included) would fit
   * by the deadline at the first step's cost: the caller has a better use for the time then.
   */
  readonly minSteps?: number;
}

/** Result of {@link subgradientBound}. */
export interface SubgradientResult {
  /** Best lower bound proven on the elective hours (−Infinity when not one pricing ran). */
  readonly bound: number;
  /** The duals that proved `bound`: they price good divisions (see `lagrangian-dive.ts`). */
  readonly bestDuals: Float64Array;
  readonly steps: number;
  /** The best pattern of every step: valid cuts for a cutting-plane method (box-step.ts). */
  readonly patterns: readonly Pattern[];
}

// Pricing nodes per step; a step cut by it still proves the (weaker) bound of the open nodes.
const NODE_LIMIT = 20_000;
// Polyak step factor, halved after this many steps without a better bound. Measured at 1,200
// tracked students: factor 0.5 reaches in 1 s the bound factor 1 reached in 2 s (1,394 vs 1,327 h).
const INITIAL_FACTOR = 0.5;
const PATIENCE = 8;
// Work limits, so that a run the clock does not cut is repeatable: at most this many steps, and
// stop once the step factor has been halved this far.
const MAX_STEPS = 300;
const MIN_FACTOR = 1 / 64;

/**
 * Starting duals that spread each elective's combinatorial bound over its students:
 * π_g = Σ_{e ∈ g} h_e·ceil(n_e / sizeHigh) / n_e, so Σ_g π_g·n_g is the combinatorial bound.
 * Measured at 1,200 tracked students, steps from here proved 1,404 h after 0.19 s of CPU where
 * the "fair share" h_e / sizeHigh needed 0.55 s for 1,395 h.
 */
export function combinatorialDuals(problem: DivisionProblem): Float64Array {
  const high = Math.max(1, problem.sizeHigh);
  return Float64Array.from(problem.groups, (_, g) =>
    (problem.groupElectives[g] ?? []).reduce((sum, e) => {
      const students = problem.electiveStudents[e] ?? 1;
      return sum + ((problem.electiveHours[e] ?? 0) * Math.ceil(students / high)) / students;
    }, 0),
  );
}

/**
 * Subgradient ascent on the Lagrangian dual of the pattern formulation: for duals π,
 * L(π) = Σ_g π_g·n_g − D·max_p(Σ_g π_g·a_gp − cost_p) bounds the elective hours from below, and
 * n − D·a* (a* the best pattern) is a subgradient. Polyak steps towards the best plan's hours.
 * Any proven upper bound on the pricing maximum gives a valid L(π), so a pricing cut by its node
 * limit or the deadline still counts (with the bound of its open nodes). Deterministic except
 * where the deadline cuts it.
 */
export function subgradientBound(problem: DivisionProblem, options: SubgradientOptions): SubgradientResult {
  const G = problem.groups.length;
  const D = problem.divisionCount;
  const sizes = problem.groups.map((group) => group.size);
  let duals = Float64Array.from(options.start ?? combinatorialDuals(problem));
  let best = -Infinity;
  let bestDuals = duals;
  let factor = INITIAL_FACTOR;
  let stalled = 0;
  let steps = 0;
  const amounts = new Float64Array(G);
  const patterns: Pattern[] = [];
  const started = performance.now();
  for (; steps < MAX_STEPS && factor >= MIN_FACTOR; steps += 1) {
    const now = performance.now();
    if (now >= options.deadline) break;
    if (steps === 1 && options.minSteps !== undefined) {
      const fit = 1 + (options.deadline - now) / Math.max(1e-3, now - started);
      if (fit < options.minSteps) break;
    }
    const priced = priceDivisionPattern(problem, duals, {
      threshold: -Infinity,
      nodeLimit: NODE_LIMIT,
      maxPatterns: 1,
      sizeLow: problem.sizeLow,
      sizeHigh: problem.sizeHigh,
      deadline: options.deadline,
      seeds: patterns,
    });
    const pattern = priced.patterns[0];
    if (!pattern) break;
    patterns.push(pattern);
    let value = -D * priced.upperBound;
    duals.forEach((pi, g) => (value += pi * (sizes[g] ?? 0)));
    const bound = options.integral ? Math.ceil(value - 1e-6) : value;
    if (bound > best) {
      best = bound;
      bestDuals = duals;
      stalled = 0;
    } else if (++stalled >= PATIENCE) {
      factor /= 2;
      stalled = 0;
    }
    if (best >= options.target) break;
    amounts.fill(0);
    pattern.groups.forEach((g, i) => (amounts[g] = pattern.amounts[i] ?? 0));
    let norm = 0;
    const direction = Float64Array.from(sizes, (n, g) => n - D * (amounts[g] ?? 0));
    for (const component of direction) norm += component * component;
    if (norm === 0) break;
    const step = (factor * Math.max(1, options.target - value)) / norm;
    duals = duals.map((pi, g) => pi + step * (direction[g] ?? 0));
  }
  return { bound: best, bestDuals, steps, patterns };
}
