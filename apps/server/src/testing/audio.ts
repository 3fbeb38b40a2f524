import { encodePcm16, encodeWav, synthesizeSpan, ToneSchedule, type TeacherChunk } from '@rollbook/presence';
import { readSessionTone, type StoredSessionTone } from '../modules/sessions/session-tone';

const RATE = 48000;

/** A small deterministic generator (tests need the same sound every run). */
function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Speech-like on/off bursts standing in for a classroom's sound. */
export function roomSound(seed: number, seconds: number, rate = RATE): Float32Array {
  const random = lcg(seed);
  const out = new Float32Array(Math.round(seconds * rate));
  let i = 0;
  while (i < out.length) {
    const len = Math.round((0.05 + random() * 0.25) * rate);
    const on = random() < 0.6;
    const f = 300 + random() * 2700;
    for (let k = 0; k < len && i < out.length; k++, i++) {
      out[i] = on
        ? 0.05 * Math.sin((2 * Math.PI * f * i) / rate) + 0.01 * (random() - 0.5)
        : 0.001 * (random() - 0.5);
    }
  }
  return out;
}

/** The teacher's stream of `sound` as the web client sends it: raw PCM16 1-s chunks stamped at their start. */
export function teacherChunks(sound: Float32Array, epochMs: number, rate = RATE): TeacherChunk[] {
  const chunks: TeacherChunk[] = [];
  for (let k = 0; (k + 1) * rate <= sound.length; k++) {
    chunks.push({
      timestampMs: epochMs + k * 1000,
      bytes: encodePcm16(sound.subarray(k * rate, (k + 1) * rate)),
    });
  }
  return chunks;
}

/**
 * A student's recording: the room's sound from `offsetS` for `seconds`, plus the session's secret
 * tone as the teacher's device played it then (gain 0 for a recording without it), as the
 * browser's 16-bit mono WAV. `soundStartMs` is the server time of the sound's first sample, so the
 * recording holds the chirps the schedule played at `soundStartMs + offsetS` (the teacher's speaker
 * on time; `lateMs` plays them that much later, e.g. a replay of an earlier moment).
 */
export function studentRecording(
  tone: StoredSessionTone | null,
  sound: Float32Array,
  offsetS: number,
  soundStartMs: number,
  opts: { seconds?: number; rate?: number; lateMs?: number } = {},
): Uint8Array {
  const { seconds = 5, rate = RATE, lateMs = 0 } = opts;
  const startS = (soundStartMs + offsetS * 1000 - (tone?.epochMs ?? 0) - lateMs) / 1000;
  const chirps = tone
    ? synthesizeSpan(new ToneSchedule(tone.keyHex, tone.config), startS, seconds, rate)
    : null;
  const start = Math.round(offsetS * rate);
  const samples = Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => {
    return 0.5 * (sound[start + i] ?? 0) + (chirps ? 0.01 * chirps[i]! : 0);
  });
  return encodeWav(samples, rate);
}

/** The session's stored tone (its secret key, server-side only), read from the session row. */
export function toneOf(stored: unknown): StoredSessionTone {
  const tone = readSessionTone(stored);
  if (!tone) throw new Error('the session has no v2 tone');
  return tone;
}

export { encodeWav };
