import { CLASSROOM_FAR_FROM_CAMPUS_M, type CampusPoint } from '@rollbook/contract';
import { haversineMeters } from '@rollbook/presence';

/**
 * The map-free coordinate check of a room: its distance from the campus point in whole metres, and
 * whether it lies so far away that its coordinates are probably wrong (a swapped latitude and
 * longitude, a digit lost). No campus point: nothing to compare with.
 */
export function campusDistance(
  campus: CampusPoint | null,
  room: CampusPoint,
): { distance_m: number | null; far_from_campus: boolean } {
  if (!campus) return { distance_m: null, far_from_campus: false };
  const distance = Math.round(haversineMeters(campus, room));
  return { distance_m: distance, far_from_campus: distance > CLASSROOM_FAR_FROM_CAMPUS_M };
}
