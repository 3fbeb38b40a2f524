import { describe, expect, it } from 'vitest';
import { generateInstance, seededRandom } from '../../testing/instances';
import { buildProblem } from '../problem';
import { bestFirst, priceDivisionPattern } from './pricing';
import type { Pattern } from './pricing';
import { combinatorialDuals } from './subgradient';

/** Everything `order` hands out, until it is empty. */
function drain(order: { next(): number }): number[] {
  const out: number[] = [];
  for (let g = order.next(); g >= 0; g = order.next()) out.push(g);
  return out;
}

describe('best-first order of the pricing fill', () => {
  it.each([1, 2, 3, 4, 5])('hands out candidates by weight, ties by index, like a sort (seed %i)', (seed) => {
    const random = seededRandom(seed);
    const groups = 40 + seed * 13;
    // Few distinct weights, so that most candidates tie with others.
    const weights = Float64Array.from({ length: groups }, () => Math.floor(random() * 6) - 2);
    const candidates = Array.from({ length: groups }, (_, g) => g).filter(() => random() < 0.7);
    const sorted = [...candidates].sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
    expect(drain(bestFirst(candidates, weights))).toEqual(sorted);
  });

  it('hands out nothing without candidates, and equal weights in index order', () => {
    const weights = Float64Array.from([2, 2, 2, 2]);
    expect(bestFirst([], weights).next()).toBe(-1);
    expect(drain(bestFirst([3, 0, 2], weights))).toEqual([0, 2, 3]);
  });
});

describe('seeded pricing', () => {
  const instance = generateInstance({
    students: 300,
    categories: 5,
    minOptions: 2,
    maxOptions: 4,
    trackAffinity: 0.6,
    seed: 4,
  });
  const problem = buildProblem(instance.subjects, instance.students, 40);
  const base = combinatorialDuals(problem);
  const options = {
    threshold: -Infinity,
    nodeLimit: 1_000_000,
    maxPatterns: 3,
    sizeLow: problem.sizeLow,
    sizeHigh: problem.sizeHigh,
  };
  // Duals near each other, as consecutive steps of a dual method price them.
  const dualsAt = (k: number) => {
    const random = seededRandom(100 + k);
    return Float64Array.from(base, (b) => b * (0.8 + 0.4 * random()));
  };

  it('finds the optimum of the unseeded search, with its upper bound, in no more nodes', () => {
    const earlier: Pattern[] = [];
    for (let k = 0; k < 6; k += 1) {
      const duals = dualsAt(k);
      const plain = priceDivisionPattern(problem, duals, options);
      const seeded = priceDivisionPattern(problem, duals, { ...options, seeds: earlier });
      expect(plain.complete && seeded.complete).toBe(true);
      expect(seeded.bestValue).toBeCloseTo(plain.bestValue, 9);
      expect(seeded.upperBound).toBeCloseTo(plain.upperBound, 9);
      expect(seeded.patterns[0]?.cost).toBeDefined();
      expect(seeded.nodes).toBeLessThanOrEqual(plain.nodes);
      // A cut search still bounds the optimum from above, whatever the seeds pruned.
      const cut = priceDivisionPattern(problem, duals, { ...options, nodeLimit: 20, seeds: earlier });
      expect(cut.upperBound).toBeGreaterThanOrEqual(plain.bestValue - 1e-9);
      earlier.push(...plain.patterns);
    }
    // The seeds must have pruned something, or the checks above test nothing.
    const last = dualsAt(6);
    expect(priceDivisionPattern(problem, last, { ...options, seeds: earlier }).nodes).toBeLessThan(
      priceDivisionPattern(problem, last, options).nodes,
    );
  });

  it('ignores seeds that are not divisions of this pricing (window, `sizes`, amounts)', () => {
    const duals = dualsAt(0);
    const [g0, g1] = [0, 1];
    const big = problem.sizeHigh + 1;
    const sizes = problem.groups.map((group) => Math.max(1, group.size - 2));
    const invalid: Pattern[] = [
      // Over the window, and worth a lot at these duals: trusted, it would win and prune everything.
      {
        groups: problem.groups.map((_, g) => g),
        amounts: problem.groups.map((group) => group.size),
        cost: 0,
      },
      { groups: [g0], amounts: [big], cost: 0 },
      { groups: [g1, g0], amounts: [1, problem.sizeLow], cost: 0 },
      { groups: [g0], amounts: [0.5], cost: 0 },
    ];
    for (const extra of [{}, { sizes }]) {
      const plain = priceDivisionPattern(problem, duals, { ...options, ...extra });
      const seeded = priceDivisionPattern(problem, duals, { ...options, ...extra, seeds: invalid });
      expect(seeded).toEqual(plain);
    }
    // A division over what `sizes` leaves of a group is not one of that pricing either.
    const plain = priceDivisionPattern(problem, duals, options);
    const best = plain.patterns[0] as Pattern;
    const tight = problem.groups.map((group, g) => {
      const i = best.groups.indexOf(g);
      return i >= 0 ? (best.amounts[i] ?? 0) - 1 : group.size;
    });
    const withSizes = priceDivisionPattern(problem, duals, { ...options, sizes: tight });
    expect(priceDivisionPattern(problem, duals, { ...options, sizes: tight, seeds: [best] })).toEqual(
      withSizes,
    );
  });
});
