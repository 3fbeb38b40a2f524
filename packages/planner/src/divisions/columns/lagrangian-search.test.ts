import { describe, expect, it } from 'vitest';
import { bruteForceBest } from '../../testing/brute-force';
import { generateInstance, seededRandom } from '../../testing/instances';
import { tinyThreeCategoryProblem } from '../../testing/tiny-instances';
import { assignmentIssues, scoreAssignment } from '../evaluate';
import { heuristicAssignment, heuristicWindow } from '../heuristic';
import { buildProblem } from '../problem';
import type { DivisionProblem } from '../problem';
import { lagrangianDive } from './lagrangian-dive';
import { lagrangianSearch } from './lagrangian-search';
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

/** Pricing at `duals` within `nodeLimit` nodes, with the best value enumeration finds for them. */
function pricingAgainstEnumeration(
  problem: DivisionProblem,
  duals: Float64Array,
  nodeLimit = 1_000_000,
  maxPatterns = 3,
) {
  const priced = priceDivisionPattern(problem, duals, {
    threshold: -Infinity,
    nodeLimit,
    maxPatterns,
    sizeLow: problem.sizeLow,
    sizeHigh: problem.sizeHigh,
  });
  return { priced, expected: enumeratePricing(problem, duals, problem.sizeLow, problem.sizeHigh) };
}

/** Pricing stopped after its first node, at fixed duals 1, 2, 3, 1, 2, 3, … */
function priceAfterOneNode(problem: DivisionProblem) {
  const duals = Float64Array.from(problem.groups, (_, g) => 1 + (g % 3));
  const cut = priceDivisionPattern(problem, duals, {
    threshold: -Infinity,
    nodeLimit: 1,
    maxPatterns: 1,
    sizeLow: problem.sizeLow,
    sizeHigh: problem.sizeHigh,
  });
  return { duals, cut };
}

describe('division pricing', () => {
  it.each([1, 2, 3, 4, 5, 6])('finds the best pattern that enumeration finds (instance %i)', (seed) => {
    const problem = tinyProblem(seed);
    const random = seededRandom(100 + seed);
    const duals = Float64Array.from(problem.groups, () => random() * 4 - 0.5);
    const { priced, expected } = pricingAgainstEnumeration(problem, duals);
    expect(priced.complete).toBe(true);
    expect(priced.bestValue).toBeCloseTo(expected, 9);
    expect(priced.upperBound).toBeCloseTo(expected, 9);
  });

  it('reports an upper bound, never below the best pattern, when the node limit cuts it', () => {
    const problem = tinyProblem(7);
    const { duals, cut } = priceAfterOneNode(problem);
    const expected = enumeratePricing(problem, duals, problem.sizeLow, problem.sizeHigh);
    expect(cut.upperBound).toBeGreaterThanOrEqual(expected - 1e-9);
  });
});

