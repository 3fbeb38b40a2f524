import { describe, expect, it } from 'vitest';
import { bruteForceBest } from '../../testing/brute-force';
import { generateInstance } from '../../testing/instances';
import { tinyThreeCategoryProblem } from '../../testing/tiny-instances';
import { scoreAssignment } from '../evaluate';
import { heuristicAssignment } from '../heuristic';
import { buildProblem } from '../problem';
import type { Counts, DivisionProblem } from '../problem';
import { planShareDuals, planShareRay } from './plan-share-ray';
import { combinatorialDuals } from './subgradient';

/** Students dealt to the divisions in turn, group after group: splits groups, wastes hours. */
function roundRobinPlan(problem: DivisionProblem): Counts {
  const D = problem.divisionCount;
  let next = 0;
  return problem.groups.map((group) => {
    const row = new Array<number>(D).fill(0);
    for (let i = 0; i < group.size; i += 1) {
      row[next % D] = (row[next % D] ?? 0) + 1;
      next += 1;
    }
    return row;
  });
}

describe('plan-share ray', () => {
  it('gives duals whose total over all students is the plan’s elective hours', () => {
    const instance = generateInstance({
      students: 251,
      categories: 5,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.6,
      seed: 71,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const plan = heuristicAssignment(problem);
    const shares = planShareDuals(problem, plan);
    const total = problem.groups.reduce((sum, group, g) => sum + (shares[g] ?? 0) * group.size, 0);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    expect(total).toBeCloseTo(scoreAssignment(problem, plan).teachingHours - core, 6);
  });

  it.each([31, 32, 33, 34, 35, 36])(
    'never proves more than the brute-force optimum (instance %i)',
    (seed) => {
      const problem = tinyThreeCategoryProblem(seed, 9);
      const best = bruteForceBest(problem);
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      // A poor plan: its shares total more than the optimum, so the ray must stop short of them.
      const ray = planShareRay(problem, combinatorialDuals(problem), roundRobinPlan(problem), {
        deadline: Infinity,
        nodeLimit: 100_000,
      });
      expect(ray.points).toBeGreaterThan(0);
      expect(scoreAssignment(problem, roundRobinPlan(problem)).teachingHours).toBeGreaterThan(
        best?.teachingHours ?? Infinity,
      );
      expect(core + ray.bound).toBeLessThanOrEqual((best?.teachingHours ?? -1) + 1e-9);
    },
  );

  it('proves more than the combinatorial bound and repeats itself (360 mixed students)', () => {
    const instance = generateInstance({
      students: 360,
      categories: 6,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.6,
      seed: 3202,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const plan = heuristicAssignment(problem, { deadline: performance.now() + 200 });
    const options = { deadline: Infinity, nodeLimit: 20_000 };
    const first = planShareRay(problem, combinatorialDuals(problem), plan, options);
    const second = planShareRay(problem, combinatorialDuals(problem), plan, options);
    // The combinatorial duals prove at most the combinatorial bound: the ray must get past it.
    const combinatorial = problem.electiveStudents.reduce(
      (sum, n, e) => sum + Math.ceil(n / problem.sizeHigh) * (problem.electiveHours[e] ?? 0),
      0,
    );
    expect(first.bound).toBeGreaterThan(combinatorial);
    expect(second.bound).toBe(first.bound);
    expect(Array.from(second.bestDuals)).toEqual(Array.from(first.bestDuals));
  });

  it('says when its pricing hit the node limit, and not when it ran to the end or the clock', () => {
    const instance = generateInstance({
      students: 360,
      categories: 6,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.6,
      seed: 3202,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const plan = heuristicAssignment(problem, { deadline: performance.now() + 200 });
    const start = combinatorialDuals(problem);
    const starved = planShareRay(problem, start, plan, { deadline: Infinity, nodeLimit: 2 });
    expect(starved.cutByNodeLimit).toBe(true);
    // A pricing cut by its limit ends the ray: the points after it could only prove less.
    expect(starved.points).toBe(1);
    const full = planShareRay(problem, start, plan, { deadline: Infinity, nodeLimit: 1_000_000 });
    expect(full.cutByNodeLimit).toBe(false);
    expect(full.bound).toBeGreaterThanOrEqual(starved.bound);
    const late = planShareRay(problem, start, plan, { deadline: performance.now() - 1, nodeLimit: 2 });
    expect(late.points).toBe(0);
    expect(late.cutByNodeLimit).toBe(false);
  });
});
