import { dbTimeToMinutes } from '../../lib/clock-time';

export { minutesOfDay } from '../../lib/week';

/** Where "now" falls relative to the window in which a lecture's session may be started. */
export type StartWindowPosition = 'open' | 'too_early' | 'too_late';

/**
 * Checks the start window of a lecture today: from `earlyMinutes` before its start to
 * `lateMinutes` after its end, in the institution's time zone.
 */
export function startWindowPosition(
  nowMinutes: number,
  lecture: { startTime: string; endTime: string },
  margins: { earlyMinutes: number; lateMinutes: number },
): StartWindowPosition {
  if (nowMinutes < dbTimeToMinutes(lecture.startTime) - margins.earlyMinutes) return 'too_early';
  if (nowMinutes > dbTimeToMinutes(lecture.endTime) + margins.lateMinutes) return 'too_late';
  return 'open';
}

/**
 * Minutes from `nowMinutes` to the lecture's end, the same day (negative once it is over; a lecture
 * that ends after midnight reads as over, and gets the shortest tone file).
 */
export function minutesLeftOf(nowMinutes: number, lecture: { endTime: string }): number {
  return dbTimeToMinutes(lecture.endTime) - nowMinutes;
}
