import { runMip } from '../solver/highs-runner';
import { TimeBudget } from './budget';
import type { Clock } from './budget';
import { improveCost } from './cost-phase';
import { allocationStart, buildAllocationModel, countsFromSolution } from './exact-model';
import { repairCoverage } from './coverage-repair';
import { greedyAllocation } from './greedy';
import { improveAllocation } from './local-search';
import { coverageByPricing } from './pattern-plan';
import {
  allocationCost,
  allocationInputIssues,
  buildAllocationProblem,
  coveredHours,
  DEFAULT_MAX_HOURS,
  fairShare,
  feasible,
} from './problem';
import type { AllocationProblem, ClassCounts } from './problem';
import { summariseAllocation } from './summary';
import type { AllocationInput, AllocationResult, UnitAssignment } from './types';

const DEFAULT_TIME_BUDGET_MS = 2000;
const COVERAGE_PHASE_SHARE = 0.5;
// Ejection chains when coverage is not proven (see coverage-repair.ts): at most this many moves
// per chain, within this share of the time left.
const REPAIR_DEPTH = 3;
const REPAIR_SHARE = 0.2;
// The packing's chains get little: when they do not prove coverage, the coverage MIP needs the time.
const PACKING_REPAIR_SHARE = 0.05;
const SEARCH_SHARE = 0.25;

