import { describe, expect, it } from 'vitest';
import { MIP_ROOT_STALL_MS, MIP_ROOT_STALL_MS_PER_NONZERO, TimeBudget, WRAP_UP_SHARE } from './budget';

/** A clock the test moves by hand, so every decision is reproducible. */
function manualClock(start = 5000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TimeBudget', () => {
  it('ends the phases before the budget, keeping the wrap-up share', () => {
    const clock = manualClock();
    const budget = new TimeBudget(1000, clock.now);
    expect(budget.end).toBe(5000 + 1000 * (1 - WRAP_UP_SHARE));
    expect(budget.left()).toBe(1000 * (1 - WRAP_UP_SHARE));
    clock.advance(2000);
    expect(budget.left()).toBe(0);
    expect(budget.elapsed()).toBe(2000);
  });

  it('gives each phase a share of what is left, never past the end', () => {
    const clock = manualClock();
    const budget = new TimeBudget(1000, clock.now);
    clock.advance(420);
    expect(budget.until(0.5)).toBe(5420 + 0.5 * (920 - 420));
    expect(budget.until(1)).toBe(budget.end);
    clock.advance(1000);
    // Out of time: a phase gets a deadline that has already passed, not a negative share.
    expect(budget.until(0.5)).toBe(6420);
  });

  it('starts a MIP only when its root work fits in the time left', () => {
    const nonzeros = 8000;
    const needs = MIP_ROOT_STALL_MS + MIP_ROOT_STALL_MS_PER_NONZERO * nonzeros;
    const clock = manualClock();
    // A 1 s call at 80 teachers: the root work alone ran 540 ms past the deadline, so no MIP.
    expect(new TimeBudget(1000, clock.now).fitsMip(nonzeros)).toBe(false);
    const roomy = new TimeBudget(3000, clock.now);
    expect(roomy.fitsMip(nonzeros)).toBe(true);
    clock.advance(roomy.left() - needs + 1);
    expect(roomy.fitsMip(nonzeros)).toBe(false);
    expect(roomy.fitsMip(0)).toBe(true);
  });
});
