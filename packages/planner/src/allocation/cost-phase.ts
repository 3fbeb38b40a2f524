import { runMip } from '../solver/highs-runner';
import { runIsolatedMip, workerStopMs } from '../solver/isolated-mip';
import type { TimeBudget } from './budget';
import { repairCoverage } from './coverage-repair';
import { allocationStart, buildAllocationModel, countsFromSolution, subjectCostsOf } from './exact-model';
import { lagrangianBound } from './lagrangian-bound';
import type { LagrangianMultipliers } from './lagrangian-bound';
import { improveByCycles } from './cycle-search';
import { improveByEjections } from './ejection-search';
import { improveAllocation } from './local-search';
import { planBySequentialPricing } from './pattern-plan';
import { allocationCost, coveredHours, feasible } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';
import { improveBySubjectPairs } from './subject-neighbourhoods';
import { pricingApplies, pricingTeachers, subjectNumbers } from './teacher-pricing';

/**
 * Share of the time left that the LP relaxation may use, and the rounding's repair and searches (the
 * ejections need ~100-250 ms at 150 teachers and are worth more than the Lagrangian's last steps:
 * 1,066 → 1,018 against a bound +5).
 */
const RELAXATION_SHARE = 0.8;
const ROUNDING_SHARE = 0.8;
const REPAIR_DEPTH = 3;
/**
 * The Lagrangian bound's share of the time left and its iteration cap (the cap keeps it
 * deterministic when the clock does not cut it; on the bench machine an iteration takes ~0.5 ms of
 * CPU at 40 teachers and 1.5-3 ms at 150, so at 150 teachers and 1 s the clock cuts it), then the
 * share of what is left for turning its patterns into a plan.
 */
const LAGRANGIAN_SHARE = 0.9;
/** Without an LP solution the Lagrangian's prices must also make the plan, so it leaves time for it. */
const LAGRANGIAN_SHARE_WITHOUT_LP = 0.5;
const LAGRANGIAN_ITERATIONS = 500;
/**
 * Re-solving pairs of subjects (fix-and-optimise, subject-neighbourhoods.ts) when the whole MIP
 * cannot run: at 150 teachers each pair costs 15-150 ms of CPU once HiGHS is warm, and a pair
 * solved takes up to 9 off the cost. Under full coverage the Lagrangian adds little to the LP's
 * bound (+3 / +5 / +5 at 40 / 80 / 150 teachers, 1 s), so the pairs go first with this share;
 * below it (110 teachers, capacity-bound: +41) the Lagrangian goes first and the pairs get the rest.
 */
const PAIRS_FIRST_SHARE = 0.6;
const PAIRS_AFTER_SHARE = 0.9;
const PATTERN_PLAN_SHARE = 0.9;
/**
 * The whole MIP in a worker thread gets at least ISOLATED_MIP_MIN_MS + ISOLATED_MIP_MS_PER_NONZERO ·
 * nonzeros on top of the time its worker's end may take (isolated-mip.ts): the thread start, the
 * model's load and its root LP come first, and only the root cuts after them raise the bound. 1 s
 * calls in a warm process (CPU ms): at 80 teachers (7.9k nonzeros) ~450 ms gave 505-518 against the
 * Lagrangian's 499; at 150 (14.7k) ~300-350 ms gave 929-944 (mostly 929-937) against its 933, so
 * there the Lagrangian keeps the time.
 */
const ISOLATED_MIP_MIN_MS = 200;
const ISOLATED_MIP_MS_PER_NONZERO = 0.03;
/** The Lagrangian's share when the worker's MIP follows it (it converges in 550-670 iterations). */
const LAGRANGIAN_SHARE_BEFORE_WORKER = 0.4;

/** Outcome of {@link improveCost}. */
export interface CostPhaseResult {
  readonly counts: ClassCounts;
  readonly cost: number;
  /** A proven lower bound on the cost of any allocation covering at least `covered` hours. */
  readonly lowerBound: number;
  /** How the cost was improved and bounded, for the result's `method`. */
  readonly steps: readonly string[];
  /** Whether the cost is proven minimal (it meets the bound, or the MIP proved it). */
  readonly proved: boolean;
  /** Whether the MIP ran and ended without an answer (solver error). */
  readonly solverFailed: boolean;
}

