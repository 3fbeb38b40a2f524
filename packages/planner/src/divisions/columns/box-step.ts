import { runMip } from '../../solver/highs-runner';
import { LpBuilder } from '../../solver/lp-builder';
import type { Counts, DivisionProblem } from '../problem';
import { priceDivisionPattern } from './pricing';
import type { Pattern } from './pricing';

/** Options of {@link boxStepBound}. */
export interface BoxStepOptions {
  /** `performance.now()` time to stop by; the bound proven so far stays valid when it cuts. */
  readonly deadline: number;
  /** Starting duals (one per group): the first centre. */
  readonly start: Float64Array;
  /** Elective hours of the best known plan: once the bound reaches it there is nothing to prove. */
  readonly target: number;
  readonly integral: boolean;
  /** Pricing nodes per point; a cut pricing still proves the bound of its open nodes. */
  readonly nodeLimit: number;
  /** Known feasible patterns (e.g. a plan's divisions) to seed the cutting-plane model with. */
  readonly seedPatterns?: readonly Pattern[];
  /** Work limit, so that a run the clock does not cut is repeatable. */
  readonly maxIterations?: number;
  /** Called after every priced point (the start's included), e.g. for a long bench's progress. */
  readonly onPoint?: (point: BoxStepPoint) => void;
}

/** What {@link BoxStepOptions.onPoint} is told after each priced point. */
export interface BoxStepPoint {
  /** LP points priced after the start (0 for the start). */
  readonly iterations: number;
  /** Best lower bound proven so far on the elective hours (the centre's value). */
  readonly bound: number;
  /** This point's Lagrangian value. */
  readonly value: number;
  /** Patterns in the cutting-plane model. */
  readonly cuts: number;
  /** The box's half-width. */
  readonly delta: number;
}

/** Result of {@link boxStepBound}. */
export interface BoxStepResult {
  /** Best lower bound proven on the elective hours (−Infinity when not one pricing ran). */
  readonly bound: number;
  readonly bestDuals: Float64Array;
  /** LP points priced after the start. */
  readonly iterations: number;
  /** True when the model proved the centre optimal for the pattern relaxation. */
  readonly converged: boolean;
  /** Every pattern of the cutting-plane model (seeds and priced ones): divisions a plan may use. */
  readonly patterns: readonly Pattern[];
}

// Box half-width around the centre at the start (hours per student; the combinatorial duals are
// ~0.1-1.5 h per student). Doubled after a serious step that hit the box, halved after a null step
// inside it. Measured in bench/planner/pattern-bound.bench.ts: converges in 0.8-3.3 s at 120-240
// students.
const INITIAL_DELTA = 0.5;
// A point becomes the centre when it gains at least this share of what the model promised.
const SERIOUS_SHARE = 0.1;
// The LP point is pulled halfway back to the centre before pricing (a further stabilisation: the
// raw LP vertex over few cuts lies far off).
const PULL_TO_CENTRE = 0.5;
const DEFAULT_MAX_ITERATIONS = 400;
// After this many null steps in a row the box is halved even when each taught the model new cuts.
// Without it a long run at 1,200 mixed students kept a half-width of 2 h per student through 375
// null steps whose points all lay on the box's edge, and the bound did not move for 40 minutes of
// CPU (1,798.1 h): the cuts were learnt far from the centre, where no serious step can come from.
// Measured in 2-s calls (divisions bench): tracked 360 3.8 → 2.9 %, 600 4.7 → 4.2 %, mixed 360 5.1 →
// 4.7 %; scale bench tracked 2,500 at 5 s 10.6 → 8.6 %; the runs that converge need as many or
// fewer points (RESULTS, "twelfth pass").
const NULL_STEPS_PATIENCE = 5;
const PATTERNS_PER_PRICING = 5;
// Promised gain below this (relative) with the box not binding: the centre is optimal.
const CONVERGED_TOLERANCE = 1e-6;
// Time limit of one LP when the caller set no deadline (tests, offline runs).
const UNLIMITED_LP_MS = 60_000;

