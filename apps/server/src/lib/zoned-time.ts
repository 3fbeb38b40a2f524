/**
 * Wall-clock times in a time zone (the institution's) and the instants they name. Intl gives the
 * zone's offset at any instant; nothing here depends on the server's own zone.
 */

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, as if it were UTC (milliseconds). */
function wallClockAsUtc(at: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
}

/** Minutes since local midnight of an instant in a time zone. */
export function minutesOfDayIn(at: Date, timeZone: string): number {
  const wall = new Date(wallClockAsUtc(at, timeZone));
  return wall.getUTCHours() * 60 + wall.getUTCMinutes();
}

/**
 * The instant at which a zone's clocks read `minutes` past midnight on the civil date `isoDate`.
 * Two passes settle the offset even when the date is a daylight-saving change day.
 */
export function instantAt(isoDate: string, minutes: number, timeZone: string): Date {
  const wanted = Date.parse(`${isoDate}T00:00:00Z`) + minutes * 60_000;
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const offset = wallClockAsUtc(new Date(guess), timeZone) - guess;
    guess = wanted - offset;
  }
  return new Date(guess);
}

/**
 * An instant as ISO 8601 in a zone's wall clock with that zone's offset, e.g.
 * `2026-11-02T09:00:07+05:30`: what an export shows, readable as the institution's time and still
 * exact for a program.
 */
export function zonedIsoString(at: Date, timeZone: string): string {
  const wall = wallClockAsUtc(at, timeZone);
  const offsetMinutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(wall).toISOString().slice(0, 19)}${offset}`;
}
