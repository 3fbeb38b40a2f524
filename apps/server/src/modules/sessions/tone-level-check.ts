import type { TeacherChunk, TeacherToneLevelInput } from '@rollbook/presence';
import { toneInput, type LivePlayback, type StoredSessionTone } from './session-tone';

/** Seconds of the teacher's own stream the check listens to (a verification's 5 s). */
export const TONE_LEVEL_SECONDS = 5;
// How far a chunk's server-time stamp may be off (arrival minus the chunk's length, network jitter).
const STAMP_TOLERANCE_MS = 500;

/**
 * The tone-level check at session start (issue 17 item 5), on the teacher's own microphone: the
 * device that plays the tone hears it best, so `weak` or `not_heard` here means a muted or weak
 * speaker that students at the back will not hear. The engine's `teacherToneLevel` takes the first
 * consecutive raw chunks of one rate covering `TONE_LEVEL_SECONDS` (timestamps in server time) and
 * answers null when they do not exist yet or cannot hold the band. Its few tens of milliseconds of
 * CPU run in the verifier pool (sessions-0012): this builds only what the worker reads.
 */
export function teacherToneLevelInput(
  chunks: readonly TeacherChunk[],
  tone: StoredSessionTone,
  playback: LivePlayback,
): TeacherToneLevelInput {
  return {
    chunks,
    seconds: TONE_LEVEL_SECONDS,
    // A live playback places the schedule by the sheet's reported clock alone: the time argument
    // only bounds the original client's file loop, which this check never sees.
    tone: toneInput(tone, playback, 0),
    toleranceMs: STAMP_TOLERANCE_MS,
  };
}
