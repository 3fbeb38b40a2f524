import { describe, expect, it } from 'vitest';
import { haversineMeters, isValidLatLon } from './haversine';

describe('haversineMeters', () => {
  it('measures one degree of latitude as ~111.19 km', () => {
    expect(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111194.9,
      0,
    );
  });

  it('is symmetric and zero for the same point', () => {
    const a = { latitude: 19.07283, longitude: 72.88261 };
    const b = { latitude: 19.0735, longitude: 72.8831 };
    expect(haversineMeters(a, a)).toBe(0);
    expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 9);
    expect(haversineMeters(a, b)).toBeGreaterThan(80);
    expect(haversineMeters(a, b)).toBeLessThan(100);
  });

  it('validates coordinates', () => {
    expect(isValidLatLon({ latitude: 91, longitude: 0 })).toBe(false);
    expect(isValidLatLon({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(isValidLatLon({ latitude: -33.9, longitude: 151.2 })).toBe(true);
  });
});
