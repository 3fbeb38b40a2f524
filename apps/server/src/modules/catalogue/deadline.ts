/**
 * Subject-choice deadlines are calendar dates in the institution's time zone: a deadline of
 * 2026-11-20 means choices may be made until 23:59:59 of that day there, whatever the server's
 * own time zone is. Dates travel as `YYYY-MM-DD` strings, which compare correctly as text.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a time zone. */
export function dateInZone(at: Date, timeZone: string): string {
  return formatterFor(timeZone).format(at);
}

/**
 * The calendar date a client meant by a unix-seconds deadline. Date pickers send midnight of the
 * picked day (UTC or the browser's zone); reading the instant in the institution's zone gives back
 * the picked day for every zone between UTC-12 and the institution's offset.
 */
export function deadlineFromUnixSeconds(seconds: number, timeZone: string): string {
  return dateInZone(new Date(Math.round(seconds * 1000)), timeZone);
}

/** True once the deadline day has ended in the institution's zone; null when there is no deadline. */
export function deadlineReached(deadline: string | null, now: Date, timeZone: string): boolean | null {
  if (deadline === null) return null;
  return dateInZone(now, timeZone) > deadline;
}

/** A deadline as people read it in alerts, e.g. "20 Nov 2026". */
export function readableDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d ?? ''} ${months[(m ?? 1) - 1] ?? ''} ${y ?? ''}`;
}
