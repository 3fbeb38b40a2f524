import {
  encodePcm16,
  encodeWav,
  readToneParamsFromWav,
  synthesizeToneLoop,
  type TeacherChunk,
  type ToneParams,
} from '@rollbook/presence';

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
 * A student's recording: the room's sound from `offsetS` for `seconds`, plus the session tone
 * (gain 0 for a recording without it), as the browser's 16-bit mono WAV.
 */
export function studentRecording(
  tone: ToneParams | null,
  sound: Float32Array,
  offsetS: number,
  seconds = 5,
  rate = RATE,
): Uint8Array {
  const loop = tone ? synthesizeToneLoop(tone, rate) : null;
  const start = Math.round(offsetS * rate);
  const samples = Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => {
    const t = start + i;
    return 0.5 * (sound[t] ?? 0) + (loop ? 0.01 * loop[t % loop.length]! : 0);
  });
  return encodeWav(samples, rate);
}

/** The session tone's parameters, read from the WAV the teacher's browser downloads. */
export function toneOf(wav: Uint8Array): ToneParams {
  return readToneParamsFromWav(wav);
}

export { encodeWav };
