/**
 * A small iCalendar (RFC 5545) writer for weekly lecture feeds: text escaping, 75-octet line
 * folding and CRLF line endings, which calendar apps are strict about.
 */

/** The fixed-offset time zone every feed declares (India has no daylight saving). */
export const FEED_TIME_ZONE = 'Asia/Kolkata';

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${FEED_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One weekly recurring event. Dates are `YYYY-MM-DD`, times `HH:MM`, both in the feed's time zone. */
export interface WeeklyEvent {
  uid: string;
  firstDate: string;
  start: string;
  end: string;
  /** Last date (inclusive) of the recurrence, or none. */
  untilDate: string | null;
  summary: string;
  location: string;
  description: string;
}

/** Escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * Folds a content line so that no physical line exceeds 75 octets of UTF-8, never splitting a
 * character; continuation lines start with one space (RFC 5545 §3.1).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.map((part, i) => (i === 0 ? part : ` ${part}`)).join('\r\n');
}

const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');
const localDateTime = (isoDate: string, time: string) => `${compactDate(isoDate)}T${time.replace(':', '')}00`;

/** An instant as a UTC DATE-TIME (`20261102T033000Z`). */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The end of a local date in India as a UTC DATE-TIME: RRULE UNTIL must be UTC when DTSTART has a TZID. */
function endOfLocalDateUtc(isoDate: string): string {
  return `${compactDate(isoDate)}T182959Z`;
}

/** Writes a complete VCALENDAR with the VTIMEZONE and one VEVENT per weekly lecture. */
export function buildWeeklyCalendar(opts: { name: string; stamp: Date; events: WeeklyEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rollbook//Lecture timetable//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    `X-WR-TIMEZONE:${FEED_TIME_ZONE}`,
    ...VTIMEZONE,
  ];
  for (const e of opts.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(opts.stamp)}`,
      `DTSTART;TZID=${FEED_TIME_ZONE}:${localDateTime(e.firstDate, e.start)}`,
      `DTEND;TZID=${FEED_TIME_ZONE}:${localDateTime(e.firstDate, e.end)}`,
      `RRULE:FREQ=WEEKLY${e.untilDate ? `;UNTIL=${endOfLocalDateUtc(e.untilDate)}` : ''}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `LOCATION:${escapeText(e.location)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
