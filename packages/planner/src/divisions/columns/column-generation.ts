import type { Model } from 'highs';
import { loadHighs } from '../../solver/highs-runner';
import type { Counts, DivisionProblem } from '../problem';
import { priceDivisionPattern } from './pricing';
import type { Pattern } from './pricing';
import { compatibleGroups, typeOf } from './types';

/** Result of {@link generateColumns}. */
export interface ColumnGenerationResult {
  /** Every division type (sorted elective list) of the master, the start's first. */
  readonly types: readonly (readonly number[])[];
  /** Proven lower bound on the elective hours Σ_e h_e·k_e (core hours not included). */
  readonly lowerBound: number;
  /** Value of the last restricted master LP (with its artificial columns). */
  readonly lpValue: number;
  /** The bound reached the master LP value or pricing proved no column improves it. */
  readonly converged: boolean;
  readonly iterations: number;
  readonly pricingNodes: number;
  /** The duals with the best bound (the stability centre), a start for {@link subgradientBound}. */
  readonly center: Float64Array;
}

/** Options of {@link generateColumns}. */
export interface ColumnGenerationOptions {
  /** `performance.now()` time to stop by. */
  readonly deadline: number;
  /** Stop as soon as the bound reaches this value (an incumbent's elective hours). */
  readonly stopAtBound?: number;
  /** Elective hours are whole numbers, so the bound may be rounded up. */
  readonly integral: boolean;
}

// Pricing explores at most this many nodes per iteration; an incomplete search still yields
// columns and a (weaker) valid bound, and a later iteration with better duals finishes it.
const PRICING_NODE_LIMIT = 4000;
const COLUMNS_PER_ITERATION = 12;
const REDUCED_COST_TOLERANCE = 1e-7;
// Weight of the stability centre in the pricing duals (Wentges smoothing).
const SMOOTHING = 0.8;

/** A start assignment's divisions as patterns (they make the first master feasible). */
export function patternsOf(problem: DivisionProblem, counts: Counts): Pattern[] {
  const patterns: Pattern[] = [];
  for (let d = 0; d < problem.divisionCount; d += 1) {
    const groups: number[] = [];
    const amounts: number[] = [];
    const used = new Set<number>();
    counts.forEach((row, g) => {
      const amount = row[d] ?? 0;
      if (amount <= 0) return;
      groups.push(g);
      amounts.push(amount);
      for (const e of problem.groupElectives[g] ?? []) used.add(e);
    });
    const cost = [...used].reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0);
    patterns.push({ groups, amounts, cost });
  }
  return patterns;
}

/**
 * Adds a division type to the master: z (divisions of the type, cost = the type's hours), x_g
 * (students of each compatible group in them) and the rows L·z ≤ Σ_g x_g ≤ U·z, x_g ≤ n_g·z. All
 * fillings of one elective set enter at once, which is far less degenerate than single patterns.
 */
function addType(
  model: Model,
  infinity: number,
  problem: DivisionProblem,
  type: readonly number[],
  convexityRow: number,
): void {
  const groups = compatibleGroups(problem, type);
  const first = model.getDimensions().numCols;
  const cost = type.reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0);
  model.addCol(cost, 0, problem.divisionCount, { indices: [convexityRow], values: [1] });
  for (const g of groups) model.addCol(0, 0, problem.groups[g]?.size ?? 0, { indices: [g], values: [1] });
  const xs = groups.map((_, i) => first + 1 + i);
  const ones = groups.map(() => 1);
  model.addRow(-infinity, 0, { indices: [first, ...xs], values: [-problem.sizeHigh, ...ones] });
  model.addRow(0, infinity, { indices: [first, ...xs], values: [-problem.sizeLow, ...ones] });
  groups.forEach((g, i) => {
    model.addRow(-infinity, 0, {
      indices: [first, first + 1 + i],
      values: [-(problem.groups[g]?.size ?? 0), 1],
    });
  });
}

/**
 * Column generation for the Dantzig-Wolfe relaxation of the division problem over division patterns
 * (a pattern = how many students of each group one division holds, size in [sizeLow, sizeHigh]: the
 * balance rule relaxed to its size band). The restricted master is kept by division *type* (the set of
 * electives taught, see {@link addType}), which holds every filling of a type at once; HiGHS re-solves
 * it from the previous basis after each batch of types. Pricing ({@link priceDivisionPattern}) runs at
 * Wentges-smoothed duals, and each exact pricing gives the Lagrangian bound Σ_g π_g·n_g − D·(best
 * pattern value), valid for any duals, so the bound only grows and is usable whenever the clock stops
 * the loop. Deterministic for a given input when not cut by the deadline.
 */
