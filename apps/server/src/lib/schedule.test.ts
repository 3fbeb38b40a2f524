import { describe, expect, it } from 'vitest';
import { latestDueDate, type Schedule } from './schedule';
import { instantAt, minutesOfDayIn } from './zoned-time';

const mondayAt8: Schedule = { every: 'week', weekday: 'monday', atMinutes: 8 * 60 };
const dailyAt0230: Schedule = { every: 'day', atMinutes: 2 * 60 + 30 };

describe('latestDueDate', () => {
  it('names the week from its Monday moment on, in the zone of the institution', () => {
    // Monday 2 November 2026, 07:59 in India: last week's moment is the latest one.
    expect(latestDueDate(mondayAt8, new Date('2026-11-02T07:59:00+05:30'), 'Asia/Kolkata')).toBe(
      '2026-10-26',
    );
    expect(latestDueDate(mondayAt8, new Date('2026-11-02T08:00:00+05:30'), 'Asia/Kolkata')).toBe(
      '2026-11-02',
    );
    // Sunday night still belongs to the week of 2 November.
    expect(latestDueDate(mondayAt8, new Date('2026-11-08T23:59:00+05:30'), 'Asia/Kolkata')).toBe(
      '2026-11-02',
    );
    // The same instant is still Sunday in New York.
    expect(latestDueDate(mondayAt8, new Date('2026-11-02T08:00:00+05:30'), 'America/New_York')).toBe(
      '2026-10-26',
    );
  });

  it('names one period after a long outage, the latest', () => {
    expect(latestDueDate(mondayAt8, new Date('2026-12-03T12:00:00+05:30'), 'Asia/Kolkata')).toBe(
      '2026-11-30',
    );
  });

  it('names the day from its moment on', () => {
    expect(latestDueDate(dailyAt0230, new Date('2026-11-02T02:29:00+05:30'), 'Asia/Kolkata')).toBe(
      '2026-11-01',
    );
    expect(latestDueDate(dailyAt0230, new Date('2026-11-02T02:30:00+05:30'), 'Asia/Kolkata')).toBe(
      '2026-11-02',
    );
  });
});

describe('zoned time', () => {
  it('turns a civil date and time of a zone into the instant, across a daylight-saving change', () => {
    expect(instantAt('2026-11-02', 9 * 60, 'Asia/Kolkata').toISOString()).toBe('2026-11-02T03:30:00.000Z');
    // New York leaves summer time on 1 November 2026: 09:00 is EST (UTC−5) that day.
    expect(instantAt('2026-11-01', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-11-01T14:00:00.000Z',
    );
    expect(instantAt('2026-10-31', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-10-31T13:00:00.000Z',
    );
    expect(minutesOfDayIn(new Date('2026-11-02T03:30:00Z'), 'Asia/Kolkata')).toBe(9 * 60);
  });
});
