import { describe, expect, it } from 'vitest';
import { float64Scratch } from './scratch';

describe('Scratch', () => {
  it('hands out views of the asked length, zeroed when asked, over one kept buffer', () => {
    const scratch = float64Scratch();
    const a = scratch.take(5, true);
    expect(Array.from(a)).toEqual([0, 0, 0, 0, 0]);
    a.set([1, 2, 3, 4, 5]);
    // Not zeroed: the previous contents are still there (same memory).
    const b = scratch.take(3, false);
    expect(Array.from(b)).toEqual([1, 2, 3]);
    expect(b.buffer).toBe(a.buffer);
    // Zeroed: cleared over the asked length.
    expect(Array.from(scratch.take(4, true))).toEqual([0, 0, 0, 0]);
    // Longer than kept: a new, zeroed buffer.
    const c = scratch.take(12, false);
    expect(c.length).toBe(12);
    expect(c.buffer).not.toBe(a.buffer);
    expect(Array.from(c).every((v) => v === 0)).toBe(true);
  });
});
