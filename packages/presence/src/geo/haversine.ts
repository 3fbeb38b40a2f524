/** A point on Earth in decimal degrees. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6371000;

/**
 * Great-circle distance in metres between two points (haversine, mean Earth radius 6 371 km, the
 * same constant the original geofence used). Accurate to well under a metre at classroom scale.
 */
export function haversineMeters(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when the coordinates are finite and inside the valid latitude/longitude ranges. */
export function isValidLatLon(p: LatLon): boolean {
  return (
    Number.isFinite(p.latitude) &&
    Number.isFinite(p.longitude) &&
    Math.abs(p.latitude) <= 90 &&
    Math.abs(p.longitude) <= 180
  );
}