/** Thrown for inconsistent allocation input; `issues` lists every problem. */
export class AllocationInputError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid allocation input: ${issues.join('; ')}`);
    this.name = 'AllocationInputError';
  }
}

/** Gives concrete units to teachers: in unit-id order, teachers by rank, then seniority, then slug. */
function disaggregate(problem: AllocationProblem, counts: ClassCounts): UnitAssignment[] {
  const assignments: UnitAssignment[] = [];
  problem.classes.forEach((unitClass, c) => {
    const takers = problem.teachers
      .map((teacher, t) => ({ teacher, count: counts[c]?.[t] ?? 0 }))
      .filter(({ count }) => count > 0)
      .sort(
        (x, y) =>
          (x.teacher.ranks.get(unitClass.subject) ?? 0) - (y.teacher.ranks.get(unitClass.subject) ?? 0) ||
          y.teacher.seniority - x.teacher.seniority ||
          (x.teacher.slug < y.teacher.slug ? -1 : 1),
      );
    let next = 0;
    for (const { teacher, count } of takers) {
      for (const unit of unitClass.units.slice(next, next + count)) {
        assignments.push({ unit: unit.id, teacher: teacher.slug, hours: unit.hours });
      }
      next += count;
    }
  });
  return assignments;
}

/**
 * Allocates teaching units to teachers. First maximises covered hours (never exceeding a
 * teacher's weekly maximum, only subjects the teacher ranked unless `allowUnranked`), then, at
 * that coverage, minimises the weighted secondary cost: hours below rank 1, the number of
 * teachers per subject and load above each teacher's fair share of their maximum (see
 * `AllocationWeights`). Units of one subject, kind and length are interchangeable, so the MIP
 * works on unit classes (exact and small) and solves both phases with HiGHS within
 * `timeBudgetMs`, starting from a deterministic greedy that is also the fallback. Reports
 * coverage, hours per rank, load spread and teachers per subject.
 * The budget is honoured even where HiGHS ignores its limits: a MIP starts only when the time left
 * lets it pass its root work (budget.ts), and a packing that proves coverage skips the coverage MIP;
 * the cost phase's bound comes from the LP relaxation of the strengthened model and the Lagrangian
 * started from its duals (cost-phase.ts). `clock` is for tests and the CPU-time bench.
 * Throws {@link AllocationInputError} for inconsistent input.
 */
export async function allocateLoad(
  input: AllocationInput,
  clock: Clock = () => performance.now(),
): Promise<AllocationResult> {
  const budget = new TimeBudget(input.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS, clock);
  const issues = allocationInputIssues(input);
  if (issues.length > 0) throw new AllocationInputError(issues);
  const problem = buildAllocationProblem(input);
  const integral = problem.classes.every((unitClass) => Number.isInteger(unitClass.hours));

  let counts = greedyAllocation(problem);
  const exact = input.exact ?? true;
  let coverageBound = problem.classes.reduce((sum, unitClass, c) => {
    return sum + ((problem.eligible[c]?.length ?? 0) > 0 ? unitClass.hours * unitClass.units.length : 0);
  }, 0);
  coverageBound = Math.min(coverageBound, problem.usefulCapacity);
  let coverageProved = coveredHours(problem, counts) >= coverageBound;
  let method = 'greedy';

  if (!coverageProved && integral) {
    // Whole-teacher knapsacks (pattern-plan.ts) with the ejection chains: when they reach the
    // bound, coverage is proven and the coverage MIP's time goes to the cost phase instead (at
    // 110 teachers, capacity-bound, the MIP took the whole 1 s and left the cost unbounded).
    // Only a proof replaces the greedy: a MIP started from an unproven full-ish coverage keeps its
    // costly ranks (see below).
    const packed = coverageByPricing(problem);
    repairCoverage(problem, packed, {
      maxDepth: REPAIR_DEPTH,
      deadline: budget.until(PACKING_REPAIR_SHARE),
      now: budget.now,
    });
    if (coveredHours(problem, packed) >= coverageBound) {
      counts = packed;
      coverageProved = true;
      method = 'packing';
    }
  }
  if (!coverageProved && exact) {
    // Total rank cost can never reach one hour of coverage in the phase-1 objective.
    const worstRankHours = problem.classes.reduce((sum, unitClass, c) => {
      const ranks = (problem.eligible[c] ?? []).map(
        (t) => problem.teachers[t]?.ranks.get(unitClass.subject) ?? 1,
      );
      return sum + unitClass.hours * unitClass.units.length * Math.max(0, ...ranks.map((rank) => rank - 1));
    }, 0);
    const model = buildAllocationModel(problem, {
      kind: 'coverage',
      rankTieBreak: 0.5 / (1 + worstRankHours),
    });
    if (budget.fitsMip(model.nonzeros)) {
      const run = await runMip(model.text, {
        deadline: budget.until(COVERAGE_PHASE_SHARE),
        clock: budget.now,
        start: allocationStart(problem, counts, 0),
        // With whole hours, a gap under 0.5 already proves coverage (the tie-break is below 0.5).
        absoluteGap: integral ? 0.49 : 1e-6,
      });
      if (run.values) {
        const candidate = countsFromSolution(problem, run.values);
        if (
          feasible(problem, candidate) &&
          coveredHours(problem, candidate) > coveredHours(problem, counts)
        ) {
          counts = candidate;
        }
      }
      if (run.dualBound !== null) {
        // The tie-break lowers the objective by less than 0.5 h, so coverage ≤ bound + 0.5.
        const bound = run.dualBound + 0.5;
        coverageBound = Math.min(coverageBound, integral ? Math.floor(bound) : bound);
      }
      coverageProved = run.status === 'optimal' || coveredHours(problem, counts) >= coverageBound;
      method = run.status === 'error' ? `greedy (solver: ${run.detail})` : 'mip';
    }
  }
  if (!coverageProved) {
    // Ejection chains from the best so far (the MIP's or the greedy's): the fallback's coverage and
    // a safety net when the clock cut the MIP or it did not fit. Run after the MIP, not before it:
    // they take its time, and a MIP started from their full coverage stops at once (its rank
    // tie-break is within the gap) and keeps their costly ranks (1,106 instead of 1,014 at 150
    // teachers, 2 s); measured again with the LP rounding of the cost phase: 1,071 instead of 1,010
    // at 150 teachers, 1 s, and 5 h less coverage at 110.
    const repaired = repairCoverage(problem, structuredClone(counts), {
      maxDepth: REPAIR_DEPTH,
      deadline: budget.until(REPAIR_SHARE),
      now: budget.now,
    });
    if (coveredHours(problem, repaired) > coveredHours(problem, counts)) counts = repaired;
    coverageProved = coveredHours(problem, counts) >= coverageBound;
  }
  const covered = coveredHours(problem, counts);
  const share = fairShare(problem, covered);
  // The local search gets a quarter of what is left; the cost phase starts from its result.
  counts = improveAllocation(problem, counts, share, undefined, budget.until(SEARCH_SHARE), budget.now);
  let cost = allocationCost(problem, counts, share);
  let costBound = 0;
  let costProved = false;
  if (exact && !method.startsWith('greedy (')) {
    const phase = await improveCost(problem, counts, covered, share, budget);
    counts = phase.counts;
    cost = phase.cost;
    costBound = phase.lowerBound;
    costProved = phase.proved;
    method = [method, ...phase.steps].join(', ');
    if (phase.solverFailed) method += ' (cost by heuristics)';
  }

  const assignments = disaggregate(problem, counts);
  const given = new Set(assignments.map((entry) => entry.unit));
  const summary = summariseAllocation(
    input.units,
    input.teachers,
    assignments,
    input.defaultMaxHours ?? DEFAULT_MAX_HOURS,
    // The fair share the cost's overload term used, so the report and the cost agree.
    share,
  );
  const optimal = coverageProved && costProved;
  return {
    assignments,
    unallocated: input.units.filter((unit) => !given.has(unit.id)).map((unit) => unit.id),
    ...summary,
    coverageBound,
    optimal,
    gap: costProved || cost === 0 ? 0 : Math.max(0, (cost - costBound) / cost),
    cost,
    lowerBound: costProved ? cost : costBound,
    timeMs: Math.round(budget.elapsed()),
    method,
  };
}