/** L(π) = Σ π·n − D·(proven upper bound of max_p π·a_p − c_p), and the patterns the pricing found. */
function lagrangianValue(
  problem: DivisionProblem,
  duals: Float64Array,
  nodeLimit: number,
  deadline: number,
  seeds: readonly Pattern[],
) {
  const priced = priceDivisionPattern(problem, duals, {
    seeds,
    threshold: -Infinity,
    nodeLimit,
    maxPatterns: PATTERNS_PER_PRICING,
    sizeLow: problem.sizeLow,
    sizeHigh: problem.sizeHigh,
    deadline,
  });
  let value = -problem.divisionCount * priced.upperBound;
  duals.forEach((pi, g) => (value += pi * (problem.groups[g]?.size ?? 0)));
  return { value, patterns: priced.patterns, priced: priced.patterns.length > 0 };
}

/** The divisions of a plan as patterns: valid columns that seed the cutting-plane model. */
export function planPatterns(problem: DivisionProblem, counts: Counts): Pattern[] {
  const patterns: Pattern[] = [];
  for (let d = 0; d < problem.divisionCount; d += 1) {
    const groups: number[] = [];
    const amounts: number[] = [];
    const taught = new Set<number>();
    counts.forEach((row, g) => {
      const amount = row[d] ?? 0;
      if (amount <= 0) return;
      groups.push(g);
      amounts.push(amount);
      for (const e of problem.groupElectives[g] ?? []) taught.add(e);
    });
    let cost = 0;
    for (const e of taught) cost += problem.electiveHours[e] ?? 0;
    if (groups.length > 0) patterns.push({ groups, amounts, cost });
  }
  return patterns;
}

function patternKey(pattern: Pattern): string {
  return pattern.groups.map((g, i) => `${g}:${pattern.amounts[i]}`).join(',');
}

/**
 * The box-step LP, max Σ π·n − D·μ with μ ≥ π·a_p − c_p for every cut and π within ±delta of the
 * centre, written as its LP dual: the restricted pattern master with the box as penalised slacks,
 * min Σ c_p·λ_p + Σ_g (centre_g + delta)·over_g − (centre_g − delta)·under_g subject to
 * Σ_p a_gp·λ_p + over_g − under_g = n_g for every group (row `g<g>`, its dual is π_g) and
 * Σ_p λ_p = D. Same optimum; the simplex's basis is one row per group instead of one per cut, so
 * with the hundreds to thousands of cuts of a long run each LP is about twice as fast (1,200
 * tracked students, 1,000-1,800 cuts: 55 instead of 100 ms per LP).
 */
function boxModel(problem: DivisionProblem, cuts: readonly Pattern[], centre: Float64Array, delta: number) {
  const model = new LpBuilder('minimize');
  const rows: { coefficient: number; variable: string }[][] = problem.groups.map(() => []);
  cuts.forEach((cut, i) => {
    model.continuous(`l${i}`, 0, Infinity);
    model.addObjective(cut.cost, `l${i}`);
    cut.groups.forEach((g, j) => rows[g]?.push({ coefficient: cut.amounts[j] ?? 0, variable: `l${i}` }));
  });
  problem.groups.forEach((group, g) => {
    model.continuous(`over${g}`, 0, Infinity);
    model.addObjective((centre[g] ?? 0) + delta, `over${g}`);
    model.continuous(`under${g}`, 0, Infinity);
    model.addObjective(-((centre[g] ?? 0) - delta), `under${g}`);
    model.addRow(
      `g${g}`,
      [
        ...(rows[g] ?? []),
        { coefficient: 1, variable: `over${g}` },
        { coefficient: -1, variable: `under${g}` },
      ],
      '=',
      group.size,
    );
  });
  model.addRow(
    'divisions',
    cuts.map((_, i) => ({ coefficient: 1, variable: `l${i}` })),
    '=',
    problem.divisionCount,
  );
  return model.toString();
}

