/**
 * Subject-choice deadlines are calendar dates in the institution's time zone: a deadline of
 * 2026-11-20 means choices may be made until 23:59:59 of that day there, whatever the server's
 * own time zone is. Dates travel as `YYYY-MM-DD` strings, which compare correctly as text.
 */
import { localDate } from '../lib/week';

/**
 * The calendar date a client meant by a unix-seconds deadline. Date pickers send midnight of the
 * picked day (UTC or the browser's zone); reading the instant in the institution's zone gives back
 * the picked day for every zone between UTC-12 and the institution's offset.
 */
export function deadlineFromUnixSeconds(seconds: number, timeZone: string): string {
  return localDate(new Date(Math.round(seconds * 1000)), timeZone);
}

/** True once the deadline day has ended in the institution's zone; null when there is no deadline. */
export function deadlineReached(deadline: string | null, now: Date, timeZone: string): boolean | null {
  if (deadline === null) return null;
  return localDate(now, timeZone) > deadline;
}
