import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lowerThreadPriority } from './thread-priority';

// Lowering for real is tested in worker threads (verifier-pool.test.ts): done here, it would stay
// lowered for the rest of this test thread.
describe('lowerThreadPriority', () => {
  it.each([-1, 1.5, Number.NaN])('refuses an increment of %s and changes nothing', (increment) => {
    const before = getPriority(0);
    expect(lowerThreadPriority(increment)).toMatchObject({
      applied: false,
      why: expect.stringMatching(/whole number/),
    });
    expect(getPriority(0)).toBe(before);
  });

  it('reports the priority as it is for an increment of 0', () => {
    const outcome = lowerThreadPriority(0);
    if (process.platform === 'linux') expect(outcome).toEqual({ applied: true, nice: getPriority(0) });
    else expect(outcome).toMatchObject({ applied: false, why: expect.stringMatching(/per process/) });
  });
});
