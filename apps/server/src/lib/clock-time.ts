/**
 * Times of day as minutes since midnight. Timetables are written by people, often on a 12-hour
 * clock without AM/PM ("01:00-02:00" for the first afternoon slot), so reading is deliberately
 * forgiving but never guesses silently: anything that is not clearly a time is rejected.
 */

/** First hour read as afternoon when a time has no AM/PM: a college day runs from about 07:00 to 19:00. */
const AFTERNOON_FROM_HOUR = 1;
/** Last hour read as afternoon when a time has no AM/PM (6:59 becomes 18:59). */
const AFTERNOON_TO_HOUR = 6;

const TIME_PATTERN = /^(\d{1,2})(?:[:.](\d{2}))?(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;

/**
 * Reads one time of day ("9:00", "09:00:00", "1:45" = 13:45, "1:45 pm", "13:45") into minutes since
 * midnight, or `null` when it is not a time. Without AM/PM, hours 1 to 6 are afternoon hours.
 */
export function parseClockTime(text: string): number | null {
  const match = TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, hourText, minuteText, secondText, meridiem] = match;
  let hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (minuteText === undefined && !meridiem) return null; // a bare "9" is too ambiguous
  if (secondText !== undefined && Number(secondText) > 59) return null;
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.toLowerCase().startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  } else {
    if (hour > 23) return null;
    if (hour >= AFTERNOON_FROM_HOUR && hour <= AFTERNOON_TO_HOUR) hour += 12;
  }
  return hour * 60 + minute;
}

/** A `start-end` range such as `09:00-10:00`, `12:45 - 1:45` or `9:00–10:00` (en dash). */
export function parseTimeRange(text: string): { start: number; end: number } | null {
  const parts = text.split(/\s*[-–—]\s*|\s+to\s+/i);
  if (parts.length !== 2) return null;
  const start = parseClockTime(parts[0] ?? '');
  const end = parseClockTime(parts[1] ?? '');
  if (start === null || end === null) return null;
  return { start, end };
}

/** Minutes since midnight as `HH:MM`. */
export function formatClockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A database `time` value (`HH:MM:SS`) as `HH:MM`, the format the clients display. */
export function shortTime(dbTime: string): string {
  return dbTime.slice(0, 5);
}

/** A database `time` value (`HH:MM[:SS]`) as minutes since midnight. */
export function dbTimeToMinutes(dbTime: string): number {
  const [h, m] = dbTime.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether two half-open ranges [start, end) share any minute. */
export function rangesOverlap(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}
