import { addDays, localDate, WEEKDAYS, weekdayOf, type Weekday } from './week';
import { minutesOfDayIn } from './zoned-time';

/**
 * When a periodic job is due, in a zone's wall-clock time: every day at a time, or every week on a
 * weekday at a time. `atMinutes` counts minutes since local midnight.
 */
export type Schedule =
  { every: 'day'; atMinutes: number } | { every: 'week'; weekday: Weekday; atMinutes: number };

/**
 * The civil date (`YYYY-MM-DD`, in `timeZone`) of the most recent due moment of a schedule at or
 * before `now`. It names the period a run covers: while no new moment has passed, it stays the same,
 * so a run claimed under it is never repeated; after a long outage only the latest missed moment is
 * due (a missed week runs once, not once per week missed).
 */
export function latestDueDate(schedule: Schedule, now: Date, timeZone: string): string {
  const today = localDate(now, timeZone);
  const beforeTodaysMoment = minutesOfDayIn(now, timeZone) < schedule.atMinutes;
  if (schedule.every === 'day') return beforeTodaysMoment ? addDays(today, -1) : today;
  const daysSince = (WEEKDAYS.indexOf(weekdayOf(today)) - WEEKDAYS.indexOf(schedule.weekday) + 7) % 7;
  const candidate = addDays(today, -daysSince);
  return daysSince === 0 && beforeTodaysMoment ? addDays(candidate, -7) : candidate;
}
