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
  // Eight lines, written out: the Hadamard mix on locals is several times faster than on arrays.
  const [l0, l1, l2, l3, l4, l5, l6, l7] = lengths as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [g0, g1, g2, g3, g4, g5, g6, g7] = gains.map((g) => g / Math.sqrt(LINES)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [i0, i1, i2, i3, i4, i5, i6, i7] = inSigns as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [s0, s1, s2, s3, s4, s5, s6, s7] = outSigns as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const d0 = new Float32Array(l0);
  const d1 = new Float32Array(l1);
  const d2 = new Float32Array(l2);
  const d3 = new Float32Array(l3);
  const d4 = new Float32Array(l4);
  const d5 = new Float32Array(l5);
  const d6 = new Float32Array(l6);
  const d7 = new Float32Array(l7);
  let p0 = 0;
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  let p5 = 0;
  let p6 = 0;
  let p7 = 0;
  const out = new Float32Array(input.length);
  for (let n = 0; n < input.length; n++) {
    const o0 = d0[p0]!;
    const o1 = d1[p1]!;
    const o2 = d2[p2]!;
    const o3 = d3[p3]!;
    const o4 = d4[p4]!;
    const o5 = d5[p5]!;
    const o6 = d6[p6]!;
    const o7 = d7[p7]!;
    out[n] = s0 * o0 + s1 * o1 + s2 * o2 + s3 * o3 + s4 * o4 + s5 * o5 + s6 * o6 + s7 * o7;
    // 8-point fast Walsh-Hadamard transform (orthogonal after the 1/sqrt(8) in the gains).
    const a0 = o0 + o1;
    const a1 = o0 - o1;
    const a2 = o2 + o3;
    const a3 = o2 - o3;
    const a4 = o4 + o5;
    const a5 = o4 - o5;
    const a6 = o6 + o7;
    const a7 = o6 - o7;
    const b0 = a0 + a2;
    const b1 = a1 + a3;
    const b2 = a0 - a2;
    const b3 = a1 - a3;
    const b4 = a4 + a6;
    const b5 = a5 + a7;
    const b6 = a4 - a6;
    const b7 = a5 - a7;
    const x = input[n]!;
    d0[p0] = x * i0 + g0 * (b0 + b4);
    d1[p1] = x * i1 + g1 * (b1 + b5);
    d2[p2] = x * i2 + g2 * (b2 + b6);
    d3[p3] = x * i3 + g3 * (b3 + b7);
    d4[p4] = x * i4 + g4 * (b0 - b4);
    d5[p5] = x * i5 + g5 * (b1 - b5);
    d6[p6] = x * i6 + g6 * (b2 - b6);
    d7[p7] = x * i7 + g7 * (b3 - b7);
    if (++p0 === l0) p0 = 0;
    if (++p1 === l1) p1 = 0;
    if (++p2 === l2) p2 = 0;
    if (++p3 === l3) p3 = 0;
    if (++p4 === l4) p4 = 0;
    if (++p5 === l5) p5 = 0;
    if (++p6 === l6) p6 = 0;
    if (++p7 === l7) p7 = 0;
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
