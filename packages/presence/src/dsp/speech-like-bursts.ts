import { Rng } from './random';

/** Options of `speechLikeBursts`. */
export interface BurstOptions {
  /** Highest burst frequency, Hz (default 3,000). */
  topHz?: number;
  /** Scales every sample (default 1: bursts at 0.05 full scale). */
  level?: number;
}

/**
 * Speech-like on/off bursts standing in for a room's sound: tones of 300-`topHz` Hz in a little noise,
 * 50-300 ms each, on 60 % of the time, near-silence between. Seeded, so the same seed gives the same
 * samples (the tests' fixtures and a verification thread's warm-up use it).
 */
export function speechLikeBursts(
  seed: number,
  seconds: number,
  rate: number,
  { topHz = 3000, level = 1 }: BurstOptions = {},
): Float32Array {
  const rng = new Rng(seed);
  const out = new Float32Array(Math.round(seconds * rate));
  let i = 0;
  while (i < out.length) {
    const length = Math.round(rng.uniform(0.05, 0.3) * rate);
    const on = rng.chance(0.6);
    const hz = rng.uniform(300, topHz);
    for (let k = 0; k < length && i < out.length; k++, i++) {
      out[i] = on
        ? level * 0.05 * Math.sin((2 * Math.PI * hz * i) / rate) + level * 0.01 * rng.normal()
        : level * 0.001 * rng.normal();
    }
  }
  return out;
}
