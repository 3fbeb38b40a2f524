import { assignmentIssues, compareScores, scoreAssignment } from '../evaluate';
import { heuristicWindow, improveAssignment } from '../heuristic';
import type { Counts, DivisionProblem } from '../problem';
import { generateColumns } from './column-generation';
import { subgradientBound } from './subgradient';
import { solveTypeMaster } from './type-master';

/** Outcome of {@link priceAndBranch}. */
export interface PriceAndBranchOutcome {
  readonly counts: Counts;
  /** Proven lower bound on the elective hours Σ_e h_e·k_e (core hours not included). */
  readonly electiveBound: number;
  /** How the plan was found, for the plan's `method`. */
  readonly detail: string;
}

// Share of the time left for column generation (bound and division types); the restricted
// master MIP gets most of the rest, the local search polish what remains.
const COLUMN_SHARE = 0.2;
// Then subgradient steps for the bound (see subgradient.ts).
const SUBGRADIENT_SHARE = 0.6;
// HiGHS stops a few hundred ms after its deadline under load, so the MIP gets a smaller share
// and is skipped when less than MIN_MIP_MS are left.
const MIP_SHARE = 0.6;
const MIN_MIP_MS = 150;

/**
 * Price-and-branch for instances too large for the compact MIP: column generation gives a
 * Lagrangian lower bound and a set of division types, subgradient steps from its best duals raise
 * the bound; the restricted master MIP over those types
 * (warm-started with `start`, so never worse) picks the types and the students' placement; the
 * local search then removes group splits and evens sizes. The better of `start` and the result
 * is returned. Deterministic when nothing is cut by `deadline`.
 */
export async function priceAndBranch(
  problem: DivisionProblem,
  start: Counts,
  deadline: number,
): Promise<PriceAndBranchOutcome> {
  const integral = problem.electiveHours.every(Number.isInteger);
  const startScore = scoreAssignment(problem, start);
  const startHours = startScore.teachingHours - problem.coreHoursPerDivision * problem.divisionCount;
  const columns = await generateColumns(problem, start, {
    deadline: performance.now() + (deadline - performance.now()) * COLUMN_SHARE,
    stopAtBound: startHours,
    integral,
  });
  const parts = [`column generation: ${columns.iterations} rounds, ${columns.types.length} types`];
  let electiveBound = columns.lowerBound;
  if (electiveBound < startHours) {
    const stepped = subgradientBound(problem, {
      deadline: performance.now() + (deadline - performance.now()) * SUBGRADIENT_SHARE,
      target: startHours,
      integral,
      start: columns.center,
    });
    electiveBound = Math.max(electiveBound, stepped);
  }
  if (electiveBound >= startHours) {
    return { counts: start, electiveBound, detail: parts.join(', ') };
  }
  const window = heuristicWindow(problem);
  let counts = start;
  if (deadline - performance.now() < MIN_MIP_MS) {
    parts.push('no time left for the type MIP');
    return { counts, electiveBound, detail: parts.join(', ') };
  }
  const master = await solveTypeMaster(
    problem,
    columns.types,
    window,
    start,
    performance.now() + (deadline - performance.now()) * MIP_SHARE,
  );
  parts.push(`type MIP ${master.status}`);
  // A fractional x (possible in theory, not seen) would round to a broken plan: keep the start then.
  if (master.counts && assignmentIssues(problem, master.counts).length === 0) {
    const polished = improveAssignment(problem, master.counts, window, { deadline });
    if (compareScores(scoreAssignment(problem, polished), startScore) < 0) counts = polished;
  }
  return { counts, electiveBound, detail: parts.join(', ') };
}
