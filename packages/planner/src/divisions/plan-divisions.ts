import type { MipRun } from '../solver/highs-runner';
import { highsStartCostMs, runNotStarted, warmUpHighs } from '../solver/highs-runner';
import { runBoundedMip } from '../solver/isolated-mip';
import { lagrangianSearch } from './columns/lagrangian-search';
import { recombineTaughtSets } from './columns/taught-set-master';
import { patternBound } from './columns/pattern-bound';
import { batchPolicyIssues } from './batches';
import { buildPlanBody } from './build-plan';
import { divisionSizeBound } from './division-size-bound';
import { betterValidPlan, combinatorialLowerBound, scoreAssignment } from './evaluate';
import { buildDivisionModel, countsFromValues, orderBySize, startValues } from './exact-model';
import { heuristicAssignment } from './heuristic';
import { planOptionIssues } from './plan-options';
import { buildProblem, DEFAULT_BALANCE_TOLERANCE, PlannerInputError } from './problem';
import type { Counts, DivisionProblem } from './problem';
import type { DivisionPlan, DivisionPlanInput } from './types';

/** Default total time for one plan. */
export const DEFAULT_TIME_BUDGET_MS = 2000;

// Beyond this many linking rows the model alone takes most of a 2 s budget to build and load.
const MAX_MODEL_ROWS = 120_000;
// Time kept after the search for reading its result back and building the plan's body: a share
// of the budget, and at least what building the body of a large semester takes on a cold start
// (5,000 students: 15-40 ms, build-plan.ts), so short budgets are kept too. Building the body is
// a pass over the students like building the problem, and slows down with it on a loaded
// machine, so the reserve is also at least twice what building the problem took in this call.
const WRAP_UP_SHARE = 0.08;
const WRAP_UP_MS_PER_STUDENT = 0.01;
const WRAP_UP_PER_PROBLEM_MS = 2;
// HiGHS reads about this many model rows per ms on the benchmark machine (120k rows took ~4 s);
// the solver is skipped when reading alone would eat more than MAX_PARSE_SHARE of the time left.
const ROWS_PARSED_PER_MS = 30;
const MAX_PARSE_SHARE = 0.3;
// Largest model the compact MIP takes first (see compactMipFirst).
const MIP_FIRST_MAX_ROWS = 350;
// Least time worth giving the taught-set recombination (its MIP over 30-60 sets of a mid-size
// semester ended optimal in 0.2-0.6 s of CPU when it found a better plan).
const MIN_RECOMBINE_MS = 100;
// Share of the budget the greedy start and local search may use before the solver starts.
const HEURISTIC_SHARE = 0.4;
// On instances too large for the compact MIP, the bound and the dive need the time more, but the
// grown start (cover-construction.ts) must finish: it is the fallback when the clock cuts the first
// dive, and a far better one than the size-first start on scattered choices (5,000 skewed
// students: 7,656 h against 11,926 h; the dive, when it completes, 7,746 h), and takes
// 0.25-0.5 s of a loaded core at 5,000 students. 15 % of a 10-s budget leaves it room to spare.
const LARGE_HEURISTIC_SHARE = 0.15;
// Share of the remaining time for phase 1 (hours); phase 2 (splits, spread) gets the rest.
const HOURS_PHASE_SHARE = 0.6;
// Phase 2 is skipped when less time than this (plus reading the model) is left: a short run rarely
// improves the splits (HiGHS polls its interrupt only now and then, and large models run in a
// worker thread that is ended at the deadline, see solver/isolated-mip.ts).
const MIN_TIDY_MS = 300;
// The hours phase is skipped when less than this is left: a MIP run costs ~50 ms past its limit
// on a warm process (model, presolve, the 20-ms minimum limit); on a fresh one HiGHS's first run
// costs more (highsStartCostMs), which is taken off the time left first.
const MIN_HOURS_MIP_MS = 60;
// Share of the time left after the heuristic for the pattern bound (columns/pattern-bound.ts);
// the MIP phases share the rest as before.
const PATTERN_BOUND_SHARE = 0.3;

