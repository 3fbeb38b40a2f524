import { describe, expect, it } from 'vitest';
import { formatClockTime, parseClockTime, parseTimeRange } from './clock-time';
import { addDays, currentWeekday, dateInCurrentWeek, nextDateOnWeekday, parseWeekday } from './week';

describe('clock times', () => {
  it('reads 24-hour times as written', () => {
    expect(parseClockTime('09:00')).toBe(9 * 60);
    expect(parseClockTime('13:45')).toBe(13 * 60 + 45);
    expect(parseClockTime('9.30')).toBe(9 * 60 + 30);
    expect(parseClockTime('10:00:00')).toBe(600);
  });

  it('reads 1:00 to 6:59 without AM/PM as afternoon, and 7:00 to 12:59 as written', () => {
    expect(parseClockTime('01:00')).toBe(13 * 60);
    expect(parseClockTime('6:59')).toBe(18 * 60 + 59);
    expect(parseClockTime('07:00')).toBe(7 * 60);
    expect(parseClockTime('12:45')).toBe(12 * 60 + 45);
  });

  it('honours AM/PM when given', () => {
    expect(parseClockTime('1:00 am')).toBe(60);
    expect(parseClockTime('1:00 PM')).toBe(13 * 60);
    expect(parseClockTime('12:00 am')).toBe(0);
    expect(parseClockTime('12:30 p.m.')).toBe(12 * 60 + 30);
  });

  it('rejects what is not clearly a time', () => {
    for (const bad of ['', '9', '25:00', '10:60', '13:00 pm', 'noon', '1O:00', '10:0']) {
      expect(parseClockTime(bad), bad).toBeNull();
    }
  });

  it('reads ranges with dashes, en dashes and spaces', () => {
    expect(parseTimeRange('12:45-01:45')).toEqual({ start: 765, end: 825 });
    expect(parseTimeRange('9:00 – 10:00')).toEqual({ start: 540, end: 600 });
    expect(parseTimeRange('09:00')).toBeNull();
    expect(formatClockTime(825)).toBe('13:45');
  });
});

describe('weeks in the institution time zone', () => {
  // 2026-11-02 is a Monday.
  it('finds today in Asia/Kolkata even when it is still the day before in UTC', () => {
    const lateSundayUtc = new Date('2026-11-01T20:00:00Z'); // 01:30 Monday in India
    expect(currentWeekday(lateSundayUtc, 'Asia/Kolkata')).toBe('monday');
    expect(currentWeekday(lateSundayUtc, 'UTC')).toBe('sunday');
  });

  it('dates every weekday of the current Monday-first week', () => {
    const wednesday = new Date('2026-11-04T10:00:00+05:30');
    expect(dateInCurrentWeek(wednesday, 'Asia/Kolkata', 'monday')).toBe('2026-11-02');
    expect(dateInCurrentWeek(wednesday, 'Asia/Kolkata', 'sunday')).toBe('2026-11-08');
    const sunday = new Date('2026-11-08T22:00:00+05:30');
    expect(dateInCurrentWeek(sunday, 'Asia/Kolkata', 'monday')).toBe('2026-11-02');
  });

  it('finds the next date on a weekday and reads day names', () => {
    expect(nextDateOnWeekday('2026-07-01', 'wednesday')).toBe('2026-07-01');
    expect(nextDateOnWeekday('2026-07-01', 'monday')).toBe('2026-07-06');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(parseWeekday('MONDAY')).toBe('monday');
    expect(parseWeekday('Tue')).toBe('tuesday');
    expect(parseWeekday('Mo')).toBeNull();
    expect(parseWeekday('Funday')).toBeNull();
  });
});
