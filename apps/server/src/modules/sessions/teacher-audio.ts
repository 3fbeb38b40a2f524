import {
  DEFAULT_THRESHOLDS,
  isBlockingReason,
  type ReasonCode,
  type TeacherChunk,
  type VerifyResult,
} from '@rollbook/presence';
import type { LiveStore } from '../../plugins/app/live-store';
import { badRequest } from '../../lib/app-error';
import { MARKING_MESSAGES } from './marking-messages';

// The student uploads right after recording, sometimes before the teacher's last second of audio
// has arrived: wait a little for it rather than judge on a partial window.
const TEACHER_AUDIO_WAIT_MS = 1500;
const TEACHER_AUDIO_POLL_MS = 100;
// The teacher's sheet sends a chunk every second; nothing for this long means the stream stopped
// (microphone off, sheet closed, network gone), not that the next chunk is late.
export const TEACHER_AUDIO_STALLED_MS = 5000;

/**
 * Whether the teacher's stream stopped arriving. Server time against server time (the arrival of
 * the last chunk), since chunk timestamps come from the teacher's device clock.
 */
async function streamStalled(store: LiveStore, sessionId: string): Promise<boolean> {
  const arrived = await store.teacherAudioArrivedMs(sessionId);
  return arrived === null || Date.now() - arrived > TEACHER_AUDIO_STALLED_MS;
}

/**
 * The teacher's audio around a recording, waiting briefly for its last second to arrive. When the
 * teacher has streamed but nothing of theirs covers the recording's claimed time, the claim cannot
 * be checked: accepting it would let a student skip the room-sound comparison by sending a
 * `start_time` outside the kept window, so it is refused (400, nothing stored). The refusal names
 * its cause: a stream that stopped arriving is the teacher's to fix, while a flowing stream that
 * does not cover the recording means the student's clock is off. Only a session whose teacher
 * streams nothing (or stopped long enough for the audio to age out of the live store) rests on the
 * tone and the geofence alone (design/presence.md).
 */
export async function teacherAudioFor(
  store: LiveStore,
  sessionId: string,
  recording: { startMs: number; durationS: number },
): Promise<TeacherChunk[]> {
  const skew = DEFAULT_THRESHOLDS.maxClockSkewMs;
  const { startMs } = recording;
  const endMs = startMs + recording.durationS * 1000;
  const deadline = Date.now() + TEACHER_AUDIO_WAIT_MS;
  let newest: number | null;
  for (;;) {
    newest = await store.newestTeacherChunkMs(sessionId);
    // Nothing streamed at all, or the window is covered: no point waiting.
    if (newest === null || newest + 1000 >= endMs || Date.now() >= deadline) break;
    // A stopped stream sends no more seconds: waiting for them would only delay the answer.
    if (await streamStalled(store, sessionId)) break;
    await new Promise((r) => setTimeout(r, TEACHER_AUDIO_POLL_MS));
  }
  const chunks = await store.teacherChunks(sessionId, startMs - skew - 1000, endMs + skew + 1000);
  if (newest !== null && chunks.length === 0) {
    const stalled = await streamStalled(store, sessionId);
    throw badRequest(stalled ? MARKING_MESSAGES.teacherAudioStopped : MARKING_MESSAGES.recordingTimeMismatch);
  }
  return chunks;
}

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
const COMPLETE_COVERAGE = 0.9;

/**
 * Whether an absent verdict rests on the teacher's audio missing part of the recording (a gap in
 * the stream: the teacher's instance died and they rejoined, their network dropped): only the
 * room comparison refused it, and the teacher's audio did not cover the recording. Such a refusal
 * is not the student's doing, so it must not cost them their rate-limit slot.
 */
export function refusedForMissingTeacherAudio(result: VerifyResult): boolean {
  if (result.verdict !== 'absent') return false;
  if (result.reasons.some((r) => isBlockingReason(r) && STUDENT_SIDE_REASONS.has(r))) return false;
  const coverage = result.details.teacherCoverage;
  return coverage === null || coverage < COMPLETE_COVERAGE;
}
