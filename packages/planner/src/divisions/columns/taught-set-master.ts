import { runBoundedMip } from '../../solver/isolated-mip';
import { LpBuilder } from '../../solver/lp-builder';
import { assignmentIssues, betterValidPlan } from '../evaluate';
import { heuristicWindow, improveAssignment } from '../heuristic';
import type { Counts, DivisionProblem } from '../problem';
import { planPatterns } from './box-step';
import type { Pattern } from './pricing';

/** The electives a pattern's students take, ascending. */
export function taughtSet(problem: DivisionProblem, pattern: Pattern): number[] {
  const taught = new Set<number>();
  for (const g of pattern.groups) for (const e of problem.groupElectives[g] ?? []) taught.add(e);
  return [...taught].sort((a, b) => a - b);
}

/** The distinct taught sets of `patterns`, in first-seen order. */
export function taughtSetPool(problem: DivisionProblem, patterns: readonly Pattern[]): number[][] {
  const sets = new Map<string, number[]>();
  for (const pattern of patterns) {
    const set = taughtSet(problem, pattern);
    const key = set.join(',');
    if (!sets.has(key)) sets.set(key, set);
  }
  return [...sets.values()];
}

/**
 * The MIP over taught sets: z_s divisions teach exactly set s (its hours each), every group's
 * students flow to sets that teach all its electives, and each set's divisions hold between
 * `low` and `high` students each.
 */
export function taughtSetModel(
  problem: DivisionProblem,
  pool: readonly (readonly number[])[],
  window: { readonly low: number; readonly high: number },
): { text: string; rows: number } {
  const model = new LpBuilder('minimize');
  const groupFlows = problem.groups.map(() => [] as { coefficient: number; variable: string }[]);
  pool.forEach((set, s) => {
    const inSet = new Set(set);
    model.integer(`z${s}`, 0, problem.divisionCount);
    model.addObjective(
      set.reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0),
      `z${s}`,
    );
    const flows: { coefficient: number; variable: string }[] = [];
    problem.groupElectives.forEach((electives, g) => {
      if (!electives.every((e) => inSet.has(e))) return;
      model.continuous(`f${s}_${g}`, 0, problem.groups[g]?.size ?? 0);
      flows.push({ coefficient: 1, variable: `f${s}_${g}` });
      groupFlows[g]?.push({ coefficient: 1, variable: `f${s}_${g}` });
    });
    model.addRow(`high${s}`, [...flows, { coefficient: -window.high, variable: `z${s}` }], '<=', 0);
    model.addRow(`low${s}`, [...flows, { coefficient: -window.low, variable: `z${s}` }], '>=', 0);
  });
  groupFlows.forEach((flows, g) => model.addRow(`g${g}`, flows, '=', problem.groups[g]?.size ?? 0));
  model.addRow(
    'divisions',
    pool.map((_, s) => ({ coefficient: 1, variable: `z${s}` })),
    '=',
    problem.divisionCount,
  );
  return { text: model.toString(), rows: 2 * pool.length + problem.groups.length + 1 };
}

/**
 * The plan a solution describes: each set's flow (rounded; with z fixed the flow is a
 * transportation problem, whose vertices are integral) dealt to its z divisions one after the
 * other, to near-equal sizes, which the window keeps in bounds.
 */
export function planFromTaughtSets(
  problem: DivisionProblem,
  pool: readonly (readonly number[])[],
  values: ReadonlyMap<string, number>,
): Counts {
  const counts: Counts = problem.groups.map(() => new Array<number>(problem.divisionCount).fill(0));
  const flowOf = roundedFlows(problem, pool, values);
  let division = 0;
  pool.forEach((_, s) => {
    const z = Math.round(values.get(`z${s}`) ?? 0);
    if (z === 0) return;
    const flows = problem.groups.map((_, g) => flowOf(s, g));
    const total = flows.reduce((sum, f) => sum + f, 0);
    const targets = Array.from({ length: z }, (_, i) => Math.floor(total / z) + (i < total % z ? 1 : 0));
    let slot = 0;
    flows.forEach((flow, g) => {
      let left = flow;
      while (left > 0 && slot < z) {
        const take = Math.min(left, targets[slot] ?? 0);
        const row = counts[g];
        if (row) row[division + slot] = (row[division + slot] ?? 0) + take;
        left -= take;
        targets[slot] = (targets[slot] ?? 0) - take;
        if ((targets[slot] ?? 0) === 0) slot += 1;
      }
    });
    division += z;
  });
  return counts;
}

/**
 * Integer flows that keep every group's total: each group's flows rounded down, then its missing
 * students given to the largest remainders. A solution off the transportation polytope's vertices
 * (a heuristic incumbent) would otherwise round to group totals that do not add up.
 */
