import { WEEKDAYS } from '../db/schema';

export type Weekday = (typeof WEEKDAYS)[number];
export { WEEKDAYS };

// One formatter per zone: building an Intl.DateTimeFormat is far dearer than using one.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The civil date (`YYYY-MM-DD`) of an instant in a time zone (the institution's). */
export function localDate(at: Date, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** Minutes since midnight of an instant in a time zone. */
export function minutesOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** A `YYYY-MM-DD` date as people read it in alerts, e.g. "20 Nov 2026". */
export function readableDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d ?? ''} ${months[(m ?? 1) - 1] ?? ''} ${y ?? ''}`;
}

/** Index of a `YYYY-MM-DD` date in a Monday-first week (Monday 0 ... Sunday 6). */
function mondayIndex(isoDate: string): number {
  const utcDay = new Date(`${isoDate}T00:00:00Z`).getUTCDay(); // Sunday 0
  return (utcDay + 6) % 7;
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(isoDate: string): Weekday {
  return WEEKDAYS[mondayIndex(isoDate)]!;
}

/** Today's weekday in the institution's time zone. */
export function currentWeekday(at: Date, timeZone: string): Weekday {
  return weekdayOf(localDate(at, timeZone));
}

/**
 * The date of a weekday in the current week, weeks starting on Monday, in the institution's time
 * zone: on a Wednesday, `monday` is two days ago and `sunday` four days ahead.
 */
export function dateInCurrentWeek(at: Date, timeZone: string, day: Weekday): string {
  const today = localDate(at, timeZone);
  return addDays(today, WEEKDAYS.indexOf(day) - mondayIndex(today));
}

/** The seven dates of the current Monday-first week in a time zone. */
export function currentWeekDates(at: Date, timeZone: string): string[] {
  return WEEKDAYS.map((day) => dateInCurrentWeek(at, timeZone, day));
}

/** The first date on or after `isoDate` that falls on `day`. */
export function nextDateOnWeekday(isoDate: string, day: Weekday): string {
  return addDays(isoDate, (WEEKDAYS.indexOf(day) - mondayIndex(isoDate) + 7) % 7);
}

/**
 * Reads a weekday as people write it in a timetable ("MONDAY", "Mon", "monday "), or `null`.
 */
export function parseWeekday(text: string): Weekday | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (t.length < 3) return null;
  return WEEKDAYS.find((d) => d === t || (t.length === 3 && d.startsWith(t))) ?? null;
}
