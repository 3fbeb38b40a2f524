import type { Counts, DivisionProblem } from '../problem';
import { priceDivisionPattern } from './pricing';

/** Options of {@link lagrangianDive}. */
export interface DiveOptions {
  /** Division sizes stay in this window (its width keeps the spread within the limit). */
  readonly window: { readonly low: number; readonly high: number };
  /** Pricing nodes per division: the dive wants good divisions fast, not proofs. */
  readonly nodeLimit: number;
  /** `performance.now()` time after which the dive gives up (returns null). */
  readonly deadline: number;
}

/**
 * A Lagrangian heuristic: builds the divisions one at a time, each the best pattern the pricing
 * finds at `duals` among the students not yet placed, with a size that leaves the rest placeable
 * in the window; the last division takes whoever is left. Duals that prove a good bound value
 * students by what their electives cost in a well-composed division, so the pattern maximising
 * Σ π·a − cost is a division whose students share electives. Measured at 1,200 tracked students:
 * 1,727-1,732 h from the duals of 10 subgradient steps where the greedy and local search gave
 * 1,823-1,868 h. Deterministic (node limits, fixed tie-breaks) unless `deadline` cuts it.
 */
export function lagrangianDive(
  problem: DivisionProblem,
  duals: Float64Array,
  options: DiveOptions,
): Counts | null {
  const D = problem.divisionCount;
  const { low, high } = options.window;
  const left = problem.groups.map((group) => group.size);
  const counts: Counts = problem.groups.map(() => new Array<number>(D).fill(0));
  let remaining = problem.studentCount;
  for (let d = 0; d < D; d += 1) {
    const after = D - d - 1;
    if (after === 0) {
      left.forEach((amount, g) => {
        const row = counts[g];
        if (row) row[d] = amount;
      });
      return counts;
    }
    if (performance.now() >= options.deadline) return null;
    const sizeLow = Math.max(low, remaining - after * high);
    const sizeHigh = Math.min(high, remaining - after * low);
    if (sizeLow > sizeHigh) return null;
    const priced = priceDivisionPattern(problem, duals, {
      threshold: -Infinity,
      nodeLimit: options.nodeLimit,
      maxPatterns: 1,
      sizeLow,
      sizeHigh,
      sizes: left,
      // A pricing at 5,000 students can take tens of ms on a cold start; the next division's
      // check then gives up.
      deadline: options.deadline,
    });
    const pattern = priced.patterns[0];
    if (!pattern) return null;
    pattern.groups.forEach((g, i) => {
      const amount = pattern.amounts[i] ?? 0;
      const row = counts[g];
      if (row) row[d] = amount;
      left[g] = (left[g] ?? 0) - amount;
      remaining -= amount;
    });
  }
  return counts;
}
