import type { ProofReason, ProofResult } from '@rollbook/presence';
import type { AttendanceVerdict } from '../../db/schema';

/**
 * Reasons the server adds to the verifier's, saying what it could (not) compare with the teacher's
 * audio and why, or why it could not verify at all. Texts in `marking-messages.ts`.
 */
export const SERVER_REASONS = [
  'teacher_not_streaming',
  'teacher_audio_gap',
  'teacher_audio_partial',
  'session_tone_outdated',
  // The two-way check (two-way-challenge.ts): why it was not applied to an attempt.
  'challenge_missing',
  'challenge_band_not_heard',
  'challenge_band_unmeasured',
  'challenge_required',
  'teacher_network_slow',
] as const;
export type ServerReason = (typeof SERVER_REASONS)[number];
export type StoredReason = ProofReason | ServerReason;

/**
 * The state of the teacher's stream when the recording was judged: `flowing` (chunks keep
 * arriving), `stopped` (it streamed, then nothing arrived for a while: the microphone or network
 * failed, the teacher's screen is reconnecting to another instance) or `none` (nothing kept).
 */
export type TeacherStream = 'flowing' | 'stopped' | 'none';

// A lost second of the teacher's stream leaves at most 80 % of a 5-s recording covered; a recording
// at the live edge of a flowing stream misses a few frames at most.
export const COMPLETE_COVERAGE = 0.9;

export interface FinalVerdict {
  verdict: AttendanceVerdict;
  reasons: StoredReason[];
}

/**
 * The verdict stored for a verified attempt (docs/decisions/sessions-0003, sessions-0004). The
 * engine's `verifyProof` already never accepts or refuses on a check it could not make: missing
 * teacher audio is `needs_review`, a tone that proves the moment suffices in a silent room or
 * without a stream when it is heard clearly (else `tone_faint_alone`, review), and each check
 * reports its reasons. On top of it the server:
 * - names why the teacher's audio was missing (`teacher_not_streaming`: the stream stopped;
 *   `teacher_audio_gap`: it flows but has a hole over the window, e.g. a reconnect to another
 *   instance; `teacher_network_slow`: the teacher's link is too slow for audio and the sheet follows
 *   the session over Server-Sent Events, contract §13), never changing the verdict for it;
 * - judges a window the teacher's audio covers only in part (below 90 %) on that part: a room-sound
 *   mismatch there goes to the teacher's review rather than absent (the gap is the teacher's, not
 *   the student's), unless another check failed on the student's side; `teacher_audio_partial`
 *   says so either way.
 */
export function finalVerdict(
  result: ProofResult,
  stream: TeacherStream,
  teacherNetworkSlow = false,
): FinalVerdict {
  const reasons: StoredReason[] = [...result.reasons];
  const missing = reasons.includes('teacher_audio_missing') || reasons.includes('teacher_audio_pending');
  const absent = missing || reasons.includes('no_teacher_stream');
  if (teacherNetworkSlow && absent) reasons.push('teacher_network_slow');
  else if (missing) reasons.push(stream === 'flowing' ? 'teacher_audio_gap' : 'teacher_not_streaming');
  const coverage = result.details.ambient?.coverage ?? null;
  if (coverage === null || coverage >= COMPLETE_COVERAGE) return { verdict: result.verdict, reasons };
  if (!reasons.includes('teacher_audio_partial')) reasons.push('teacher_audio_partial');
  const failedOnlyOnAmbient = result.checks.every((c) => c.status !== 'failed' || c.check === 'ambient');
  const verdict = result.verdict === 'absent' && failedOnlyOnAmbient ? 'needs_review' : result.verdict;
  return { verdict, reasons };
}
