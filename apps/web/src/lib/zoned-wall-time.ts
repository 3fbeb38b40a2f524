const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant the server wrote on the institution's wall clock with its offset
 * (`2026-11-02T09:00:07+05:30`), shown as that wall clock and the offset it is in:
 * `2 Nov 2026, 09:00 (UTC+05:30)`. The device's own zone plays no part, so every reader sees the
 * institution's time and is told so. Text that is not such a timestamp is shown as it is.
 */
export function institutionWallTime(iso: string): string {
  const match = ISO_WITH_OFFSET.exec(iso);
  if (!match) return iso;
  const [, year, month, day, hour, minute, offset] = match;
  const zone = offset === 'Z' ? 'UTC' : `UTC${offset}`;
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}, ${hour}:${minute} (${zone})`;
}

/**
 * The day of such a timestamp on the institution's calendar (`2 Nov 2026`), read from its
 * wall-clock part so the device's zone cannot move it to the day before or after.
 */
export function institutionDay(iso: string): string {
  const match = ISO_WITH_OFFSET.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}
