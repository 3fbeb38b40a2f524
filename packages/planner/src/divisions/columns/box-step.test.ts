import { describe, expect, it } from 'vitest';
import { bruteForceBest } from '../../testing/brute-force';
import { generateInstance } from '../../testing/instances';
import { tinyThreeCategoryProblem } from '../../testing/tiny-instances';
import { assignmentIssues, scoreAssignment } from '../evaluate';
import { heuristicAssignment } from '../heuristic';
import { buildProblem } from '../problem';
import type { DivisionProblem } from '../problem';
import { boxStepBound, planPatterns } from './box-step';
import type { BoxStepPoint } from './box-step';
import { patternBound } from './pattern-bound';
import { combinatorialDuals, subgradientBound } from './subgradient';

// An unreachable target keeps the search going until it converges: the hardest case for validity.
const UNREACHABLE = 1e9;

function run(problem: DivisionProblem, seedPatterns = planPatterns(problem, heuristicAssignment(problem))) {
  return boxStepBound(problem, {
    deadline: Infinity,
    start: combinatorialDuals(problem),
    target: UNREACHABLE,
    integral: true,
    nodeLimit: 1_000_000,
    seedPatterns,
  });
}

describe('box-step bound on the pattern relaxation', () => {
  it('never proves more than the brute-force optimum, and meets it where the relaxation is tight', async () => {
    let tight = 0;
    for (const seed of [31, 32, 33, 34, 35, 36, 37, 38]) {
      const problem = tinyThreeCategoryProblem(seed, 9);
      const best = bruteForceBest(problem)?.teachingHours ?? -1;
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      const result = await run(problem);
      expect(result.converged).toBe(true);
      expect(core + result.bound).toBeLessThanOrEqual(best);
      if (core + result.bound === best) tight += 1;
    }
    // Without tight instances an inflated bound could pass the check above unnoticed.
    expect(tight).toBeGreaterThan(0);
  });

  it('plan patterns are the plan’s divisions: their costs add up to its elective hours', () => {
    const problem = tinyThreeCategoryProblem(40, 10);
    const plan = heuristicAssignment(problem);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const patterns = planPatterns(problem, plan);
    const total = patterns.reduce((sum, pattern) => sum + pattern.cost, 0);
    expect(total).toBe(scoreAssignment(problem, plan).teachingHours - core);
    const placed = patterns.reduce((sum, p) => sum + p.amounts.reduce((a, b) => a + b, 0), 0);
    expect(placed).toBe(problem.studentCount);
  });

  it('at 160 students proves at least the subgradient bound, never above a feasible plan, the same twice', async () => {
    const instance = generateInstance({
      students: 160,
      categories: 4,
      minOptions: 2,
      maxOptions: 3,
      trackAffinity: 0.6,
      seed: 61,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const plan = heuristicAssignment(problem);
    expect(assignmentIssues(problem, plan)).toEqual([]);
    const planHours = scoreAssignment(problem, plan).teachingHours;
    const first = await run(problem);
    const second = await run(problem);
    expect(second.bound).toBe(first.bound);
    expect(second.iterations).toBe(first.iterations);
    expect(core + first.bound).toBeLessThanOrEqual(planHours);
    const stepped = subgradientBound(problem, { deadline: Infinity, target: UNREACHABLE, integral: true });
    // Box-step solves the relaxation the subgradient approximates: it can only prove more.
    expect(first.bound).toBeGreaterThanOrEqual(stepped.bound);
  }, 60_000);

  it('tells onPoint every priced point, the proven bound never falling, without changing the result', async () => {
    const problem = tinyThreeCategoryProblem(34, 9);
    const points: BoxStepPoint[] = [];
    const options = {
      deadline: Infinity,
      start: combinatorialDuals(problem),
      target: UNREACHABLE,
      integral: true,
      nodeLimit: 1_000_000,
      seedPatterns: planPatterns(problem, heuristicAssignment(problem)),
    };
    const told = await boxStepBound(problem, { ...options, onPoint: (point) => points.push(point) });
    const silent = await boxStepBound(problem, options);
    expect(told.iterations).toBeGreaterThan(0);
    expect(points.map((point) => point.iterations)).toEqual(
      Array.from({ length: told.iterations + 1 }, (_, i) => i),
    );
    points.forEach((point, i) =>
      expect(point.bound).toBeGreaterThanOrEqual(points[i - 1]?.bound ?? -Infinity),
    );
    expect(points.at(-1)?.bound).toBe(told.bound);
    expect(points.at(-1)?.cuts).toBe(told.patterns.length);
    expect([silent.bound, silent.iterations]).toEqual([told.bound, told.iterations]);
  });

  it('halves the box after five null steps in a row, even when each learnt new cuts', async () => {
    const instance = generateInstance({
      students: 240,
      categories: 5,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.6,
      seed: 12,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const points: BoxStepPoint[] = [];
    await boxStepBound(problem, {
      deadline: Infinity,
      start: combinatorialDuals(problem),
      target: UNREACHABLE,
      // Unrounded, so that every serious step raises the bound and a point with the previous
      // point's bound and box is a null step that kept the box.
      integral: false,
      nodeLimit: 1_000_000,
      maxIterations: 60,
      onPoint: (point) => points.push(point),
    });
    let kept = 0;
    let longest = 0;
    points.forEach((point, i) => {
      const previous = points[i - 1];
      kept = previous && point.bound === previous.bound && point.delta === previous.delta ? kept + 1 : 0;
      longest = Math.max(longest, kept);
    });
    expect(points.length).toBeGreaterThan(20);
    expect(longest).toBeLessThan(5);
  });

  it('stops with the bound proven so far when the clock cuts it (still valid)', async () => {
    const problem = tinyThreeCategoryProblem(33, 9);
    const best = bruteForceBest(problem)?.teachingHours ?? -1;
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const result = await boxStepBound(problem, {
      deadline: performance.now() - 1,
      start: combinatorialDuals(problem),
      target: UNREACHABLE,
      integral: true,
      nodeLimit: 1_000_000,
    });
    expect(result.iterations).toBe(0);
    expect(core + result.bound).toBeLessThanOrEqual(best);
  });

  it('steps then box-step (the planner’s pattern bound) never prove more than the optimum', async () => {
    for (const seed of [41, 42, 43, 44]) {
      const problem = tinyThreeCategoryProblem(seed, 9);
      const best = bruteForceBest(problem)?.teachingHours ?? -1;
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      const plan = heuristicAssignment(problem);
      const result = await patternBound(problem, plan, UNREACHABLE, {
        deadline: performance.now() + 400,
        integral: true,
      });
      expect(Number.isFinite(result.bound)).toBe(true);
      expect(core + result.bound).toBeLessThanOrEqual(best);
    }
  });
});
