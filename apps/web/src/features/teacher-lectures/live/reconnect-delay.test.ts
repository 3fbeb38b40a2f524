import { describe, expect, it } from 'vitest';
import { RECONNECT, reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('doubles from the first delay up to the cap when unjittered', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 10, 1000].map((n) => reconnectDelay(n, middle))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });

  it('spreads each delay by the jitter and never waits past the cap', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT.firstDelayMs * (1 - RECONNECT.jitter));
    expect(reconnectDelay(0, () => 1)).toBe(RECONNECT.firstDelayMs * (1 + RECONNECT.jitter));
    for (let attempt = 0; attempt < 50; attempt++) {
      for (const r of [0, 0.25, 0.99]) {
        const delay = reconnectDelay(attempt, () => r);
        expect(delay).toBeGreaterThan(0);
        expect(delay).toBeLessThanOrEqual(RECONNECT.maxDelayMs);
      }
    }
  });
});