export async function generateColumns(
  problem: DivisionProblem,
  start: Counts,
  options: ColumnGenerationOptions,
): Promise<ColumnGenerationResult> {
  const highs = await loadHighs();
  const G = problem.groups.length;
  const D = problem.divisionCount;
  const patterns = patternsOf(problem, start);
  const sizes = problem.groups.map((group) => group.size);
  const infinity = highs.infinity;
  // Covering rows (Σ_t x_gt ≥ n_g): a relaxation of the partitioning rows whose duals are never
  // negative, which keeps the smoothed duals and the pricing bound simple.
  const rowLower = [...sizes, D];
  const rowUpper = [...sizes.map(() => infinity), D];
  return highs.withModel(
    {
      numCols: 0,
      numRows: G + 1,
      colCost: [],
      colLower: [],
      colUpper: [],
      rowLower,
      rowUpper,
      matrix: { format: 'csc', numRows: G + 1, numCols: 0, starts: [0], indices: [], values: [] },
    },
    (model) => {
      model.options.set({ output_flag: false, random_seed: 0, presolve: 'off' });
      // One artificial column per group, at the hours of its electives per student, caps the duals:
      // the set-partitioning master is so degenerate that, without it, hundreds of improving columns
      // leave the LP unchanged. It does not touch the bound, which holds for any duals.
      problem.groups.forEach((_, g) => {
        const perStudent = (problem.groupElectives[g] ?? []).reduce(
          (sum, e) => sum + (problem.electiveHours[e] ?? 0),
          0,
        );
        model.addCol(perStudent, 0, infinity, { indices: [g], values: [1] });
      });
      const types = new Map<string, number[]>();
      const addTypeOf = (pattern: Pattern): boolean => {
        const type = typeOf(problem, pattern);
        const key = type.join(',');
        if (types.has(key)) return false;
        types.set(key, type);
        addType(model, infinity, problem, type, G);
        return true;
      };
      for (const pattern of patterns) addTypeOf(pattern);
      const lagrangianBound = (duals: Float64Array, bestPatternValue: number) => {
        let bound = -D * bestPatternValue;
        duals.forEach((pi, g) => (bound += pi * (sizes[g] ?? 0)));
        return options.integral ? Math.ceil(bound - 1e-6) : bound;
      };
      const price = (duals: Float64Array) =>
        priceDivisionPattern(problem, duals, {
          threshold: -Infinity,
          nodeLimit: PRICING_NODE_LIMIT,
          deadline: options.deadline,
          maxPatterns: COLUMNS_PER_ITERATION,
          sizeLow: problem.sizeLow,
          sizeHigh: problem.sizeHigh,
        });
      // Stability centre: the duals with the best bound so far, first the "fair share" duals
      // π_g = Σ_{e ∈ g} h_e / sizeHigh, whose bound is about the combinatorial one.
      let center = Float64Array.from(
        problem.groups,
        (_, g) =>
          (problem.groupElectives[g] ?? []).reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0) /
          Math.max(1, problem.sizeHigh),
      );
      const first = price(center);
      let pricingNodes = first.nodes;
      let lowerBound = lagrangianBound(center, first.upperBound);
      let lpValue = NaN;
      let converged = false;
      let iterations = 0;
      let smoothing = SMOOTHING;
      const stopAtDeadline = (event: { interrupt(): void }): undefined => {
        if (performance.now() >= options.deadline) event.interrupt();
        return undefined;
      };
      while (performance.now() < options.deadline) {
        iterations += 1;
        model.run({ [highs.constants.callbackType.simplexInterrupt]: stopAtDeadline });
        if (model.getModelStatus() !== highs.constants.modelStatus.optimal) break;
        lpValue = model.getObjectiveValue();
        if (lowerBound >= lpValue - 1e-6 || (options.integral && lowerBound >= Math.ceil(lpValue - 1e-6))) {
          converged = true;
          break;
        }
        const rowDual = model.getSolution().rowDual;
        const lpDuals = Float64Array.from(rowDual.subarray(0, G));
        const mu = rowDual[G] ?? 0;
        // Wentges smoothing: price at a point between the centre and the LP duals, which damps
        // the wild dual oscillation of this very degenerate master.
        const separation = lpDuals.map((pi, g) => smoothing * (center[g] ?? 0) + (1 - smoothing) * pi);
        const priced = price(separation);
        pricingNodes += priced.nodes;
        const bound = lagrangianBound(separation, priced.upperBound);
        if (bound > lowerBound) {
          lowerBound = bound;
          center = separation;
        }
        if (options.stopAtBound !== undefined && lowerBound >= options.stopAtBound) break;
        const improving = priced.patterns.filter((pattern) => {
          let reducedCost = pattern.cost - mu;
          pattern.groups.forEach((g, i) => (reducedCost -= (lpDuals[g] ?? 0) * (pattern.amounts[i] ?? 0)));
          return reducedCost < -REDUCED_COST_TOLERANCE;
        });
        if (improving.length === 0) {
          // Mispricing: nothing improves the LP at the smoothed point; move towards the LP duals.
          if (smoothing === 0) {
            converged = priced.complete;
            break;
          }
          smoothing = smoothing < 0.1 ? 0 : smoothing / 2;
          continue;
        }
        let added = 0;
        for (const pattern of improving) {
          if (addTypeOf(pattern)) added += 1;
        }
        if (added === 0) break;
      }
      return {
        types: [...types.values()],
        lowerBound: Math.max(0, lowerBound),
        lpValue,
        converged,
        iterations,
        pricingNodes,
        center,
      };
    },
  );
}