function roundedFlows(
  problem: DivisionProblem,
  pool: readonly (readonly number[])[],
  values: ReadonlyMap<string, number>,
): (set: number, group: number) => number {
  const rounded = new Map<string, number>();
  problem.groups.forEach((group, g) => {
    const parts = pool.map((_, s) => {
      const value = Math.max(0, values.get(`f${s}_${g}`) ?? 0);
      return { s, whole: Math.floor(value + 1e-6), rest: value - Math.floor(value + 1e-6) };
    });
    let missing = group.size - parts.reduce((sum, part) => sum + part.whole, 0);
    for (const part of [...parts].sort((a, b) => b.rest - a.rest || a.s - b.s)) {
      if (missing <= 0) break;
      if (part.rest <= 1e-6) continue;
      part.whole += 1;
      missing -= 1;
    }
    for (const part of parts) if (part.whole > 0) rounded.set(`${part.s}_${g}`, part.whole);
  });
  return (set, group) => rounded.get(`${set}_${group}`) ?? 0;
}

/** The MIP's start: the plan's divisions, each on the set it teaches (sets missing from the pool are skipped). */
export function taughtSetStart(
  problem: DivisionProblem,
  pool: readonly (readonly number[])[],
  plan: Counts,
): Map<string, number> {
  const index = new Map(pool.map((set, s) => [set.join(','), s]));
  const start = new Map<string, number>();
  for (const pattern of planPatterns(problem, plan)) {
    const s = index.get(taughtSet(problem, pattern).join(','));
    if (s === undefined) continue;
    start.set(`z${s}`, (start.get(`z${s}`) ?? 0) + 1);
    pattern.groups.forEach((g, i) =>
      start.set(`f${s}_${g}`, (start.get(`f${s}_${g}`) ?? 0) + (pattern.amounts[i] ?? 0)),
    );
  }
  return start;
}

// Share of the recombination's time kept for polishing its plan (at most POLISH_MAX_MS), and the
// polish's move limit (the Lagrangian search's: 20 moves per student).
const POLISH_SHARE = 0.2;
const POLISH_MAX_MS = 30;
const POLISH_MOVES_PER_STUDENT = 20;

/** Outcome of {@link recombineTaughtSets}. */
export interface RecombinedPlan {
  /** The better plan, or `plan` itself when the MIP found none. */
  readonly counts: Counts;
  readonly improved: boolean;
  readonly sets: number;
  /** How the MIP ended (optimal for the pool, limit, error). */
  readonly status: string;
}

/**
 * Plans recombined from priced divisions: the taught-set MIP over the sets of `patterns` and of
 * `plan`'s own divisions, started from `plan`, until `deadline`. A solution is dealt into
 * divisions, polished by the local search (which removes most splits the dealing leaves) and kept
 * only when it is valid and better than `plan`. Its bound holds for the pool only, so it proves
 * nothing about the semester; a plan it finds can still meet the pattern relaxation's bound.
 * Measured in bench/planner/RESULTS.md ("ninth pass": 1,200 tracked 1,713 → 1,681 h from a 30-s
 * pool; "eleventh pass" for mid-size semesters within the planner's budget).
 */
export async function recombineTaughtSets(
  problem: DivisionProblem,
  patterns: readonly Pattern[],
  plan: Counts,
  deadline: number,
): Promise<RecombinedPlan> {
  const pool = taughtSetPool(problem, [...planPatterns(problem, plan), ...patterns]);
  const window = heuristicWindow(problem);
  const model = taughtSetModel(problem, pool, window);
  // The polish after the MIP keeps a little of the time (it takes milliseconds at these sizes),
  // so the two end by the deadline.
  const polishMs = Math.min((deadline - performance.now()) * POLISH_SHARE, POLISH_MAX_MS);
  const run = await runBoundedMip(model.text, model.rows, {
    deadline: deadline - polishMs,
    start: taughtSetStart(problem, pool, plan),
    ...(problem.electiveHours.every(Number.isInteger) ? { absoluteGap: 0.999 } : {}),
  });
  const unchanged = { counts: plan, improved: false, sets: pool.length, status: run.status };
  if (!run.values) return unchanged;
  const dealt = planFromTaughtSets(problem, pool, run.values);
  if (assignmentIssues(problem, dealt).length > 0) return unchanged;
  const polished = improveAssignment(problem, dealt, window, {
    maxMoves: POLISH_MOVES_PER_STUDENT * problem.studentCount,
    deadline,
  });
  const kept = betterValidPlan(problem, plan, polished);
  return kept === plan ? unchanged : { ...unchanged, counts: kept, improved: true };
}
