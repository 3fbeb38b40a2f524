/**
 * What each check of `verifyProof` can say. Every check always reports (passed, failed, needs
 * review, or not applicable with the reason why), so no verdict path skips one silently.
 */
export const PROOF_CHECKS = [
  'recording',
  'timing',
  'tone',
  'tone_time',
  'ambient',
  'geofence',
  'challenge',
] as const;
export type ProofCheckName = (typeof PROOF_CHECKS)[number];

/** Reasons that make the verdict `absent`. */
export const ABSENT_REASONS = [
  'recording_too_short',
  'start_time_out_of_bounds',
  'tone_band_not_captured',
  'tone_not_detected',
  'tone_too_weak',
  'tone_wrong_time',
  'ambient_mismatch',
  'outside_geofence',
  'position_missing',
] as const;

/** Reasons that send the mark to the teacher's review (never accepted silently, never absent). */
export const REVIEW_REASONS = [
  'teacher_audio_missing',
  'teacher_audio_pending',
  'tone_time_unproven',
  'tone_unconfirmed_loop_wide',
  // The looped file's chirps were heard, but at a phase its download does not allow: a file
  // restarted unseen, or a copy played elsewhere; only the teacher can tell (presence-0024).
  'tone_file_moved',
  // The tone would decide alone (the room sound not comparable) but was heard only faintly (presence-0025).
  'tone_faint_alone',
  // The tone fits its moment only faintly and hardly better than chance fits of seconds away: it does
  // not prove the moment, so a room sound that matches (perhaps relayed) cannot accept alone (presence-0026).
  'tone_not_distinct',
  // The tone cannot prove the moment (the looped file at a phase the server did not observe) and the
  // institution sends such marks to review rather than letting the room sound, which a call relay of
  // the room carries, confirm them (presence-0027).
  'tone_time_room_only',
  'challenge_unavailable',
  // The room did not hear the phone's challenge: a live relay, or a genuine phone too weak or far for
  // the teacher's microphone; the other checks cannot tell which, the teacher can (presence-0019).
  'challenge_not_heard',
] as const;

/** Reasons that explain what a check did without changing the verdict. */
export const NOTE_PROOF_REASONS = [
  'teacher_audio_partial',
  'ambient_uninformative',
  'no_teacher_stream',
  'tone_time_unbounded',
  'clipped_recording',
  'geofence_unavailable',
  'challenge_self_unheard',
] as const;

export type AbsentReason = (typeof ABSENT_REASONS)[number];
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export type NoteProofReason = (typeof NOTE_PROOF_REASONS)[number];
export type ProofReason = AbsentReason | ReviewReason | NoteProofReason;

/** The outcome of one check. */
export interface ProofCheck {
  check: ProofCheckName;
  status: 'passed' | 'failed' | 'review' | 'not_applicable';
  /** Why it did not simply pass (absent for a clean pass). */
  reasons: ProofReason[];
  /** Human-readable summary of what was measured, for the audit trail. */
  summary: string;
}

export type ProofVerdict = 'present' | 'absent' | 'needs_review';

/** absent if any check failed; otherwise needs_review if any asked for it; otherwise present. */
export function verdictOf(checks: readonly ProofCheck[]): ProofVerdict {
  if (checks.some((c) => c.status === 'failed')) return 'absent';
  if (checks.some((c) => c.status === 'review')) return 'needs_review';
  return 'present';
}