/**
 * The Lagrangian dual of the pattern formulation solved by box-step, a stabilised cutting-plane
 * method: an LP over the patterns priced so far (the dual of the restricted pattern master) gives
 * a point within a box around the best duals (the centre); the point, pulled halfway back to the
 * centre, is priced exactly, its patterns become cuts, and it becomes the centre when it gains a
 * tenth of what the LP promised. Converges to the pattern relaxation's value, where subgradient
 * steps stall 4-9 % below it (bench/planner/RESULTS.md, third pass). Every priced point proves a
 * valid bound, so a run the deadline cuts keeps the best so far. Deterministic unless the
 * deadline cuts it (HiGHS's simplex is deterministic).
 */
export async function boxStepBound(
  problem: DivisionProblem,
  options: BoxStepOptions,
): Promise<BoxStepResult> {
  const cuts: Pattern[] = [];
  const seen = new Set<string>();
  const addCuts = (patterns: readonly Pattern[]) => {
    for (const pattern of patterns) {
      const key = patternKey(pattern);
      if (seen.has(key)) continue;
      seen.add(key);
      cuts.push(pattern);
    }
  };
  const proved = (value: number) => (options.integral ? Math.ceil(value - 1e-6) : value);
  addCuts(options.seedPatterns ?? []);
  let centre = Float64Array.from(options.start);
  const first = lagrangianValue(problem, centre, options.nodeLimit, options.deadline, cuts);
  if (!first.priced)
    return { bound: -Infinity, bestDuals: centre, iterations: 0, converged: false, patterns: cuts };
  addCuts(first.patterns);
  let centreValue = first.value;
  let delta = INITIAL_DELTA;
  let iterations = 0;
  let converged = false;
  let nullSteps = 0;
  options.onPoint?.({ iterations, bound: proved(centreValue), value: first.value, cuts: cuts.length, delta });
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  while (iterations < maxIterations && proved(centreValue) < options.target) {
    if (performance.now() >= options.deadline) break;
    const solved = await runMip(boxModel(problem, cuts, centre, delta), {
      // HiGHS takes a finite time limit only.
      deadline: Math.min(options.deadline, performance.now() + UNLIMITED_LP_MS),
      relax: true,
    });
    // Only a solved LP's optimum bounds the model; a run the deadline cut ends the search.
    const rowDuals = solved.rowDuals;
    if (solved.status !== 'optimal' || solved.objective === null || !rowDuals) break;
    const point = Float64Array.from(centre, (c, g) => rowDuals.get(`g${g}`) ?? c);
    const promised = solved.objective;
    const onBox = point.some((v, g) => Math.abs(v - (centre[g] ?? 0)) > delta * 0.999);
    if (!onBox && promised - centreValue <= CONVERGED_TOLERANCE * Math.max(1, Math.abs(promised))) {
      converged = true;
      break;
    }
    // The model's maximum inside the box, with the box not binding, bounds the whole dual: when
    // even it cannot reach the next integer there is nothing more to prove.
    if (!onBox && options.integral && Math.ceil(promised - 1e-6) <= proved(centreValue)) {
      converged = true;
      break;
    }
    const query = Float64Array.from(
      point,
      (v, g) => (1 - PULL_TO_CENTRE) * v + PULL_TO_CENTRE * (centre[g] ?? 0),
    );
    const priced = lagrangianValue(problem, query, options.nodeLimit, options.deadline, cuts);
    iterations += 1;
    if (!priced.priced) break;
    const cutsBefore = cuts.length;
    addCuts(priced.patterns);
    if (priced.value > centreValue + SERIOUS_SHARE * (promised - centreValue)) {
      centre = query;
      centreValue = priced.value;
      nullSteps = 0;
      if (onBox) delta *= 2;
    } else if (!onBox || cuts.length === cutsBefore || ++nullSteps >= NULL_STEPS_PATIENCE) {
      // A null step that taught the model nothing would repeat the same LP point forever (the
      // pulled-back query need not cut it off): a smaller box moves it. So does a run of null
      // steps that only learnt cuts at the box's edge (NULL_STEPS_PATIENCE).
      delta /= 2;
      nullSteps = 0;
    }
    options.onPoint?.({
      iterations,
      bound: proved(centreValue),
      value: priced.value,
      cuts: cuts.length,
      delta,
    });
  }
  return { bound: proved(centreValue), bestDuals: centre, iterations, converged, patterns: cuts };
}
