import { highsStartCostMs } from '../../solver/highs-runner';
import type { Counts, DivisionProblem } from '../problem';
import { boxStepBound, planPatterns } from './box-step';
import { combinatorialDuals, subgradientBound } from './subgradient';

/** Options of {@link patternBound}. */
export interface PatternBoundOptions {
  /** `performance.now()` time to stop by. */
  readonly deadline: number;
  readonly integral: boolean;
}

/** Result of {@link patternBound}. */
export interface PatternBoundResult {
  /** Best lower bound proven on the elective hours (−Infinity when no pricing ran). */
  readonly bound: number;
  readonly detail: string;
}

// Share of the time for subgradient steps before box-step takes over from their best duals.
// Measured on the divisions.bench instances of 240-600 students (CPU time): box-step from the
// combinatorial duals proved less in 1 s than the steps (360 tracked: 403 vs 413 h; 600 tracked:
// 661 vs 688 h; 360 mixed: 463 vs 497 h), but converges where the steps stall (240 tracked: 283 h
// in 0.9 s where the steps stop at 270 h): steps first bring box-step near the optimum quickly.
const STEP_SHARE = 0.5;
const NODE_LIMIT = 20_000;

/**
 * Lower bound on the elective hours of every plan from the pattern relaxation: subgradient steps
 * for part of the time, then box-step (which converges to the relaxation's value) from their best
 * duals, its model seeded with the divisions of `plan`. Both stop once they prove `plan`'s own
 * elective hours. The better of the two bounds is returned. Deterministic unless the deadline cuts.
 */
export async function patternBound(
  problem: DivisionProblem,
  plan: Counts,
  target: number,
  options: PatternBoundOptions,
): Promise<PatternBoundResult> {
  const started = performance.now();
  const stepped = subgradientBound(problem, {
    deadline: started + (options.deadline - started) * STEP_SHARE,
    target,
    integral: options.integral,
  });
  if (stepped.bound >= target) return { bound: stepped.bound, detail: `${stepped.steps} subgradient steps` };
  // Box-step's LPs need HiGHS: on a fresh process its first run costs more than a short window
  // can pay (a 300-ms plan ran 60-95 ms past this phase).
  if (options.deadline - performance.now() < highsStartCostMs())
    return {
      bound: stepped.bound,
      detail: `${stepped.steps} subgradient steps (no time to load the LP solver)`,
    };
  const box = await boxStepBound(problem, {
    deadline: options.deadline,
    start: stepped.steps > 0 ? stepped.bestDuals : combinatorialDuals(problem),
    target,
    integral: options.integral,
    nodeLimit: NODE_LIMIT,
    // The steps' patterns are cuts the model would otherwise have to price again.
    seedPatterns: [...planPatterns(problem, plan), ...stepped.patterns],
  });
  return {
    bound: Math.max(stepped.bound, box.bound),
    detail: `${stepped.steps} subgradient steps, ${box.iterations} box-step points${box.converged ? ' (converged)' : ''}`,
  };
}
