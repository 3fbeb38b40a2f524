/** A `YYYY-MM-DD` day as people read it, e.g. "Mon, 2 Nov 2026" (the day itself, no time zone shift). */
export function readableDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
