import { haversineMeters, isValidLatLon } from '../geo/haversine';
import type { Thresholds } from '../thresholds';

/** A student's reported position. */
export interface ReportedPosition {
  latitude: number;
  longitude: number;
  accuracyM?: number;
}

/** The classroom's point and, optionally, its own radius. */
export interface ClassroomPoint {
  latitude: number;
  longitude: number;
  radiusM?: number;
}

/** Outcome of the geofence: the distance when both points are usable, and the reason if any. */
export interface GeofenceOutcome {
  distanceM: number | null;
  reason: 'outside_geofence' | 'position_missing' | 'geofence_unavailable' | null;
}

/**
 * Haversine distance from the classroom, judged against its radius widened by the reported
 * accuracy up to a cap (a spoofed "accuracy: 5000" must not open the fence).
 */
export function checkGeofence(
  position: ReportedPosition | undefined,
  classroom: ClassroomPoint | undefined,
  thresholds: Pick<Thresholds, 'geofenceRadiusM' | 'maxAccuracyAllowanceM'>,
): GeofenceOutcome {
  if (!classroom || !isValidLatLon(classroom)) return { distanceM: null, reason: 'geofence_unavailable' };
  if (!position || !isValidLatLon(position)) return { distanceM: null, reason: 'position_missing' };
  const distance = haversineMeters(position, classroom);
  const accuracy = Number.isFinite(position.accuracyM) ? Math.max(0, position.accuracyM ?? 0) : 0;
  const allowed =
    (classroom.radiusM ?? thresholds.geofenceRadiusM) + Math.min(accuracy, thresholds.maxAccuracyAllowanceM);
  return { distanceM: distance, reason: distance > allowed ? 'outside_geofence' : null };
}

/** Fraction of samples within one 16-bit step of full scale. */
export function fractionClipped(samples: Float32Array): number {
  let clipped = 0;
  const limit = 1 - 2 / 32768;
  for (let i = 0; i < samples.length; i++) if (Math.abs(samples[i]!) >= limit) clipped++;
  return samples.length === 0 ? 0 : clipped / samples.length;
}
