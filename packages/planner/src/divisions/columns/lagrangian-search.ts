import { compareScores, scoreAssignment } from '../evaluate';
import type { AssignmentScore } from '../evaluate';
import { heuristicWindow, improveAssignment } from '../heuristic';
import type { Counts, DivisionProblem } from '../problem';
import { lagrangianDive } from './lagrangian-dive';
import { subgradientBound } from './subgradient';

/** Outcome of {@link lagrangianSearch}. */
export interface LagrangianSearchOutcome {
  readonly counts: Counts;
  /** Proven lower bound on the elective hours Σ_e h_e·k_e (core hours not included). */
  readonly electiveBound: number;
  /** How the plan was found, for the plan's `method`. */
  readonly detail: string;
}

// Share of the time left for subgradient steps (the bound, and the duals the dive needs); the
// dive and the local search polish of its plan get the rest.
const BOUND_SHARE = 0.5;
// Pricing nodes per division in the dive: 300 gave 1,727 h at 1,200 tracked students where 50
// gave 1,753 h and 3,000 (five times slower) 1,702 h.
const DIVE_NODE_LIMIT = 300;
// Share of the time after the dive its local search polish may use.
const POLISH_SHARE = 0.7;

/**
 * The planner for semesters too large for the compact MIP. Subgradient steps on the Lagrangian
 * dual of the pattern formulation prove the lower bound; their best duals then drive a
 * Lagrangian dive (divisions built one by one from the pricing), and the local search polishes the
 * dive's plan (fewer splits, even sizes, evacuated electives). The better of `start` and that plan
 * is returned, so it is never worse than the start. Deterministic when nothing is cut by
 * `deadline`.
 */
export function lagrangianSearch(
  problem: DivisionProblem,
  start: Counts,
  deadline: number,
): LagrangianSearchOutcome {
  const integral = problem.electiveHours.every(Number.isInteger);
  const startScore = scoreAssignment(problem, start);
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  const startHours = startScore.teachingHours - core;
  const stepped = subgradientBound(problem, {
    deadline: performance.now() + (deadline - performance.now()) * BOUND_SHARE,
    target: startHours,
    integral,
  });
  const parts = [`${stepped.steps} subgradient steps`];
  if (stepped.bound >= startHours) {
    return { counts: start, electiveBound: stepped.bound, detail: parts.join(', ') };
  }
  const window = heuristicWindow(problem);
  const dived = lagrangianDive(problem, stepped.bestDuals, {
    window,
    nodeLimit: DIVE_NODE_LIMIT,
    deadline,
  });
  if (!dived) {
    parts.push('no time left for the dive');
    return { counts: start, electiveBound: stepped.bound, detail: parts.join(', ') };
  }
  const polished = improveAssignment(problem, dived, window, {
    deadline: performance.now() + (deadline - performance.now()) * POLISH_SHARE,
  });
  const polishedScore: AssignmentScore = scoreAssignment(problem, polished);
  const better = compareScores(polishedScore, startScore) < 0;
  parts.push(`dive ${polishedScore.teachingHours} h${better ? '' : ', kept the start'}`);
  return { counts: better ? polished : start, electiveBound: stepped.bound, detail: parts.join(', ') };
}
