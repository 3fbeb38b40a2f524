import type { DivisionProblem } from '../problem';
import { priceDivisionPattern } from './pricing';

/** Options of {@link subgradientBound}. */
export interface SubgradientOptions {
  /** `performance.now()` time to stop by. */
  readonly deadline: number;
  /** Elective hours of the best known plan: the Polyak step aims at it and the search stops there. */
  readonly target: number;
  readonly integral: boolean;
  /** Starting duals (one per group), e.g. the column generation's stability centre. */
  readonly start: Float64Array;
}

// Pricing nodes per step; a step whose pricing does not complete proves nothing but still moves.
const NODE_LIMIT = 20_000;
// Polyak step factor, halved after this many steps without a better bound.
const INITIAL_FACTOR = 1;
const PATIENCE = 8;
// Work limits, so that a run the clock does not cut is repeatable: at most this many steps, and
// stop once the step factor has been halved this far.
const MAX_STEPS = 300;
const MIN_FACTOR = 1 / 64;

/**
 * Subgradient ascent on the Lagrangian dual of the pattern formulation: for duals π,
 * L(π) = Σ_g π_g·n_g − D·max_p(Σ_g π_g·a_gp − cost_p) bounds the elective hours from below, and
 * n − D·a* (a* the best pattern) is a subgradient. Polyak steps towards the best plan's hours.
 * Measured at 1,200 students, it reaches a better bound per second than column generation because
 * its duals stay moderate, where the pricing's branch and bound completes. Returns the best bound
 * proven (−Infinity when no pricing completed). Deterministic except where the deadline cuts it.
 */
export function subgradientBound(problem: DivisionProblem, options: SubgradientOptions): number {
  const G = problem.groups.length;
  const D = problem.divisionCount;
  const sizes = problem.groups.map((group) => group.size);
  let duals = Float64Array.from(options.start);
  let best = -Infinity;
  let factor = INITIAL_FACTOR;
  let stalled = 0;
  const amounts = new Float64Array(G);
  for (let steps = 0; steps < MAX_STEPS && factor >= MIN_FACTOR; steps += 1) {
    if (performance.now() >= options.deadline) break;
    const priced = priceDivisionPattern(problem, duals, {
      threshold: -Infinity,
      nodeLimit: NODE_LIMIT,
      maxPatterns: 1,
      sizeLow: problem.sizeLow,
      sizeHigh: problem.sizeHigh,
      deadline: options.deadline,
    });
    const pattern = priced.patterns[0];
    if (!pattern) break;
    let value = -D * priced.upperBound;
    duals.forEach((pi, g) => (value += pi * (sizes[g] ?? 0)));
    const bound = options.integral ? Math.ceil(value - 1e-6) : value;
    if (priced.complete && bound > best) {
      best = bound;
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
  return best;
}
