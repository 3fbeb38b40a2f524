/**
 * Converts the value of an `<input type="date">` (YYYY-MM-DD) into unix seconds, the unit the
 * deadline calls expect (product spec §9); null for an empty or invalid value.
 */
export function dateInputToUnixSeconds(value: string): number | null {
  if (!value) return null;
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? null : millis / 1000;
}
