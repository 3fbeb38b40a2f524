// Light synthetic cases for unit tests (the full acoustic corpus is exercised by `presence evaluate-v1`).
import { Rng } from '../src/dsp/random';
import { speechLikeBursts } from '../src/dsp/speech-like-bursts';
import { randomToneParams } from '../src/tone/create-session-tone';
import { synthesizeToneLoop } from '../src/tone/synthesize';
import type { TeacherChunk } from '../src/verify/teacher-chunks';
import type { VerifyInput } from '../src/verify/verify-presence';
import { encodePcm16, encodeWav } from '../src/wav/encode-wav';

export const EPOCH_MS = 1_763_800_000_000;
export const CLASSROOM = { latitude: 19.07283, longitude: 72.88261 };

/** Speech-like on/off bursts standing in for a room's sound. */
export const roomSound = speechLikeBursts;

/** Teacher stream of `sound` as web raw PCM16 chunks stamped at their start. */
export function rawChunks(sound: Float32Array, rate: number): TeacherChunk[] {
  const chunks: TeacherChunk[] = [];
  for (let k = 0; k * rate < sound.length; k++) {
    chunks.push({
      timestampMs: EPOCH_MS + k * 1000,
      bytes: encodePcm16(sound.subarray(k * rate, (k + 1) * rate)),
    });
  }
  return chunks;
}

/** Options of `syntheticCase`. */
export interface SyntheticOptions {
  toneGain?: number;
  /** Student hears another room instead of the teacher's. */
  otherRoom?: boolean;
  skewMs?: number;
  seconds?: number;
  toneSeed?: number;
}

/**
 * A present student (by default): the room sound the teacher streams, plus the session tone, plus
 * a little noise, recorded 5 s from t = 2.5 s with the given clock skew.
 */
export function syntheticCase(opts: SyntheticOptions = {}): VerifyInput {
  // Inputs are read-only for the verifier, so tests can share one rendering per option set.
  const key = JSON.stringify(opts);
  const cached = cache.get(key);
  if (cached) return cached;
  const input = renderSynthetic(opts);
  cache.set(key, input);
  return input;
}

const cache = new Map<string, VerifyInput>();

function renderSynthetic(opts: SyntheticOptions): VerifyInput {
  const rate = 48000;
  const tone = randomToneParams({ seed: opts.toneSeed ?? 3 });
  const world = roomSound(1, 10, rate);
  const heard = opts.otherRoom ? roomSound(2, 10, rate) : world;
  const loop = synthesizeToneLoop(tone, rate);
  const rng = new Rng(9);
  const seconds = opts.seconds ?? 5;
  const start = Math.round(2.5 * rate);
  const student = Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) =>
      0.5 * heard[start + i]! +
      (opts.toneGain ?? 0.01) * loop[(start + i) % loop.length]! +
      0.0005 * rng.normal(),
  );
  return {
    tone,
    studentWav: encodeWav(student, rate),
    studentStartMs: EPOCH_MS + 2500 - (opts.skewMs ?? 0),
    teacherChunks: rawChunks(world, rate),
    position: { latitude: CLASSROOM.latitude + 0.0001, longitude: CLASSROOM.longitude, accuracyM: 10 },
    classroom: CLASSROOM,
  };
}
