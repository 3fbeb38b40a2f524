import { describe, expect, it } from 'vitest';
import { Rng } from './random';
import { kthSmallest } from './select';

/** The straightforward answer: sort a copy, read index k. */
function bySort(values: ArrayLike<number>, k: number): number {
  return Array.from(values).sort((a, b) => a - b)[k]!;
}

describe('kthSmallest', () => {
  it('answers the value a full sort puts at k, with repeats and both array kinds', () => {
    const values = [5, -1, 3, 3, 9, 0, 3, 7, -4, 2, 2];
    const sorted = [...values].sort((a, b) => a - b);
    for (let k = 0; k < values.length; k++) {
      expect(kthSmallest(Float64Array.from(values), k)).toBe(sorted[k]);
      expect(kthSmallest(Float32Array.from(values), k)).toBe(sorted[k]);
    }
  });

  it('answers 0 for an empty array', () => {
    expect(kthSmallest(new Float32Array(0), 0)).toBe(0);
  });

  // Long arrays take the bucket pass: every rank of skewed, clustered, tied and signed data, in
  // both array kinds, must equal the sort's value exactly.
  const rng = new Rng(17);
  const shapes: [string, (i: number) => number][] = [
    ['normal', () => rng.normal()],
    ['one far outlier', (i) => (i === 7 ? 1e9 : rng.normal() * 1e-3)],
    ['heavy ties', () => Math.round(rng.normal() * 3) / 4 + 0], // + 0: no -0 (it ties with +0)
    ['skewed (squares)', () => rng.normal() ** 2],
    ['tiny range', () => 1 + rng.normal() * 1e-13],
    ['all equal', () => 0.25],
  ];
  it.each(shapes)('matches the sort at every tested rank (%s)', (_name, draw) => {
    for (const n of [256, 1000, 1816, 30001]) {
      const values = Array.from({ length: n }, (_, i) => draw(i));
      const ranks = [0, 1, n >> 2, n >> 1, n - 2, n - 1, Math.floor(n * 0.9)];
      for (const k of ranks) {
        expect(kthSmallest(Float64Array.from(values), k)).toBe(bySort(values, k));
        const f32 = Float32Array.from(values);
        expect(kthSmallest(Float32Array.from(f32), k)).toBe(bySort(f32, k));
      }
    }
  });

  it('falls back to the quickselect with an infinity among the values', () => {
    const values = Array.from({ length: 500 }, (_, i) => (i === 3 ? Infinity : rng.normal()));
    expect(kthSmallest(Float64Array.from(values), 250)).toBe(bySort(values, 250));
    expect(kthSmallest(Float64Array.from(values), 499)).toBe(Infinity);
  });
});
