import { describe, expect, it } from 'vitest';
import { speechLikeBursts } from '../dsp/speech-like-bursts';
import { BAND_COUNT, BAND_EDGES_HZ, bandEnvelopes, frameCount } from './band-envelopes';
import { matchAmbient } from './ambient-match';

/** Speech-like on/off energy: bursts of 50-300 ms with random spectra. */
const noiseBursts = (seed: number, seconds: number, rate: number): Float32Array =>
  speechLikeBursts(seed, seconds, rate, { topHz: 4000, level: 2 });

function grid(values: Float32Array): { values: Float32Array; valid: Uint8Array; frames: number } {
  const frames = values.length / BAND_COUNT;
  return { values, valid: new Uint8Array(frames).fill(1), frames };
}

describe('bandEnvelopes', () => {
  it('puts a sine into the band that contains its frequency', () => {
    const rate = 48000;
    const sine = Float32Array.from(
      { length: rate },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / rate),
    );
    const env = bandEnvelopes(sine, rate);
    expect(env.length).toBe(frameCount(rate, rate) * BAND_COUNT);
    const band = BAND_EDGES_HZ.findIndex((edge, b) => edge <= 1000 && BAND_EDGES_HZ[b + 1]! > 1000);
    const frame = env.subarray(10 * BAND_COUNT, 11 * BAND_COUNT);
    const loudest = frame.indexOf(Math.max(...frame));
    expect(loudest).toBe(band);
  });

  it('gives the same features at 48 and 16 kHz for the same sound (rate independent)', () => {
    const at = (rate: number): Float32Array =>
      bandEnvelopes(
        Float32Array.from({ length: rate }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 700 * i) / rate)),
        rate,
      );
    const a = at(48000);
    const b = at(16000);
    const band = BAND_EDGES_HZ.findIndex((edge, k) => edge <= 700 && BAND_EDGES_HZ[k + 1]! > 700);
    expect(a[20 * BAND_COUNT + band]).toBeCloseTo(b[20 * BAND_COUNT + band]!, 0);
  });
});

describe('matchAmbient', () => {
  const rate = 16000;
  const world = noiseBursts(1, 9, rate);

  it('scores 100 for identical audio at the nominal alignment', () => {
    const student = bandEnvelopes(world, rate, 2 * rate, 250);
    const teacher = bandEnvelopes(world, rate, 0, 450);
    const m = matchAmbient(student, grid(teacher), 100, 75, 0.6)!;
    expect(m.similarity).toBeCloseTo(100, 3);
    expect(m.lagFrames).toBe(0);
    expect(m.euclideanDistance).toBeCloseTo(0, 6);
  });

  it('finds a clock skew inside the lag window', () => {
    const student = bandEnvelopes(world, rate, 2 * rate + 0.64 * rate, 250);
    const teacher = bandEnvelopes(world, rate, 0, 450);
    const m = matchAmbient(student, grid(teacher), 100, 75, 0.6)!;
    expect(m.lagFrames).toBe(32);
    expect(m.similarity).toBeGreaterThan(95);
  });

  it('scores unrelated audio low', () => {
    const other = noiseBursts(2, 9, rate);
    const m = matchAmbient(
      bandEnvelopes(other, rate, 2 * rate, 250),
      grid(bandEnvelopes(world, rate, 0, 450)),
      100,
      75,
      0.6,
    )!;
    expect(m.similarity).toBeLessThan(30);
  });

  it('returns null when teacher audio covers too little of the recording', () => {
    const teacher = grid(bandEnvelopes(world, rate, 0, 450));
    teacher.valid.fill(0, 0, 400);
    expect(matchAmbient(bandEnvelopes(world, rate, 2 * rate, 250), teacher, 100, 10, 0.6)).toBeNull();
  });
});
