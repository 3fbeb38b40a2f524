import { describe, expect, it } from 'vitest';
import { Rng } from '../dsp/random';
import { randomToneParams } from '../tone/create-session-tone';
import { synthesizeToneLoop } from '../tone/synthesize';
import { matchTone } from './tone-match';

const params = randomToneParams({ seed: 42 });

function recording(rate: number, gain: number, noiseRms: number, shiftS: number, seed = 1): Float32Array {
  const loop = synthesizeToneLoop(params, rate);
  const rng = new Rng(seed);
  const shift = Math.round(shiftS * rate);
  return Float32Array.from(
    { length: 5 * rate },
    (_, i) => gain * loop[(i + shift) % loop.length]! + noiseRms * rng.normal(),
  );
}

describe('matchTone', () => {
  it.each([48000, 44100])('finds a clean tone at %i Hz with ncc near 1 and the right loop phase', (rate) => {
    const m = matchTone(recording(rate, 0.5, 0, 0.3), rate, params);
    expect(m.ncc).toBeGreaterThan(0.95);
    expect(Math.min(...m.perChirp)).toBeGreaterThan(0.9);
    // The loop restarts 0.7 s into a recording that began 0.3 s into the loop.
    expect(Math.abs(m.loopPhaseS - 0.7)).toBeLessThan(0.002);
  });

  it('estimates the tone level: magnitude tracks the chirps RMS and scales with gain', () => {
    const loud = matchTone(recording(48000, 0.5, 0, 0), 48000, params);
    const quiet = matchTone(recording(48000, 0.05, 0, 0), 48000, params);
    // A 0.9-peak sine has RMS 0.64; at gain 0.5 the chirps are ~0.31 RMS (tapers lower it a bit).
    expect(loud.magnitude).toBeGreaterThan(0.28);
    expect(loud.magnitude).toBeLessThan(0.33);
    expect(loud.magnitude / quiet.magnitude).toBeCloseTo(10, 0);
    expect(quiet.ncc).toBeCloseTo(loud.ncc, 2);
  });

  it('stays low on noise, on silence and on another session tone', () => {
    const noise = matchTone(recording(48000, 0, 0.01, 0), 48000, params);
    expect(noise.ncc).toBeLessThan(0.15);
    const silence = matchTone(new Float32Array(5 * 48000), 48000, params);
    expect(silence.ncc).toBe(0);
    const other = randomToneParams({ seed: 43 });
    const foreign = matchTone(recording(48000, 0.5, 0.001, 0), 48000, other);
    expect(Math.min(...foreign.perChirp)).toBeLessThan(0.15);
  });

  it('degrades gracefully with noise: lower ncc, still above the noise floor', () => {
    const snr = matchTone(recording(48000, 0.001, 0.001, 0.1), 48000, params);
    expect(snr.ncc).toBeGreaterThan(0.3);
    expect(snr.ncc).toBeLessThan(0.95);
  });

  it('reports the band as not captured below the needed sample rate', () => {
    const m = matchTone(new Float32Array(16000 * 5), 16000, params);
    expect(m.bandCaptured).toBe(false);
    expect(m.ncc).toBe(0);
  });
});
