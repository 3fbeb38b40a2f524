import { isBlockingReason, type ReasonCode, type VerifyResult } from '@rollbook/presence';
import type { AttendanceVerdict } from '../../db/schema';

/**
 * Reasons the server adds to the verifier's, saying what it could (not) compare with the teacher's
 * audio and why. Texts in `marking-messages.ts`.
 */
export const SERVER_REASONS = [
  'teacher_not_streaming',
  'teacher_audio_gap',
  'teacher_audio_partial',
] as const;
export type ServerReason = (typeof SERVER_REASONS)[number];
export type StoredReason = ReasonCode | ServerReason;

/**
 * The state of the teacher's stream when the recording was judged: `flowing` (chunks keep
 * arriving), `stopped` (it streamed, then nothing arrived for a while: the microphone or network
 * failed, the teacher's screen is reconnecting to another instance) or `none` (nothing kept).
 */
export type TeacherStream = 'flowing' | 'stopped' | 'none';

// What the student's own recording or position decides: a refusal for one of these stands whatever
// the teacher streamed.
const STUDENT_SIDE_REASONS = new Set<ReasonCode>([
  'recording_too_short',
  'tone_band_not_captured',
  'tone_not_detected',
  'tone_too_weak',
  'outside_geofence',
  'position_missing',
]);

// A lost second of the teacher's stream leaves at most 80 % of a 5-s recording covered; a recording
// at the live edge of a flowing stream misses a few frames at most.
export const COMPLETE_COVERAGE = 0.9;

export interface FinalVerdict {
  verdict: AttendanceVerdict;
  reasons: StoredReason[];
}

/**
 * The verdict stored for a verified attempt (docs/decisions/sessions-0003). The verifier's own
 * verdict stands when the teacher's audio covered the recording, or when the student's side fails
 * (no tone, outside the classroom: nothing the teacher streams could change that). Otherwise no
 * check is skipped in silence:
 * - no teacher audio for the recording at all → `needs_review`, never present on the tone alone
 *   and never absent for the teacher's missing audio; the reason says whether the stream was off
 *   or had a gap;
 * - part of it (at least the verifier's minimum coverage) → judged on that part: a match is
 *   present, a mismatch goes to review (the missing part is the teacher's gap, not the student's);
 *   `teacher_audio_partial` says so either way.
 */
export function finalVerdict(result: VerifyResult, stream: TeacherStream): FinalVerdict {
  const reasons: StoredReason[] = [...result.reasons];
  const studentFailed = result.reasons.some((r) => isBlockingReason(r) && STUDENT_SIDE_REASONS.has(r));
  if (studentFailed) return { verdict: 'absent', reasons };
  const coverage = result.details.teacherCoverage;
  if (result.similarity === null || coverage === null) {
    reasons.push(stream === 'flowing' ? 'teacher_audio_gap' : 'teacher_not_streaming');
    return { verdict: 'needs_review', reasons };
  }
  if (coverage < COMPLETE_COVERAGE) {
    reasons.push('teacher_audio_partial');
    return { verdict: result.verdict === 'present' ? 'present' : 'needs_review', reasons };
  }
  return { verdict: result.verdict, reasons };
}
