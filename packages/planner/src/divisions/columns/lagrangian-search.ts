import { compareScores, scoreAssignment } from '../evaluate';
import type { AssignmentScore } from '../evaluate';
import { heuristicWindow, improveAssignment } from '../heuristic';
import type { Counts, DivisionProblem } from '../problem';
import { boxStepBound, planPatterns } from './box-step';
import { lagrangianDive } from './lagrangian-dive';
import { planShareRay } from './plan-share-ray';
import type { Pattern } from './pricing';
import { combinatorialDuals, subgradientBound } from './subgradient';

/** Outcome of {@link lagrangianSearch}. */
export interface LagrangianSearchOutcome {
  readonly counts: Counts;
  /** Proven lower bound on the elective hours Σ_e h_e·k_e (core hours not included). */
  readonly electiveBound: number;
  /** How the plan was found, for the plan's `method`. */
  readonly detail: string;
  /** Every division pattern priced or built on the way: divisions other plans may recombine. */
  readonly patterns: readonly Pattern[];
}

// Pricing nodes per division in the first dive (from the starting duals, before any step) and in
// the second (from the best duals). Measured at 1,200 tracked students: 100 nodes gave 1,742 h in
// 45 ms of CPU, 300 nodes 1,735 h in 120 ms; at 1,200 mixed 2,220 h and 2,197 h (greedy: 2,450 h).
const FIRST_DIVE_NODES = 100;
const SECOND_DIVE_NODES = 300;
// Time kept for the second dive and its polish, in multiples of the first dive's time (it has
// three times the nodes), at most half of what is left; subgradient steps get the rest.
const SECOND_DIVE_RESERVE = 5;
const MAX_RESERVE_SHARE = 0.5;
// A second dive from duals only this few steps away from the first's rarely finds a better plan
// (1,200 mixed students, 3 steps: 2,241 h after 2,209 h); its reserve goes to the bound instead,
// and the ray then starts from the combinatorial duals. The steps themselves stop after the first
// when fewer than this many would fit: at 1,200 mixed students (scale bench) 3 steps proved less
// than the ray's first point (1,477 h) and left the ray time for that point only; without them
// its second point completes (1,548 h in 4 of 5 runs, 1,477 h before). Was 5 until the pricing
// became about twice as fast (heap fill, seeded incumbent): 1,200 mixed students then fitted 5
// steps, whose second dive (2,216 h, no better) and ray from the steps' duals (cut by the clock)
// proved 1,480 h; with 10 the ray from the combinatorial duals proves 1,612 h. Every instance of
// the benches with 10 or more steps fitting is unaffected (RESULTS, "twelfth pass").
const MIN_STEPS_FOR_SECOND_DIVE = 10;
// Pricing nodes per point of the plan-share ray (the subgradient steps' limit).
const RAY_NODES = 20_000;
// Share of the time left after a dive its local search polish may use, and its move limit.
// Measured at 1,200 students (CPU): the polish of the first dive ran 365 ms for 2,220 → 2,209 h
// (mixed), 60 ms for 1,742 → 1,728 h (tracked); 20,000 moves reach the same hours in 198 and
// 36 ms, and the time saved goes to the bound. The limit grows with the students: a flat 20,000
// left 2,500 tracked students a worse first plan (3,153 vs 3,147 h).
const POLISH_SHARE = 0.5;
const POLISH_MOVES_PER_STUDENT = 20;

interface Candidate {
  readonly counts: Counts;
  readonly score: AssignmentScore;
}

/** Dives from `duals` and polishes the plan with the local search; null when the clock cut the dive. */
function diveAndPolish(
  problem: DivisionProblem,
  duals: Float64Array,
  nodeLimit: number,
  deadline: number,
): Candidate | null {
  const window = heuristicWindow(problem);
  const dived = lagrangianDive(problem, duals, { window, nodeLimit, deadline });
  if (!dived) return null;
  const counts = improveAssignment(problem, dived, window, {
    deadline: performance.now() + (deadline - performance.now()) * POLISH_SHARE,
    maxMoves: POLISH_MOVES_PER_STUDENT * problem.studentCount,
  });
  return { counts, score: scoreAssignment(problem, counts) };
}

/**
 * The planner for semesters too large for the compact MIP. A Lagrangian dive (divisions built one
 * by one from the pricing at the combinatorial duals) polished by the local search gives a plan
 * quickly; subgradient steps on the Lagrangian dual of the pattern formulation then prove the lower
 * bound, and a second dive from their best duals may improve the plan. The best of `start` and
 * the dives' plans is returned, so it is never worse than the start. Deterministic when nothing is
 * cut by `deadline`.
 */
