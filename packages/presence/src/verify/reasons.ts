/**
 * Machine-readable reasons stored with each attendance row. Blocking reasons make the verdict
 * `absent`; notes explain what was (not) checked without blocking.
 */
export const BLOCKING_REASONS = [
  'recording_too_short',
  'tone_band_not_captured',
  'tone_not_detected',
  'tone_too_weak',
  'ambient_mismatch',
  'outside_geofence',
  'position_missing',
] as const;

export const NOTE_REASONS = ['no_teacher_audio', 'clipped_recording', 'geofence_unavailable'] as const;

export type BlockingReason = (typeof BLOCKING_REASONS)[number];
export type NoteReason = (typeof NOTE_REASONS)[number];
export type ReasonCode = BlockingReason | NoteReason;

const blocking = new Set<string>(BLOCKING_REASONS);

/** True for reasons that make the verdict `absent`. */
export function isBlockingReason(reason: ReasonCode): reason is BlockingReason {
  return blocking.has(reason);
}
