import { divisionSizes } from '../evaluate';
import type { Counts, DivisionProblem } from '../problem';
import { priceDivisionPattern } from './pricing';
import type { Pattern } from './pricing';

/** Options of {@link planShareRay}. */
export interface PlanShareRayOptions {
  /** `performance.now()` time to stop by. */
  readonly deadline: number;
  /** Pricing nodes per point: a point whose pricing this cuts ends the search. */
  readonly nodeLimit: number;
}

/** Result of {@link planShareRay}. */
export interface PlanShareRayResult {
  /** Best lower bound proven on the elective hours (−Infinity when no pricing completed). */
  readonly bound: number;
  /** The duals that proved it (the start when none did). */
  readonly bestDuals: Float64Array;
  /** Points priced. */
  readonly points: number;
  /** The best pattern of every point: valid cuts for a cutting-plane method (box-step.ts). */
  readonly patterns: readonly Pattern[];
  /**
   * True when the ray ended at a pricing the node limit cut: the duals around there are too hard
   * to price within the limit, so the rest of the ray could only prove its open nodes' weak bound.
   */
  readonly cutByNodeLimit: boolean;
}

// Points on the ray at multiples of this share of the way from the start to the plan's shares.
// Measured along the ray (1,200 and 2,500 students, tracked and mixed): the bound rises linearly
// until the pricing's best pattern changes, then falls, and pricing gets costlier past that
// point (from ~50 ms to ~800 ms at 1,200 mixed): steps of 1/8 find the kink within 3-5 points.
const STEP = 1 / 8;
const MAX_POINTS = 8;

/**
 * The plan's cost shares as duals: every student carries its division's elective hours divided
 * by the division's size, and π_g is the mean over the group's students. Σ_g π_g·n_g is then the
 * plan's elective hours, and these duals know what mixing choices cost, which the combinatorial
 * duals (one price per elective) cannot.
 */
export function planShareDuals(problem: DivisionProblem, counts: Counts): Float64Array {
  const D = problem.divisionCount;
  const sizes = divisionSizes(problem, counts);
  const cost = new Float64Array(D);
  problem.electiveGroups.forEach((groups, e) => {
    for (let d = 0; d < D; d += 1) {
      if (groups.some((g) => (counts[g]?.[d] ?? 0) > 0))
        cost[d] = (cost[d] ?? 0) + (problem.electiveHours[e] ?? 0);
    }
  });
  return Float64Array.from(problem.groups, (group, g) => {
    let share = 0;
    (counts[g] ?? []).forEach((amount, d) => {
      if (amount > 0) share += (amount * (cost[d] ?? 0)) / Math.max(1, sizes[d] ?? 1);
    });
    return share / Math.max(1, group.size);
  });
}

/**
 * Lagrangian bound along the ray from `start` towards the plan's cost shares: prices the points
 * start + t·(shares − start) for t = 1/8, 2/8, … and keeps the best. The Lagrangian dual is
 * concave, so along a ray it rises to one peak and falls: the search stops at the first point
 * that does not improve, or whose pricing the node limit or the deadline cuts (it then still
 * counts with its open nodes' bound, like every subgradient step). Measured at 1,200 mixed
 * students from the combinatorial duals: 1,477 h and 1,547 h at t = 1/8 and 2/8 (0.27 and 0.43 s
 * of CPU), where subgradient steps from there proved 1,439 h in a 2 s budget; at 2,500 mixed
 * 3,206 h at t = 3/8 vs 3,152 h. Deterministic unless the deadline cuts it.
 */
export function planShareRay(
  problem: DivisionProblem,
  start: Float64Array,
  plan: Counts,
  options: PlanShareRayOptions,
): PlanShareRayResult {
  const D = problem.divisionCount;
  const shares = planShareDuals(problem, plan);
  let bound = -Infinity;
  let bestDuals = start;
  let points = 0;
  let cutByNodeLimit = false;
  const patterns: Pattern[] = [];
  for (let k = 1; k <= MAX_POINTS; k += 1) {
    if (performance.now() >= options.deadline) break;
    const t = k * STEP;
    const duals = Float64Array.from(start, (pi, g) => pi + t * ((shares[g] ?? 0) - pi));
    const priced = priceDivisionPattern(problem, duals, {
      threshold: -Infinity,
      nodeLimit: options.nodeLimit,
      maxPatterns: 1,
      sizeLow: problem.sizeLow,
      sizeHigh: problem.sizeHigh,
      deadline: options.deadline,
      seeds: patterns,
    });
    points += 1;
    patterns.push(...priced.patterns);
    cutByNodeLimit = !priced.complete && performance.now() < options.deadline;
    let value = -D * priced.upperBound;
    duals.forEach((pi, g) => (value += pi * (problem.groups[g]?.size ?? 0)));
    if (value <= bound) break;
    bound = value;
    bestDuals = duals;
    if (!priced.complete) break;
  }
  return { bound, bestDuals, points, patterns, cutByNodeLimit };
}