/**
 * Whether a model of `rows` rows skips the compact MIP for the Lagrangian search, with `msLeft` of
 * the budget left: past MAX_MODEL_ROWS, or when reading it would take more than MAX_PARSE_SHARE of
 * the time left. The time left counts at most what the default budget can leave, so a longer
 * budget never moves a model the default plan sends to the Lagrangian search onto the compact MIP:
 * there the MIP, given the time to read such a model, did not improve the heuristic's start (1,200
 * tracked students, 44k rows, 60 s: 1,806 h, against 1,700-1,728 h from the Lagrangian in 2 s).
 * Budgets up to the default choose exactly as before.
 */
export function skipsCompactMip(rows: number, msLeft: number): boolean {
  const counted = Math.min(msLeft, DEFAULT_TIME_BUDGET_MS * (1 - WRAP_UP_SHARE));
  return rows > MAX_MODEL_ROWS || rows / ROWS_PARSED_PER_MS > counted * MAX_PARSE_SHARE;
}

/**
 * Whether the compact MIP goes first: only on models small enough for it to prove optimality in
 * the default budget. Measured (divisions bench shapes and 18 generated semesters of 90-240
 * students, 2 s of CPU each): at 184-286 rows it proved the optimum where the Lagrangian search's
 * bound fell 1.5-2 % short; from 384 rows up it stopped at its time limit in every case, and the
 * Lagrangian search, given its time instead, proved at least the same bound on all of them (more
 * on 12 of 18) with plans as good or better (better on 5: 217 → 206 h at 240 students).
 */
export function compactMipFirst(problem: DivisionProblem): boolean {
  return modelRows(problem) <= MIP_FIRST_MAX_ROWS;
}

/** Rows of the hours model, estimated from the problem (what decides how the MIP is run). */
export function modelRows(problem: DivisionProblem): number {
  const links = problem.electiveGroups.reduce((sum, groups) => sum + groups.length + 1, 0);
  return links * problem.divisionCount + problem.groups.length * problem.divisionCount;
}

function electiveHoursOf(problem: DivisionProblem, counts: Counts): number {
  return (
    scoreAssignment(problem, counts).teachingHours - problem.coreHoursPerDivision * problem.divisionCount
  );
}

function provedByBound(problem: DivisionProblem, counts: Counts, lowerBound: number): boolean {
  return scoreAssignment(problem, counts).teachingHours <= lowerBound;
}

interface SearchOutcome {
  readonly counts: Counts;
  readonly lowerBound: number;
  readonly solverProvedOptimal: boolean;
  readonly method: string;
}

