import { checkToneLevel, encodeWav, type TeacherChunk, type ToneLevelReport } from '@rollbook/presence';
import { rawTeacherSpan } from './teacher-raw-span';
import { toneInput, type LivePlayback, type StoredSessionTone } from './session-tone';

/** Seconds of the teacher's own stream the check listens to (a verification's 5 s). */
export const TONE_LEVEL_SECONDS = 5;
// How far a chunk's server-time stamp may be off (arrival minus the chunk's length, network jitter).
const STAMP_TOLERANCE_MS = 500;

/**
 * The tone-level check at session start (issue 17 item 5), on the teacher's own microphone: the
 * device that plays the tone hears it best, so `weak` or `not_heard` here means a muted or weak
 * speaker that students at the back will not hear. Takes the first consecutive raw chunks of one
 * rate covering `TONE_LEVEL_SECONDS` (timestamps in server time); null when they do not exist yet
 * or cannot hold the band. Runs once per live sheet: a few tens of milliseconds of CPU.
 */
export function teacherToneLevel(
  chunks: readonly TeacherChunk[],
  tone: StoredSessionTone,
  playback: LivePlayback,
): ToneLevelReport | null {
  const span = rawTeacherSpan(chunks, TONE_LEVEL_SECONDS);
  if (!span) return null;
  const startMs = span.startMs;
  return checkToneLevel(
    encodeWav(span.samples, span.sampleRate),
    toneInput(tone, playback, startMs),
    startMs,
    STAMP_TOLERANCE_MS,
  );
}
