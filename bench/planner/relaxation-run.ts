// The opening the long-budget benches share (issue 20): the planner's Lagrangian search with
// `planMs`, subgradient steps from the combinatorial duals, then box-step from their best duals
// with an exact pricing (no node limit) and no target, seeded with the plan's divisions and the
// steps' patterns. Every limit is in the caller's clock (the benches run on CPU time).
import { boxStepBound, planPatterns } from '../../packages/planner/src/divisions/columns/box-step';
import type { BoxStepPoint } from '../../packages/planner/src/divisions/columns/box-step';
import { lagrangianSearch } from '../../packages/planner/src/divisions/columns/lagrangian-search';
import { subgradientBound } from '../../packages/planner/src/divisions/columns/subgradient';
import { scoreAssignment } from '../../packages/planner/src/divisions/evaluate';
import { heuristicAssignment } from '../../packages/planner/src/divisions/heuristic';
import type { DivisionProblem } from '../../packages/planner/src/divisions/problem';

export interface RelaxationRunLimits {
  readonly planMs: number;
  readonly stepsMs: number;
  readonly boxMs: number;
  readonly boxIterations: number;
  /** Told after each of box-step's priced points (progress of a long run). */
  readonly onBoxPoint?: (point: BoxStepPoint) => void;
}

export async function relaxationRun(problem: DivisionProblem, limits: RelaxationRunLimits) {
  const started = performance.now();
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  const start = heuristicAssignment(problem, { deadline: started + limits.planMs * 0.05 });
  const search = await lagrangianSearch(problem, start, started + limits.planMs);
  const hours = scoreAssignment(problem, search.counts).teachingHours;
  const stepped = subgradientBound(problem, {
    deadline: performance.now() + limits.stepsMs,
    target: hours - core,
    integral: true,
  });
  const box = await boxStepBound(problem, {
    deadline: performance.now() + limits.boxMs,
    start: stepped.bestDuals,
    target: Infinity,
    integral: false,
    nodeLimit: Number.MAX_SAFE_INTEGER,
    maxIterations: limits.boxIterations,
    seedPatterns: [...planPatterns(problem, search.counts), ...stepped.patterns],
    onPoint: limits.onBoxPoint,
  });
  return { started, core, search, hours, stepped, box };
}
