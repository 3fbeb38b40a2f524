import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from './time-zones';

describe('canonicalTimeZone', () => {
  it('answers the IANA spelling of a zone typed in any case', () => {
    expect(canonicalTimeZone('asia/kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone(' ASIA/KOLKATA ')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('america/port-au-prince')).toBe('America/Port-au-Prince');
    expect(canonicalTimeZone('america/argentina/buenos_aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
  });

  it('refuses what is not an IANA zone', () => {
    for (const zone of ['Mars/Olympus', 'Asia', '+05:30', 'IST', '', 'asia/kolkata/x']) {
      expect(canonicalTimeZone(zone)).toBeNull();
    }
  });
});
