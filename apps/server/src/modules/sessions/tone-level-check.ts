import {
  checkToneLevel,
  decodeTeacherChunk,
  encodeWav,
  type TeacherChunk,
  type ToneLevelReport,
} from '@rollbook/presence';
import { toneInput, type LivePlayback, type StoredSessionTone } from './session-tone';

/** Seconds of the teacher's own stream the check listens to (a verification's 5 s). */
export const TONE_LEVEL_SECONDS = 5;
// How far a chunk's server-time stamp may be off (arrival minus the chunk's length, network jitter).
const STAMP_TOLERANCE_MS = 500;
// The rates that can hold the session's band; a 16 kHz stream cannot hear the tone at all.
const MIN_RATE = 44100;

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
  if (chunks.length < TONE_LEVEL_SECONDS) return null;
  const recent = chunks.slice(-TONE_LEVEL_SECONDS);
  const decoded = recent.map((c) => {
    try {
      return decodeTeacherChunk(c.bytes);
    } catch {
      return null;
    }
  });
  const rate = decoded[0]?.sampleRate ?? 0;
  if (rate < MIN_RATE || decoded.some((d) => !d || d.framing !== 'raw' || d.sampleRate !== rate)) return null;
  const samples = new Float32Array(decoded.reduce((n, d) => n + d!.samples.length, 0));
  let at = 0;
  for (const d of decoded) {
    samples.set(d!.samples, at);
    at += d!.samples.length;
  }
  const startMs = recent[0]!.timestampMs;
  return checkToneLevel(
    encodeWav(samples, rate),
    toneInput(tone, playback, startMs),
    startMs,
    STAMP_TOLERANCE_MS,
  );
}
