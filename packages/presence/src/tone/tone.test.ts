import { describe, expect, it } from 'vitest';
import { PresenceInputError } from '../errors';
import { decodeWav } from '../wav/decode-wav';
import {
  createSessionTone,
  randomToneParams,
  readToneParamsFromWav,
  encodeToneWav,
} from './create-session-tone';
import { synthesizeChirp, synthesizeToneLoop } from './synthesize';
import { parseToneParams, toneBand } from './tone-params';

/** Mean instantaneous frequency over a stretch, from zero crossings. */
function zeroCrossingHz(samples: Float32Array, from: number, to: number, rate: number): number {
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  return (crossings / 2) * (rate / (to - from));
}

describe('chirp synthesis', () => {
  it('sweeps linearly from start to end frequency', () => {
    const chirp = { offsetS: 0, durationS: 0.1, startHz: 18000, endHz: 19500 };
    const rate = 96000;
    const s = synthesizeChirp(chirp, rate, 0.9, 0.01);
    expect(s.length).toBe(9600);
    // Zero crossings over 1000 samples resolve +-48 Hz.
    expect(Math.abs(zeroCrossingHz(s, 1000, 2000, rate) - (18000 + 1500 * 0.15625))).toBeLessThan(100);
    expect(Math.abs(zeroCrossingHz(s, 7600, 8600, rate) - (18000 + 1500 * 0.84375))).toBeLessThan(100);
  });

  it('is tapered to silence at both ends and peaks at the amplitude', () => {
    const s = synthesizeChirp(
      { offsetS: 0, durationS: 0.08, startHz: 19000, endHz: 17500 },
      48000,
      0.9,
      0.01,
    );
    expect(Math.abs(s[0]!)).toBeLessThan(1e-3);
    expect(Math.abs(s[s.length - 1]!)).toBeLessThan(0.05);
    expect(Math.max(...s.map(Math.abs))).toBeCloseTo(0.9, 1);
  });
});

describe('session tone', () => {
  it('draws parameters inside the requested band, reproducibly from a seed', () => {
    const a = randomToneParams({ seed: 5, bandLowHz: 17000, bandHighHz: 19000 });
    expect(randomToneParams({ seed: 5, bandLowHz: 17000, bandHighHz: 19000 })).toEqual(a);
    expect(randomToneParams({ seed: 6 })).not.toEqual(randomToneParams({ seed: 7 }));
    const band = toneBand(a);
    expect(band.lowHz).toBeGreaterThanOrEqual(17000);
    expect(band.highHz).toBeLessThanOrEqual(19000);
    let end = 0;
    for (const c of a.chirps) {
      expect(c.offsetS).toBeGreaterThanOrEqual(end);
      end = c.offsetS + c.durationS;
    }
    expect(end).toBeLessThanOrEqual(a.loopS);
  });

  it('writes a 1 s 16-bit mono 48 kHz WAV equal to the synthesised loop', () => {
    const { params, wav } = createSessionTone({ seed: 1 });
    const decoded = decodeWav(wav);
    expect(decoded.sampleRate).toBe(48000);
    expect(decoded.samples.length).toBe(48000);
    const loop = synthesizeToneLoop(params, 48000);
    let worst = 0;
    for (let i = 0; i < loop.length; i++) worst = Math.max(worst, Math.abs(loop[i]! - decoded.samples[i]!));
    expect(worst).toBeLessThan(1 / 16000);
    const fmt = new TextDecoder().decode(wav).indexOf('fmt ');
    expect(fmt).toBeGreaterThan(0);
    expect(wav[fmt + 10]).toBe(1); // mono
    expect(wav[fmt + 22]).toBe(16); // bits per sample
  });

  it('carries its parameters inside the WAV for audits', () => {
    const { params, wav } = createSessionTone({ seed: 9 });
    expect(readToneParamsFromWav(wav)).toEqual(params);
    expect(readToneParamsFromWav(encodeToneWav(params))).toEqual(params);
  });

  it('rejects invalid parameters with a typed error', () => {
    const good = randomToneParams({ seed: 2 });
    expect(parseToneParams(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(() => parseToneParams({ ...good, version: 2 })).toThrow(PresenceInputError);
    expect(() => parseToneParams({ ...good, chirps: [] })).toThrow(PresenceInputError);
    expect(() => parseToneParams({ ...good, chirps: [{ ...good.chirps[0]!, endHz: 30000 }] })).toThrow(
      PresenceInputError,
    );
    expect(() => parseToneParams(null)).toThrow(PresenceInputError);
  });
});
