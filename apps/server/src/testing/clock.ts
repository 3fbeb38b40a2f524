import type { Clock } from '../lib/clock';

/** A clock tests move by hand (deadlines, 24-hour rules, token expiry). */
export function createTestClock(start = new Date('2026-11-02T09:00:00+05:30')) {
  let current = start.getTime();
  const clock: Clock & { set(d: Date): void; advance(ms: number): void } = {
    now: () => new Date(current),
    set: (d) => {
      current = d.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
  return clock;
}