async function search(
  problem: DivisionProblem,
  started: number,
  budgetMs: number,
  exact: boolean,
  problemMs: number,
): Promise<SearchOutcome> {
  // The rest of the budget pays for reading the solution back and building the plan.
  const wrapUpMs = Math.max(
    budgetMs * WRAP_UP_SHARE,
    problem.studentCount * WRAP_UP_MS_PER_STUDENT,
    problemMs * WRAP_UP_PER_PROBLEM_MS,
  );
  const deadline = started + budgetMs - wrapUpMs;
  // Decided once, with the time the compact MIP would have after the heuristic's longer share.
  // Models past its reach give the heuristic its short share and run only the grown start; their
  // time saved goes to the bound.
  const largeModel = skipsCompactMip(
    modelRows(problem),
    deadline - performance.now() - budgetMs * HEURISTIC_SHARE,
  );
  // Past the compact MIP's reach, and on mid-size models where it would not prove optimality,
  // the Lagrangian search takes the budget (see compactMipFirst).
  const lagrangianPath = largeModel || !compactMipFirst(problem);
  // Without the solver (`exact: false`) the heuristic has nothing to leave time for.
  const heuristicShare = lagrangianPath && exact ? LARGE_HEURISTIC_SHARE : HEURISTIC_SHARE;
  let counts = heuristicAssignment(problem, {
    deadline: Math.min(started + budgetMs * heuristicShare, deadline),
    // Mid-size models keep both starts: the size-first one was the better start on some of them
    // (90 students, 1,074 rows: 272 h against 274 h from the grown start and its dives).
    grownOnly: largeModel && exact,
  });
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  let lowerBound = Math.max(combinatorialLowerBound(problem), core + divisionSizeBound(problem));
  if (scoreAssignment(problem, counts).teachingHours <= lowerBound) {
    return { counts, lowerBound, solverProvedOptimal: true, method: 'heuristic (meets lower bound)' };
  }
  if (!exact) {
    return { counts, lowerBound, solverProvedOptimal: false, method: 'heuristic (solver not used)' };
  }
  if (lagrangianPath) {
    // Too large for the compact MIP: subgradient steps bound it and a Lagrangian dive improves
    // the heuristic's plan (see columns/lagrangian-search.ts).
    const outcome = await lagrangianSearch(problem, counts, deadline);
    lowerBound = Math.max(lowerBound, core + outcome.electiveBound);
    let method = `lagrangian (${outcome.detail})`;
    let best = outcome.counts;
    // What the search leaves of the budget (it ends early when box-step converges) goes to
    // recombining its priced divisions, on models the compact MIP could still read (see
    // columns/taught-set-master.ts).
    if (
      !largeModel &&
      !provedByBound(problem, best, lowerBound) &&
      deadline - performance.now() >= MIN_RECOMBINE_MS
    ) {
      const recombined = await recombineTaughtSets(problem, outcome.patterns, best, deadline);
      best = recombined.counts;
      method += `; ${recombined.sets} taught sets recombined: ${recombined.improved ? 'a better plan' : 'no better plan'} (${recombined.status})`;
    }
    return { counts: best, lowerBound, solverProvedOptimal: false, method };
  }
  const integral = problem.electiveHours.every(Number.isInteger);
  const gapOptions = integral ? { absoluteGap: 0.999 } : {};
  // The compact MIP's bound stays at the combinatorial one within the budget (240-600 students:
  // 250-595 h after 1 s); the pattern relaxation proves far more (240 tracked: 283 h). It runs
  // before the MIP: large MIPs are ended at their deadline (runBoundedMip), so the order no longer
  // protects the budget, but the bound can skip the MIP when it proves the heuristic's hours.
  const patterns = await patternBound(problem, counts, electiveHoursOf(problem, counts), {
    deadline: performance.now() + (deadline - performance.now()) * PATTERN_BOUND_SHARE,
    integral,
  });
  lowerBound = Math.max(lowerBound, core + patterns.bound);
  const boundDetail = `; pattern bound: ${patterns.detail}`;
  // When the bound already proves the heuristic's hours, the hours phase has nothing to find.
  const boundMet = provedByBound(problem, counts, lowerBound);
  // On a fresh process HiGHS's first run costs its extra whatever the limit: taken off first.
  const left = deadline - performance.now() - highsStartCostMs();
  const noTime = left < MIN_HOURS_MIP_MS;
  const hoursRun: MipRun = boundMet
    ? runNotStarted('bound met', 'optimal')
    : noTime
      ? runNotStarted('no time left')
      : await runBoundedMip(buildDivisionModel(problem, { kind: 'hours' }), modelRows(problem), {
          // Its share, or all that is left when the share would be too short to start it.
          deadline:
            performance.now() +
            (left * HOURS_PHASE_SHARE >= MIN_HOURS_MIP_MS ? left * HOURS_PHASE_SHARE : left),
          start: startValues(problem, orderBySize(counts)),
          ...gapOptions,
        });
  if (hoursRun.values) counts = betterValidPlan(problem, counts, countsFromValues(problem, hoursRun.values));
  if (hoursRun.dualBound !== null) {
    const bound = integral ? Math.ceil(hoursRun.dualBound - 1e-6) : hoursRun.dualBound;
    lowerBound = Math.max(lowerBound, core + bound);
  }
  const proved = hoursRun.status === 'optimal';
  let method = boundMet
    ? 'heuristic (meets the pattern bound)'
    : noTime
      ? 'heuristic (no time left for the solver)'
      : hoursRun.status === 'optimal'
        ? 'mip'
        : hoursRun.status === 'limit'
          ? 'mip (time limit)'
          : `heuristic (solver: ${hoursRun.detail})`;
  method += boundDetail;

  const remaining = deadline - performance.now();
  const tidyRows = modelRows(problem) + problem.groups.length * problem.divisionCount;
  const tidyParseMs = tidyRows / ROWS_PARSED_PER_MS;
  if (hoursRun.status !== 'error' && remaining > MIN_TIDY_MS + tidyParseMs) {
    const tidyRun = await runBoundedMip(
      buildDivisionModel(problem, { kind: 'tidy', maxElectiveHours: electiveHoursOf(problem, counts) }),
      tidyRows,
      { deadline, start: startValues(problem, orderBySize(counts)), ...gapOptions },
    );
    if (tidyRun.values) counts = betterValidPlan(problem, counts, countsFromValues(problem, tidyRun.values));
    if (tidyRun.status !== 'optimal') method += ', splits not proven minimal';
  }
  return { counts, lowerBound, solverProvedOptimal: proved, method };
}