/**
 * The secondary cost at fixed coverage, within the budget. The LP relaxation of the strengthened cost
 * model (exact-model.ts) gives the lower bound: at 150 teachers it proves 953 where the MIP proved
 * 890 in the same second, since the MIP spends it in root work. Its solution, rounded down, repaired
 * to full coverage (ejection chains) and improved by the local search, is a second start: 378 vs
 * 431 at 40 teachers, 552 vs 651 at 80; negative cycles of hand-overs (cycle-search.ts) polish it.
 * The MIP then runs from the better start, in this thread when the time left lets it pass its root
 * work (see budget.ts), else in a worker thread ended at its deadline when the time left covers the
 * worker's start and end (isolated-mip.ts; in a warm process); its bound counts when higher. When
 * it cannot run, the Lagrangian bound (lagrangian-bound.ts) takes the time left, started from the
 * LP's duals so it begins at least at the LP bound (150 teachers, 1 s: 958 vs 953; 110: 396 vs
 * 355). Whole-hour costs are whole numbers, so the bounds are rounded up when all unit hours and
 * weights are whole.
 */
export async function improveCost(
  problem: AllocationProblem,
  start: ClassCounts,
  covered: number,
  share: number,
  budget: TimeBudget,
): Promise<CostPhaseResult> {
  let counts = start;
  let cost = allocationCost(problem, counts, share);
  const steps: string[] = [];
  const consider = (candidate: ClassCounts, label: string): void => {
    if (!feasible(problem, candidate) || coveredHours(problem, candidate) < covered) return;
    const candidateCost = allocationCost(problem, candidate, share);
    if (candidateCost < cost - 1e-9) {
      counts = candidate;
      cost = candidateCost;
      steps.push(label);
    }
  };
  const integral =
    problem.classes.every((unitClass) => Number.isInteger(unitClass.hours)) &&
    Object.values(problem.weights).every((weight) => Number.isInteger(weight));
  const model = buildAllocationModel(problem, { kind: 'cost', minCovered: covered, share });

  // 1e-6 absorbs the solvers' round-off before rounding up to the next whole cost.
  const asBound = (value: number) => Math.max(0, integral ? Math.ceil(value - 1e-6) : value);
  let lowerBound = 0;
  const relaxation = await runMip(model.text, {
    deadline: budget.until(RELAXATION_SHARE),
    relax: true,
    clock: budget.now,
  });
  if (relaxation.dualBound !== null) {
    lowerBound = asBound(relaxation.dualBound);
    steps.push('LP bound');
  }
  if (relaxation.values) {
    // 1e-6: an LP value of 2.9999999 is 3 whole units, not 2.
    const rounded = countsFromSolution(problem, relaxation.values, (value) => Math.floor(value + 1e-6));
    const deadline = budget.until(ROUNDING_SHARE);
    repairCoverage(problem, rounded, { maxDepth: REPAIR_DEPTH, deadline, now: budget.now });
    improveAllocation(problem, rounded, share, undefined, deadline, budget.now);
    improveByCycles(problem, rounded, share, { deadline, now: budget.now });
    improveByEjections(problem, rounded, share, { deadline, now: budget.now });
    consider(improveAllocation(problem, rounded, share, undefined, deadline, budget.now), 'LP rounding');
  }

  let solverFailed = false;
  let mipOptimal = false;
  let mipRan = false;
  const runWholeMip = async (isolated: boolean): Promise<void> => {
    mipRan = true;
    const options = {
      // A worker's end takes time of its own (isolated-mip.ts), which must not pass the budget.
      deadline: isolated ? budget.end - workerStopMs() : budget.end,
      clock: budget.now,
      start: allocationStart(problem, counts, share),
      absoluteGap: integral ? 0.999 : 1e-6,
    };
    const run = isolated ? await runIsolatedMip(model.text, options) : await runMip(model.text, options);
    if (run.values) consider(countsFromSolution(problem, run.values), 'MIP improved it');
    if (run.dualBound !== null) lowerBound = Math.max(lowerBound, asBound(run.dualBound));
    solverFailed = run.status === 'error';
    mipOptimal = run.status === 'optimal';
    const where = isolated ? ' in a worker' : '';
    steps.push(run.status === 'limit' ? `MIP${where} (time limit)` : `MIP${where} ${run.status}`);
  };
  if (cost > lowerBound && budget.fitsMip(model.nonzeros)) await runWholeMip(false);
  // When its root work does not fit this thread's time, the whole MIP runs in a worker thread ended
  // at its deadline (isolated-mip.ts), if the time left covers the worker's start and end: its root
  // cuts combine several teachers' rows, which no per-teacher bound can (1 s, warm process, 80
  // teachers: 505-518 against the Lagrangian's 499; 150: 935-944 against 933).
  const workerFits = () =>
    budget.left() >= ISOLATED_MIP_MIN_MS + ISOLATED_MIP_MS_PER_NONZERO * model.nonzeros + workerStopMs();
  const boundByWorkerMip = async (): Promise<void> => {
    if (mipRan || cost <= lowerBound || !workerFits()) return;
    await runWholeMip(true);
  };
  // The Lagrangian when the MIP cannot run: with its root work passed, the MIP's bound is the
  // higher one (2 s: 366, 538 and 399 at 40, 80 and 110 teachers against 361, 523 and 396), and
  // running the Lagrangian first only made the MIP start later into its unstoppable root work.
  const boundByLagrangian = (timeShare: number): void => {
    if (mipRan || !pricingApplies(problem)) return;
    const lagrangian = lagrangianBound(problem, pricingTeachers(problem, share), covered, {
      upperBound: cost,
      start: relaxation.rowDuals ? lpMultipliers(problem, relaxation.rowDuals) : undefined,
      maxIterations: LAGRANGIAN_ITERATIONS,
      deadline: budget.until(relaxation.values ? timeShare : LAGRANGIAN_SHARE_WITHOUT_LP),
      now: budget.now,
    });
    if (lagrangian.iterations > 0) {
      lowerBound = Math.max(lowerBound, asBound(lagrangian.bound));
      steps.push('Lagrangian bound');
    }
    // Its prices make a plan only when the LP gave none (the LP rounding is better: 1,066 against
    // 1,107-1,131 at 150 teachers), e.g. when HiGHS's first load in a cold process eats the LP's time.
    if (lagrangian.iterations > 0 && !relaxation.values) {
      const order = problem.teachers
        .map((_, t) => t)
        .sort(
          (a, b) => (problem.teachers[a]?.ranks.size ?? 0) - (problem.teachers[b]?.ranks.size ?? 0) || a - b,
        );
      const plan = planBySequentialPricing(
        problem,
        share,
        lagrangian.values,
        lagrangian.subjectValues,
        order,
      );
      const deadline = budget.until(PATTERN_PLAN_SHARE);
      repairCoverage(problem, plan, { maxDepth: REPAIR_DEPTH, deadline, now: budget.now });
      consider(improveAllocation(problem, plan, share, undefined, deadline, budget.now), 'Lagrangian plan');
    }
  };
  // Pairs of subjects re-solved when the MIP cannot run (it would search the same and more), those
  // whose plan stands furthest above the LP first.
  const improveByPairs = async (timeShare: number): Promise<void> => {
    if (mipRan || !relaxation.values || cost <= lowerBound) return;
    const relaxed = subjectCostsOf(problem, relaxation.values);
    const excess = new Map(
      [...subjectCostsOf(problem, allocationStart(problem, counts, share))].map(([subject, value]) => [
        subject,
        value - (relaxed.get(subject) ?? 0),
      ]),
    );
    const candidate = structuredClone(counts);
    const kept = await improveBySubjectPairs(problem, candidate, share, {
      deadline: budget.until(timeShare),
      now: budget.now,
      excess,
    });
    if (kept > 0) consider(candidate, 'subject pairs');
  };
  const full = covered >= coverableHours(problem) - 1e-9;
  if (full) {
    await boundByWorkerMip();
    await improveByPairs(PAIRS_FIRST_SHARE);
    boundByLagrangian(LAGRANGIAN_SHARE);
  } else {
    // The Lagrangian first here (110 teachers, 1 s: +41 over the LP in ~200 ms), leaving the worker
    // its time when it fits.
    boundByLagrangian(workerFits() ? LAGRANGIAN_SHARE_BEFORE_WORKER : LAGRANGIAN_SHARE);
    await boundByWorkerMip();
    await improveByPairs(PAIRS_AFTER_SHARE);
  }
  const proved = mipOptimal || cost <= lowerBound + 1e-6;
  return { counts, cost, lowerBound: Math.min(lowerBound, cost), steps, proved, solverFailed };
}

/**
 * The LP relaxation's duals of the rows the Lagrangian prices out (see exact-model.ts for the row
 * names), in its sign convention: supply rows (≤) have duals ≤ 0, the coverage and fewest-teachers
 * rows (≥) duals ≥ 0. Started there, the Lagrangian's first bound is already at least the LP's:
 * each teacher's integer patterns are a subset of the LP's per-teacher polytope.
 */
function lpMultipliers(
  problem: AllocationProblem,
  duals: ReadonlyMap<string, number>,
): LagrangianMultipliers {
  const subjects = subjectNumbers(problem);
  return {
    supply: problem.classes.map((_, c) => -(duals.get(`supply_${c}`) ?? 0)),
    coverage: duals.get('coverage') ?? 0,
    subjects: [...subjects.values()].map((s) => duals.get(`teachers_${s}`) ?? 0),
  };
}

/** Hours of the classes someone may teach: coverage can reach no further. */
function coverableHours(problem: AllocationProblem): number {
  return problem.classes.reduce(
    (sum, unitClass, c) =>
      sum + ((problem.eligible[c]?.length ?? 0) > 0 ? unitClass.hours * unitClass.units.length : 0),
    0,
  );
}
