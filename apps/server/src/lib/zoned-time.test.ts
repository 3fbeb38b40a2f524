import { describe, expect, it } from 'vitest';
import { zonedIsoString } from './zoned-time';

describe('zonedIsoString', () => {
  it.each([
    ['2026-11-02T03:30:07.000Z', 'Asia/Kolkata', '2026-11-02T09:00:07+05:30'],
    ['2026-11-01T20:00:00.000Z', 'Asia/Kolkata', '2026-11-02T01:30:00+05:30'],
    ['2026-07-01T12:00:00.000Z', 'Europe/London', '2026-07-01T13:00:00+01:00'],
    ['2026-01-15T12:00:00.000Z', 'America/New_York', '2026-01-15T07:00:00-05:00'],
    ['2026-01-15T12:00:00.999Z', 'UTC', '2026-01-15T12:00:00+00:00'],
  ])('writes %s in %s as %s', (instant, zone, expected) => {
    expect(zonedIsoString(new Date(instant), zone)).toBe(expected);
  });
});
