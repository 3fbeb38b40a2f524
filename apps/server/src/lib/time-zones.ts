import { IANA_TIME_ZONE_NAMES } from './time-zone-names';

const byLowerCase = new Map(IANA_TIME_ZONE_NAMES.map((name) => [name.toLowerCase(), name]));

/** The sentence a refused time zone gets, naming what was typed. */
export function unknownTimeZoneMessage(zone: string): string {
  return `"${zone}" is not a time zone; use an IANA name such as Asia/Kolkata or Europe/London`;
}

/**
 * The IANA spelling of a time zone typed in any case ("asia/kolkata" → "Asia/Kolkata"), or null
 * when it is not an IANA name this runtime knows. Stored as spelled by the database, so every
 * screen, export and comparison sees one name for one zone; whether dates can be computed in it is
 * asked of Intl, as they are computed.
 */
export function canonicalTimeZone(zone: string): string | null {
  const name = byLowerCase.get(zone.trim().toLowerCase());
  if (!name) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return null;
  }
}
