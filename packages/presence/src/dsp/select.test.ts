import { describe, expect, it } from 'vitest';
import { kthSmallest } from './select';

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
});
