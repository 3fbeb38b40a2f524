import { describe, expect, it } from 'vitest';
import { institutionDate } from './week-strip-days';

describe('institutionDate', () => {
  // 2026-11-25 is a Wednesday on the device.
  const device = new Date(2026, 10, 25, 23, 30);
  it.each([
    ['wednesday', 25],
    ['thursday', 26],
    ['tuesday', 24],
  ] as const)('reads the server’s %s as the 2026-11-%s', (day, dayOfMonth) => {
    const date = institutionDate(device, day);
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 10, dayOfMonth]);
  });

  it('wraps from Sunday to Monday and back', () => {
    const sunday = new Date(2026, 10, 29, 23, 0);
    expect(institutionDate(sunday, 'monday').getDate()).toBe(30);
    const monday = new Date(2026, 10, 30, 0, 30);
    expect(institutionDate(monday, 'sunday').getDate()).toBe(29);
  });
});