describe('Lagrangian bound, dive and search', () => {
  it.each([11, 12, 13, 14, 15, 16, 17, 18])(
    'bound ≤ the brute-force optimum ≤ the plan, and the plan is valid (instance %i)',
    async (seed) => {
      const problem = tinyProblem(seed);
      const best = bruteForceBest(problem);
      const start = heuristicAssignment(problem);
      const outcome = await lagrangianSearch(problem, start, performance.now() + 2_000);
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      expect(best).not.toBeNull();
      expect(assignmentIssues(problem, outcome.counts)).toEqual([]);
      expect(core + outcome.electiveBound).toBeLessThanOrEqual(best?.teachingHours ?? -1);
      expect(scoreAssignment(problem, outcome.counts).teachingHours).toBeGreaterThanOrEqual(
        best?.teachingHours ?? Infinity,
      );
    },
  );

  it.each([21, 22, 23, 24])('subgradient steps never prove more than the optimum (instance %i)', (seed) => {
    const problem = tinyProblem(seed);
    const best = bruteForceBest(problem);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const { bound } = subgradientBound(problem, {
      deadline: performance.now() + 300,
      // An unreachable target keeps it stepping until the deadline, the hardest case for validity.
      target: 10_000,
      integral: true,
      start: Float64Array.from(problem.groups, () => 1),
    });
    expect(Number.isFinite(bound)).toBe(true);
    expect(core + bound).toBeLessThanOrEqual(best?.teachingHours ?? -1);
  });

  it('gives up after its first step when too few steps would fit, and only then', () => {
    const problem = tinyProblem(21);
    // A far but finite deadline: at the first step's cost a finite number of steps fits, always
    // fewer than an infinite minimum, never fewer than one.
    const options = { deadline: performance.now() + 1e9, target: 10_000, integral: true };
    const givenUp = subgradientBound(problem, { ...options, minSteps: Infinity });
    const stepping = subgradientBound(problem, { ...options, minSteps: 1 });
    expect(givenUp.steps).toBe(1);
    expect(stepping.steps).toBeGreaterThan(1);
    expect(stepping.steps).toBe(subgradientBound(problem, options).steps);
  });

  it('counts a pricing cut by its node limit with the bound of its open nodes, still valid', () => {
    const problem = tinyProblem(25);
    const best = bruteForceBest(problem);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const { duals, cut } = priceAfterOneNode(problem);
    const bound = problem.groups.reduce((sum, group, g) => sum + (duals[g] ?? 0) * group.size, 0);
    expect(cut.complete).toBe(false);
    expect(core + bound - problem.divisionCount * cut.upperBound).toBeLessThanOrEqual(
      best?.teachingHours ?? -1,
    );
  });

  it('dives to a valid balanced plan that places every student once, the same twice', () => {
    const instance = generateInstance({
      students: 300,
      categories: 5,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.85,
      seed: 41,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const { bestDuals } = subgradientBound(problem, {
      deadline: Infinity,
      target: 0,
      integral: true,
    });
    const window = heuristicWindow(problem);
    const options = { window, nodeLimit: 300, deadline: Infinity };
    const first = lagrangianDive(problem, bestDuals, options);
    expect(first).not.toBeNull();
    expect(assignmentIssues(problem, first ?? [])).toEqual([]);
    const sizes = scoreAssignment(problem, first ?? []).sizes;
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(window.low);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(window.high);
    expect(lagrangianDive(problem, bestDuals, options)).toEqual(first);
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
    const first = await lagrangianSearch(problem, start, performance.now() + 30_000);
    const second = await lagrangianSearch(problem, start, performance.now() + 30_000);
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

/** Groups with one or two students, many more than a division holds: the pricing's top-candidates path. */
function manyGroupsProblem(seed: number): DivisionProblem {
  const instance = generateInstance({
    students: 40,
    categories: 3,
    minOptions: 2,
    maxOptions: 3,
    trackAffinity: 0.3,
    seed,
  });
  return buildProblem(instance.subjects, instance.students, 5);
}

/** A random feasible assignment: students dealt to divisions in a seeded order, sizes as balanced as possible. */
function randomPlan(problem: DivisionProblem, seed: number): number[][] {
  const random = seededRandom(seed);
  const students = problem.groups.flatMap((group, g) => new Array<number>(group.size).fill(g));
  for (let i = students.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [students[i], students[j]] = [students[j] as number, students[i] as number];
  }
  const counts = problem.groups.map(() => new Array<number>(problem.divisionCount).fill(0));
  students.forEach((g, i) => {
    const row = counts[g] as number[];
    const d = i % problem.divisionCount;
    row[d] = (row[d] ?? 0) + 1;
  });
  return counts;
}

describe('division pricing with more groups than a division holds', () => {
  it.each([51, 52, 53, 54])('finds the enumeration optimum (instance %i)', (seed) => {
    const problem = manyGroupsProblem(seed);
    expect(problem.groups.length).toBeGreaterThan(problem.sizeHigh);
    const random = seededRandom(200 + seed);
    const duals = Float64Array.from(problem.groups, () => random() * 6 - 1);
    const { priced, expected } = pricingAgainstEnumeration(problem, duals);
    expect(priced.complete).toBe(true);
    expect(priced.bestValue).toBeCloseTo(expected, 9);
  });

  it.each([1, 2, 3, 5, 8, 13])('a search cut after %i nodes still bounds the optimum from above', (limit) => {
    const problem = manyGroupsProblem(55);
    // Duals around the groups' elective hours per seat: the search then needs many nodes.
    const duals = Float64Array.from(
      problem.groups,
      (_, g) =>
        (problem.groupElectives[g] ?? []).reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0) / 4,
    );
    const { priced: cut, expected } = pricingAgainstEnumeration(problem, duals, limit, 1);
    expect(cut.upperBound).toBeGreaterThanOrEqual(expected - 1e-9);
    expect(cut.bestValue).toBeLessThanOrEqual(expected + 1e-9);
  });

  it('never proves more hours than any of 20 random feasible plans (240 students)', () => {
    const instance = generateInstance({
      students: 240,
      categories: 5,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.6,
      seed: 61,
    });
    const problem = buildProblem(instance.subjects, instance.students, 62);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    const { bound } = subgradientBound(problem, { deadline: Infinity, target: 10_000, integral: true });
    expect(Number.isFinite(bound)).toBe(true);
    for (let seed = 0; seed < 20; seed += 1) {
      const counts = randomPlan(problem, seed);
      expect(assignmentIssues(problem, counts)).toEqual([]);
      expect(core + bound).toBeLessThanOrEqual(scoreAssignment(problem, counts).teachingHours);
    }
  });
});
