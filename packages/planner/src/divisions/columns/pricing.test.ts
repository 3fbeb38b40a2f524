import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/instances';
import { bestFirst } from './pricing';

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
