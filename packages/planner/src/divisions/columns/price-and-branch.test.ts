import { describe, expect, it } from 'vitest';
import { bruteForceBest } from '../../testing/brute-force';
import { generateInstance, seededRandom } from '../../testing/instances';
import { tinyThreeCategoryProblem } from '../../testing/tiny-instances';
import { assignmentIssues, scoreAssignment } from '../evaluate';
import { heuristicAssignment } from '../heuristic';
import { buildProblem } from '../problem';
import type { DivisionProblem } from '../problem';
import { generateColumns } from './column-generation';
import { priceAndBranch } from './price-and-branch';
import { priceDivisionPattern } from './pricing';
import { subgradientBound } from './subgradient';

const tinyProblem = (seed: number) => tinyThreeCategoryProblem(seed, 9);

/** The pricing optimum by enumeration: every elective set, filled greedily with the best students. */
function enumeratePricing(problem: DivisionProblem, duals: Float64Array, low: number, high: number): number {
  const E = problem.electives.length;
  let best = -Infinity;
  for (let mask = 0; mask < 1 << E; mask += 1) {
    const groups = problem.groups
      .map((group, g) => ({ g, size: group.size, weight: duals[g] ?? 0 }))
      .filter(({ g }) => (problem.groupElectives[g] ?? []).every((e) => (mask >> e) & 1))
      .sort((a, b) => b.weight - a.weight);
    let taken = 0;
    let value = 0;
    const used = new Set<number>();
    for (const { g, size, weight } of groups) {
      if (taken >= high || (weight <= 0 && taken >= low)) break;
      const amount = Math.min(size, weight > 0 ? high - taken : low - taken);
      taken += amount;
      value += amount * weight;
      for (const e of problem.groupElectives[g] ?? []) used.add(e);
    }
    if (taken < low) continue;
    for (const e of used) value -= problem.electiveHours[e] ?? 0;
    best = Math.max(best, value);
  }
  return best;
}

describe('division pricing', () => {
  it.each([1, 2, 3, 4, 5, 6])('finds the best pattern that enumeration finds (instance %i)', (seed) => {
    const problem = tinyProblem(seed);
    const random = seededRandom(100 + seed);
    const duals = Float64Array.from(problem.groups, () => random() * 4 - 0.5);
    const priced = priceDivisionPattern(problem, duals, {
      threshold: -Infinity,
      nodeLimit: 1_000_000,
      maxPatterns: 3,
      sizeLow: problem.sizeLow,
      sizeHigh: problem.sizeHigh,
    });
    const expected = enumeratePricing(problem, duals, problem.sizeLow, problem.sizeHigh);
    expect(priced.complete).toBe(true);
    expect(priced.bestValue).toBeCloseTo(expected, 9);
    expect(priced.upperBound).toBeCloseTo(expected, 9);
  });

  it('reports an upper bound, never below the best pattern, when the node limit cuts it', () => {
    const problem = tinyProblem(7);
    const duals = Float64Array.from(problem.groups, (_, g) => 1 + (g % 3));
    const cut = priceDivisionPattern(problem, duals, {
      threshold: -Infinity,
      nodeLimit: 1,
      maxPatterns: 1,
      sizeLow: problem.sizeLow,
      sizeHigh: problem.sizeHigh,
    });
    const expected = enumeratePricing(problem, duals, problem.sizeLow, problem.sizeHigh);
    expect(cut.upperBound).toBeGreaterThanOrEqual(expected - 1e-9);
  });
});

describe('column generation bound and price-and-branch', () => {
  it.each([11, 12, 13, 14, 15, 16])(
    'the bound never exceeds the brute-force optimum (instance %i)',
    async (seed) => {
      const problem = tinyProblem(seed);
      const best = bruteForceBest(problem);
      const start = heuristicAssignment(problem);
      const columns = await generateColumns(problem, start, {
        deadline: performance.now() + 20_000,
        integral: true,
      });
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      expect(best).not.toBeNull();
      expect(core + columns.lowerBound).toBeLessThanOrEqual(best?.teachingHours ?? -1);
    },
  );

  it.each([21, 22, 23, 24])('subgradient steps never prove more than the optimum (instance %i)', (seed) => {
    const problem = tinyProblem(seed);
    const best = bruteForceBest(problem);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const bound = subgradientBound(problem, {
      deadline: performance.now() + 300,
      // An unreachable target keeps it stepping until the deadline, the hardest case for validity.
      target: 10_000,
      integral: true,
      start: Float64Array.from(problem.groups, () => 1),
    });
    expect(Number.isFinite(bound)).toBe(true);
    expect(core + bound).toBeLessThanOrEqual(best?.teachingHours ?? -1);
  });

  it('gives a valid plan, never worse than its start, and the same plan twice', async () => {
    const instance = generateInstance({
      students: 150,
      categories: 4,
      minOptions: 2,
      maxOptions: 3,
      trackAffinity: 0.6,
      seed: 31,
    });
    const problem = buildProblem(instance.subjects, instance.students, 50);
    const start = heuristicAssignment(problem);
    const first = await priceAndBranch(problem, start, performance.now() + 30_000);
    const second = await priceAndBranch(problem, start, performance.now() + 30_000);
    expect(assignmentIssues(problem, first.counts)).toEqual([]);
    const sizes = scoreAssignment(problem, first.counts).sizes;
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(problem.spreadLimit);
    expect(scoreAssignment(problem, first.counts).teachingHours).toBeLessThanOrEqual(
      scoreAssignment(problem, start).teachingHours,
    );
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    expect(core + first.electiveBound).toBeLessThanOrEqual(
      scoreAssignment(problem, first.counts).teachingHours,
    );
    expect(second.counts).toEqual(first.counts);
    expect(second.electiveBound).toBe(first.electiveBound);
  });
});
