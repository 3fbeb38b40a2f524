import type { Rng } from '../dsp/random';

/** A simulated room. Sizes and reverberation times span small classrooms to large lecture halls. */
export interface Room {
  kind: 'small' | 'medium' | 'hall' | 'home';
  volumeM3: number;
  /** Reverberation time below 8 kHz. */
  rt60S: number;
  /** Reverberation time in the tone band (air absorption shortens it). */
  rt60HighS: number;
}

/** Draws a room of the given kind with randomised volume and reverberation. */
export function randomRoom(rng: Rng, kind: Room['kind']): Room {
  const spec = {
    small: { v: [120, 250], rt: [0.4, 0.8] },
    medium: { v: [250, 700], rt: [0.6, 1.1] },
    hall: { v: [800, 2500], rt: [0.9, 1.6] },
    home: { v: [30, 80], rt: [0.25, 0.6] },
  }[kind];
  const rt60S = rng.uniform(spec.rt[0]!, spec.rt[1]!);
  return {
    kind,
    volumeM3: rng.uniform(spec.v[0]!, spec.v[1]!),
    rt60S,
    rt60HighS: Math.min(rt60S, rng.uniform(0.3, 0.7)),
  };
}

/**
 * Critical distance (m) where direct and reverberant energy are equal, for a source with
 * directivity factor 2 (a loudspeaker or a talker facing the room): 0.057 * sqrt(Q V / T60).
 */
export function criticalDistanceM(room: Room, rt60S: number): number {
  return 0.057 * Math.sqrt((2 * room.volumeM3) / rt60S);
}

const LINES = 8;
const SPEED_OF_SOUND = 343;

/**
 * Diffuse reverberation of `input` through an 8-line feedback delay network (Hadamard feedback,
 * per-line decay for the requested T60). Each microphone uses its own random output signs and
 * delay lengths, so two positions in one room get different, decorrelated tails, as in a real
 * diffuse field. The tail is scaled to `rmsRatio` x the input's RMS.
 */
export function reverberate(
  input: Float32Array,
  sampleRate: number,
  room: Room,
  rt60S: number,
  rng: Rng,
  rmsRatio: number,
): Float32Array {
  const meanFreePathS = (4 * Math.cbrt(room.volumeM3)) / 6 / SPEED_OF_SOUND;
  const lengths = Array.from({ length: LINES }, (_, k) =>
    Math.max(8, Math.round(sampleRate * meanFreePathS * (0.6 + (0.9 * k) / LINES) * rng.uniform(0.9, 1.1))),
  );
  const gains = lengths.map((len) => Math.pow(10, (-3 * len) / (rt60S * sampleRate)));
  const outSigns = Array.from({ length: LINES }, () => (rng.chance(0.5) ? 1 : -1));
  const inSigns = Array.from({ length: LINES }, () => (rng.chance(0.5) ? 1 : -1));
  const buffers = lengths.map((len) => new Float32Array(len));
  const pos = new Int32Array(LINES);
  const o = new Float64Array(LINES);
  const out = new Float32Array(input.length);
  const norm = 1 / Math.sqrt(LINES);
  for (let n = 0; n < input.length; n++) {
    let y = 0;
    for (let k = 0; k < LINES; k++) {
      o[k] = buffers[k]![pos[k]!]!;
      y += outSigns[k]! * o[k]!;
    }
    out[n] = y;
    // 8-point fast Walsh-Hadamard transform (orthogonal after scaling): lossless mixing.
    for (let h = 1; h < LINES; h <<= 1) {
      for (let i = 0; i < LINES; i += h << 1) {
        for (let j = i; j < i + h; j++) {
          const a = o[j]!;
          const b = o[j + h]!;
          o[j] = a + b;
          o[j + h] = a - b;
        }
      }
    }
    const x = input[n]!;
    for (let k = 0; k < LINES; k++) {
      buffers[k]![pos[k]!] = x * inSigns[k]! + gains[k]! * norm * o[k]!;
      pos[k] = pos[k]! + 1 === lengths[k]! ? 0 : pos[k]! + 1;
    }
  }
  const inRms = rms(input);
  const outRms = rms(out);
  if (outRms > 0) {
    const scale = (rmsRatio * inRms) / outRms;
    for (let i = 0; i < out.length; i++) out[i] = out[i]! * scale;
  }
  return out;
}

/** Adds `gain * source` delayed by the propagation time over `distanceM` to `out`. */
export function addDirect(
  out: Float32Array,
  source: Float32Array,
  sampleRate: number,
  distanceM: number,
  gain: number,
): void {
  const delay = Math.round((distanceM / SPEED_OF_SOUND) * sampleRate);
  for (let i = delay; i < out.length; i++) out[i] = out[i]! + gain * source[i - delay]!;
}

/** Root mean square of a signal. */
export function rms(signal: Float32Array): number {
  let sum = 0;
  for (const v of signal) sum += v * v;
  return Math.sqrt(sum / Math.max(1, signal.length));
}

/** dB to linear amplitude. */
export function dbToGain(db: number): number {
  return Math.pow(10, db / 20);
}
