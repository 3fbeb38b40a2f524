import { describe, expect, it } from 'vitest';
import { speechLikeBursts } from './speech-like-bursts';

describe('speechLikeBursts', () => {
  it('is the same sound for the same seed, scaled by its level, and another for another seed', () => {
    const one = speechLikeBursts(3, 1, 8000);
    const two = speechLikeBursts(3, 1, 8000, { level: 2 });
    expect(Array.from(two)).toEqual(Array.from(one, (v) => 2 * v));
    expect(Array.from(speechLikeBursts(3, 1, 8000))).toEqual(Array.from(one));
    expect(Array.from(speechLikeBursts(4, 1, 8000))).not.toEqual(Array.from(one));
    // Bursts and near-silence between: the loudest sample far above the quietest stretch.
    expect(Math.max(...one.map(Math.abs))).toBeGreaterThan(0.04);
  });
});
