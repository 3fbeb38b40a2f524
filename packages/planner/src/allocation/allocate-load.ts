import { runMip } from '../solver/highs-runner';
import { allocationStart, buildAllocationModel, countsFromSolution } from './exact-model';
import { repairCoverage } from './coverage-repair';
import { greedyAllocation } from './greedy';
import { improveAllocation } from './local-search';
import {
  allocationCost,
  allocationInputIssues,
  buildAllocationProblem,
  coveredHours,
  DEFAULT_MAX_HOURS,
  fairShare,
  teacherLoads,
} from './problem';
import type { AllocationProblem, ClassCounts } from './problem';
import { summariseAllocation } from './summary';
import type { AllocationInput, AllocationResult, UnitAssignment } from './types';

const DEFAULT_TIME_BUDGET_MS = 2000;
const COVERAGE_PHASE_SHARE = 0.5;
const WRAP_UP_SHARE = 0.08;
// HiGHS overshoots short deadlines by a few hundred ms, so a shorter cost phase is skipped.
const MIN_COST_PHASE_MS = 200;
// Ejection chains when coverage is not proven (see coverage-repair.ts): at most this many moves
// per chain, within this share of the time left.
const REPAIR_DEPTH = 3;
const REPAIR_SHARE = 0.2;
const SEARCH_SHARE = 0.25;

/** Thrown for inconsistent allocation input; `issues` lists every problem. */
export class AllocationInputError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`Invalid allocation input: ${issues.join('; ')}`);
    this.name = 'AllocationInputError';
  }
}

function feasible(problem: AllocationProblem, counts: ClassCounts): boolean {
  const loads = teacherLoads(problem, counts);
  const withinMax = loads.every((load, t) => load <= (problem.teachers[t]?.maxHours ?? 0) + 1e-9);
  const withinSupply = counts.every(
    (row, c) => row.reduce((sum, value) => sum + value, 0) <= (problem.classes[c]?.units.length ?? 0),
  );
  const eligibleOnly = counts.every((row, c) =>
    row.every((value, t) => value === 0 || problem.eligible[c]?.includes(t)),
  );
  return withinMax && withinSupply && eligibleOnly && counts.flat().every((value) => value >= 0);
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
 * Throws {@link AllocationInputError} for inconsistent input.
 */
export async function allocateLoad(input: AllocationInput): Promise<AllocationResult> {
  const started = performance.now();
  const issues = allocationInputIssues(input);
  if (issues.length > 0) throw new AllocationInputError(issues);
  const budget = input.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  const deadline = started + budget * (1 - WRAP_UP_SHARE);
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

  if (!coverageProved && exact) {
    // Total rank cost can never reach one hour of coverage in the phase-1 objective.
    const worstRankHours = problem.classes.reduce((sum, unitClass, c) => {
      const ranks = (problem.eligible[c] ?? []).map(
        (t) => problem.teachers[t]?.ranks.get(unitClass.subject) ?? 1,
      );
      return sum + unitClass.hours * unitClass.units.length * Math.max(0, ...ranks.map((rank) => rank - 1));
    }, 0);
    const rankTieBreak = 0.5 / (1 + worstRankHours);
    const run = await runMip(buildAllocationModel(problem, { kind: 'coverage', rankTieBreak }), {
      deadline: performance.now() + (deadline - performance.now()) * COVERAGE_PHASE_SHARE,
      start: allocationStart(problem, counts, 0),
      // With whole hours, a gap under 0.5 already proves coverage (the tie-break is below 0.5).
      absoluteGap: integral ? 0.49 : 1e-6,
    });
    if (run.values) {
      const candidate = countsFromSolution(problem, run.values);
      if (feasible(problem, candidate) && coveredHours(problem, candidate) > coveredHours(problem, counts)) {
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
  if (!coverageProved) {
    // Ejection chains from the best so far (the MIP's or the greedy's): the fallback's coverage and
    // a safety net when the clock cut the MIP. Run after the MIP, not before it: they take its time,
    // and a MIP started from their full coverage stops at once (its rank tie-break is within the
    // gap) and keeps their costly ranks (1,106 instead of 1,014 at 150 teachers, 2 s).
    const repaired = repairCoverage(problem, structuredClone(counts), {
      maxDepth: REPAIR_DEPTH,
      deadline: performance.now() + Math.max(0, deadline - performance.now()) * REPAIR_SHARE,
    });
    if (coveredHours(problem, repaired) > coveredHours(problem, counts)) counts = repaired;
    coverageProved = coveredHours(problem, counts) >= coverageBound;
  }

  const covered = coveredHours(problem, counts);
  const share = fairShare(problem, covered);
  // The local search gets at most half of what is left; the cost MIP starts from its result.
  const searchDeadline = performance.now() + Math.max(0, deadline - performance.now()) * SEARCH_SHARE;
  counts = improveAllocation(problem, counts, share, undefined, searchDeadline);
  let cost = allocationCost(problem, counts, share);
  let costBound = 0;
  let costProved = false;
  if (exact && !method.startsWith('greedy (') && performance.now() < deadline - MIN_COST_PHASE_MS) {
    const run = await runMip(buildAllocationModel(problem, { kind: 'cost', minCovered: covered, share }), {
      deadline,
      start: allocationStart(problem, counts, share),
      absoluteGap: integral ? 0.999 : 1e-6,
    });
    if (run.values) {
      const candidate = countsFromSolution(problem, run.values);
      const candidateCost = allocationCost(problem, candidate, share);
      if (
        feasible(problem, candidate) &&
        coveredHours(problem, candidate) >= covered &&
        candidateCost < cost - 1e-9
      ) {
        counts = candidate;
        cost = candidateCost;
      }
    }
    costBound = Math.max(0, run.dualBound ?? 0);
    costProved = run.status === 'optimal' || cost <= costBound + 1e-6;
    method = run.status === 'optimal' || run.status === 'limit' ? 'mip' : `${method}, cost by greedy`;
    if (run.status === 'limit') method += ' (time limit)';
  }

  const assignments = disaggregate(problem, counts);
  const given = new Set(assignments.map((entry) => entry.unit));
  const summary = summariseAllocation(
    input.units,
    input.teachers,
    assignments,
    input.defaultMaxHours ?? DEFAULT_MAX_HOURS,
  );
  const optimal = coverageProved && costProved;
  return {
    assignments,
    unallocated: input.units.filter((unit) => !given.has(unit.id)).map((unit) => unit.id),
    ...summary,
    coverageBound,
    optimal,
    gap: optimal || cost === 0 ? 0 : Math.max(0, (cost - costBound) / cost),
    cost,
    timeMs: Math.round(performance.now() - started),
    method,
  };
}