/**
 * Plans the divisions of a semester from the students' elective choices. Uses the fewest divisions
 * the size limit allows (ceil(N / maxDivisionSize)), keeps sizes within the balance tolerance, then
 * minimises weekly teaching hours Σ_s k_s·(L_s+T_s+P_s), then group splits, then the size spread.
 * A deterministic greedy + local search gives a start; on small models HiGHS solves the exact MIP
 * in two phases (hours, then splits and spread at those hours) within `timeBudgetMs` (default 2 s),
 * and the plan reports the proven lower bound and gap. On larger models (see compactMipFirst)
 * a Lagrangian search takes over: subgradient steps on the pattern formulation give a lower bound
 * (at least the combinatorial Σ_s ceil(n_s / size)·(L+T+P)), and a dive that builds divisions from
 * the best duals' pricing, polished by the local search, improves the plan.
 * Results are deterministic when the solver finishes within the budget; a run cut by the time
 * limit may differ between machines (its bound and gap say how good it is). `exact: false` returns
 * the heuristic plan without starting the solver.
 * Hours overview per subject: total_divisions = k_s, initial L/T/P, final theory = L·k_s,
 * final tutorial = T·k_s, final practical = P × the lab batches taking the subject.
 * Throws {@link PlannerInputError} for inconsistent input.
 */
export async function planDivisions(input: DivisionPlanInput): Promise<DivisionPlan> {
  const started = performance.now();
  const optionIssues = [...batchPolicyIssues(input.batchPolicy), ...planOptionIssues(input)];
  if (optionIssues.length > 0) throw new PlannerInputError(optionIssues);
  const tolerance = input.balanceTolerance ?? DEFAULT_BALANCE_TOLERANCE;
  const problem = buildProblem(input.subjects, input.students, input.maxDivisionSize, tolerance);
  const context = { ...input, problem };
  if (problem.studentCount === 0) {
    const body = buildPlanBody(context, []);
    return { ...body, lowerBound: 0, gap: 0, optimal: true, timeMs: 0, method: 'empty', spreadLimit: 0 };
  }
  const budget = input.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  // The solver's code compiles while the heuristic runs (a cold process: 100-300 ms otherwise
  // spent after the heuristic, past a short budget).
  const problemMs = performance.now() - started;
  if (input.exact !== false) warmUpHighs();
  const outcome = await search(problem, started, budget, input.exact ?? true, problemMs);
  const body = buildPlanBody(context, outcome.counts);
  const hours = body.objective.teachingHours;
  const optimal = outcome.solverProvedOptimal || hours <= outcome.lowerBound;
  return {
    ...body,
    lowerBound: optimal ? hours : outcome.lowerBound,
    gap: optimal || hours === 0 ? 0 : (hours - outcome.lowerBound) / hours,
    optimal,
    timeMs: Math.round(performance.now() - started),
    method: outcome.method,
    spreadLimit: problem.spreadLimit,
  };
}
