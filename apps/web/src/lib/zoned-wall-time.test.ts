import { describe, expect, it } from 'vitest';
import { institutionDay, institutionWallTime } from './zoned-wall-time';

describe('institutionWallTime', () => {
  it.each([
    ['2026-11-02T09:00:07+05:30', '2 Nov 2026, 09:00 (UTC+05:30)'],
    ['2026-01-15T07:00:00-05:00', '15 Jan 2026, 07:00 (UTC-05:00)'],
    ['2026-11-02T03:30:00.000Z', '2 Nov 2026, 03:30 (UTC)'],
    ['yesterday', 'yesterday'],
  ])('shows %s as %s', (iso, shown) => {
    expect(institutionWallTime(iso)).toBe(shown);
  });
});

describe('institutionDay', () => {
  it.each([
    // Half past midnight in India is still the day before in UTC: the institution's day wins.
    ['2026-11-02T00:30:00+05:30', '2 Nov 2026'],
    ['2026-12-31T23:59:59-05:00', '31 Dec 2026'],
    ['not a time', 'not a time'],
  ])('reads %s as %s', (iso, day) => {
    expect(institutionDay(iso)).toBe(day);
  });
});
