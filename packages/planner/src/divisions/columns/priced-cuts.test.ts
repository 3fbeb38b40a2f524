import { describe, expect, it } from 'vitest';
import { bruteForceBest } from '../../testing/brute-force';
import { tinyThreeCategoryProblem } from '../../testing/tiny-instances';
import { heuristicAssignment } from '../heuristic';
import type { DivisionProblem } from '../problem';
import { boxStepBound, planPatterns } from './box-step';
import { planShareRay } from './plan-share-ray';
import type { Pattern } from './pricing';
import { combinatorialDuals, subgradientBound } from './subgradient';

// The patterns the steps and the ray price become box-step's first cuts (lagrangian-search.ts,
// pattern-bound.ts): a cut that is not a feasible division would let box-step prove too much.

/** Why `pattern` is not one feasible division of `problem` (empty when it is). */
function patternIssues(problem: DivisionProblem, pattern: Pattern): string[] {
  const issues: string[] = [];
  const size = pattern.amounts.reduce((sum, amount) => sum + amount, 0);
  if (size < problem.sizeLow || size > problem.sizeHigh) issues.push(`size ${size} outside the window`);
  const taught = new Set<number>();
  pattern.groups.forEach((g, i) => {
    const amount = pattern.amounts[i] ?? 0;
    if (!(amount > 0) || amount > (problem.groups[g]?.size ?? 0))
      issues.push(`group ${g}: ${amount} students`);
    for (const e of problem.groupElectives[g] ?? []) taught.add(e);
  });
  const cost = [...taught].reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0);
  if (cost !== pattern.cost) issues.push(`cost ${pattern.cost}, its electives take ${cost} h`);
  return issues;
}

describe('patterns priced by the subgradient steps and the plan-share ray', () => {
  it('are feasible divisions whose cost is the hours of their electives, one per step and point', () => {
    // 30-34 students in two divisions: many steps and ray points, each a different pattern.
    const problem = tinyThreeCategoryProblem(44, 30);
    const plan = heuristicAssignment(problem);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const stepped = subgradientBound(problem, { deadline: Infinity, target: 1e9, integral: true });
    expect(stepped.patterns).toHaveLength(stepped.steps);
    const ray = planShareRay(problem, combinatorialDuals(problem), plan, {
      deadline: Infinity,
      nodeLimit: 100_000,
    });
    expect(ray.patterns.length).toBe(ray.points);
    for (const pattern of [...stepped.patterns, ...ray.patterns]) {
      expect(patternIssues(problem, pattern)).toEqual([]);
    }
    expect(core + stepped.bound).toBeGreaterThan(0);
  });

  it.each([31, 32, 33, 34, 35, 36, 37, 38])(
    'seed box-step without letting it prove more than the brute-force optimum (instance %i)',
    async (seed) => {
      const problem = tinyThreeCategoryProblem(seed, 9);
      const best = bruteForceBest(problem)?.teachingHours ?? -1;
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      const stepped = subgradientBound(problem, { deadline: Infinity, target: 1e9, integral: true });
      const plan = heuristicAssignment(problem);
      const ray = planShareRay(problem, stepped.bestDuals, plan, { deadline: Infinity, nodeLimit: 100_000 });
      expect(stepped.patterns.length + ray.patterns.length).toBeGreaterThan(0);
      const box = await boxStepBound(problem, {
        deadline: Infinity,
        start: stepped.bestDuals,
        target: 1e9,
        integral: true,
        nodeLimit: 1_000_000,
        seedPatterns: [...planPatterns(problem, plan), ...stepped.patterns, ...ray.patterns],
      });
      expect(box.converged).toBe(true);
      expect(core + box.bound).toBeLessThanOrEqual(best);
    },
  );
});