export async function lagrangianSearch(
  problem: DivisionProblem,
  start: Counts,
  deadline: number,
): Promise<LagrangianSearchOutcome> {
  const integral = problem.electiveHours.every(Number.isInteger);
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  let best: Candidate = { counts: start, score: scoreAssignment(problem, start) };
  const parts: string[] = [];
  // Every pattern priced or built on the way (the dives' divisions, each step's and each ray
  // point's best pattern) is a valid cut: box-step at the end starts from all of them.
  const cuts: Pattern[] = [];
  // The first dive's plan, built from the pricing, steers the ray (below) better than a plan found
  // another way, even a cheaper one.
  let firstDive: Candidate | null = null;
  const consider = (label: string, candidate: Candidate | null) => {
    if (!candidate) {
      parts.push(`${label} cut by the clock`);
      return;
    }
    firstDive ??= candidate;
    parts.push(`${label} ${candidate.score.teachingHours} h`);
    cuts.push(...planPatterns(problem, candidate.counts));
    if (compareScores(candidate.score, best.score) < 0) best = candidate;
  };
  const diveStarted = performance.now();
  consider('first dive', diveAndPolish(problem, combinatorialDuals(problem), FIRST_DIVE_NODES, deadline));
  const now = performance.now();
  const reserve = Math.min((deadline - now) * MAX_RESERVE_SHARE, (now - diveStarted) * SECOND_DIVE_RESERVE);
  const stepped = subgradientBound(problem, {
    deadline: deadline - reserve,
    target: best.score.teachingHours - core,
    integral,
    minSteps: MIN_STEPS_FOR_SECOND_DIVE,
  });
  parts.push(`${stepped.steps} subgradient steps`);
  cuts.push(...stepped.patterns);
  if (stepped.bound < best.score.teachingHours - core && stepped.steps >= MIN_STEPS_FOR_SECOND_DIVE) {
    consider('second dive', diveAndPolish(problem, stepped.bestDuals, SECOND_DIVE_NODES, deadline));
  }
  // What the second dive leaves of the budget goes to the ray from the steps' best duals towards
  // the best plan's cost shares (see plan-share-ray.ts). Run before the steps instead, it proved
  // more at 1,200 mixed students (1,477 vs 1,439 h) but the second dive from the steps that
  // followed it gave worse plans (1,200 tracked: 1,737-1,757 vs 1,700 h).
  let electiveBound = stepped.bound;
  // After only a few steps the ray goes further from the combinatorial duals (1,200 mixed
  // students: 1,477 h at its first point, where the ray from 3 steps' duals proved nothing more).
  const fromSteps = stepped.steps >= MIN_STEPS_FOR_SECOND_DIVE;
  let boundDuals = fromSteps ? stepped.bestDuals : combinatorialDuals(problem);
  const towards = (firstDive ?? best).counts;
  /** The ray from `start` with the time left, its bound kept when better; null when not started. */
  const rayFrom = (start: Float64Array, label: string) => {
    // The ray's shares cost a pass over the plan (~20 ms at 5,000 students on a cold start): not
    // worth starting once the clock has run out.
    if (electiveBound >= best.score.teachingHours - core || performance.now() >= deadline) return null;
    const ray = planShareRay(problem, start, towards, { deadline, nodeLimit: RAY_NODES });
    parts.push(`${ray.points} plan-share points${label}`);
    cuts.push(...ray.patterns);
    const rayBound = integral ? Math.ceil(ray.bound - 1e-6) : ray.bound;
    if (rayBound <= electiveBound) return { ray, improved: false };
    electiveBound = rayBound;
    boundDuals = ray.bestDuals;
    return { ray, improved: true };
  };
  const first = rayFrom(boundDuals, '');
  // Where the steps' duals are too hard to price (the ray's pricing hit its node limit there
  // without proving more), the ray from the combinatorial duals gets the time left. Measured at
  // 1,200 mixed students with 13 steps (5 s): the steps' ray stopped at its first point, cut at
  // 20,000 nodes, and the bound stayed at the steps' 1,581 h, where a 2-s run whose ray started
  // from the combinatorial duals proved 1,612 h (its pricings there complete in 0.1-0.2 s).
  if (fromSteps && first && !first.improved && first.ray.cutByNodeLimit) {
    rayFrom(combinatorialDuals(problem), ' from the combinatorial duals');
  }
  // What the ray leaves goes to box-step from the best duals so far, its model seeded with the
  // best plan's divisions (see box-step.ts); the best bound of all methods is kept.
  let patterns: readonly Pattern[] = cuts;
  if (electiveBound < best.score.teachingHours - core && performance.now() < deadline) {
    const box = await boxStepBound(problem, {
      deadline,
      start: boundDuals,
      target: best.score.teachingHours - core,
      integral,
      nodeLimit: RAY_NODES,
      seedPatterns: [...planPatterns(problem, best.counts), ...cuts],
    });
    parts.push(`${box.iterations} box-step points${box.converged ? ' (converged)' : ''}`);
    electiveBound = Math.max(electiveBound, box.bound);
    patterns = box.patterns;
  }
  return { counts: best.counts, electiveBound, detail: parts.join(', '), patterns };
}
