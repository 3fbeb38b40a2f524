import { dbTimeToMinutes } from '../../lib/clock-time';

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
