import { describe, expect, it } from 'vitest';
import { planQualityText } from './plan-quality';

describe('planQualityText', () => {
  it('says a proven plan is the best possible', () => {
    expect(
      planQualityText({ teaching_hours: 120, lower_bound: 120, gap: 0, optimal: true, planning_ms: 10 }),
    ).toBe('Uses the fewest teaching hours possible (proven best).');
  });

  it('states the gap in percent with one decimal and never rounds a small gap to zero', () => {
    expect(
      planQualityText({
        teaching_hours: 1000,
        lower_bound: 999.8,
        gap: 0.0002,
        optimal: false,
        planning_ms: 10,
      }),
    ).toBe(
      'Within 0.1 % of the best possible teaching hours (1000 h a week; no plan can use fewer than 1000 h).',
    );
    expect(
      planQualityText({
        teaching_hours: 1790,
        lower_bound: 1228,
        gap: 0.314,
        optimal: false,
        planning_ms: 10,
      }),
    ).toMatch(/^Within 31\.4 % of the best possible teaching hours/);
  });
});
