import { nextPowerOfTwo, realFftPlan } from '../dsp/fft';

/** Frame hop and length of the ambient features: 50 frames per second, exactly 50 per 1-s chunk. */
export const FRAME_S = 0.02;

/**
 * One-third-octave-like bands (Hz) from 250 Hz to 6 kHz: the range where speech, chatter and room
 * noise carry their time structure and that a 16 kHz teacher stream still covers. Below 250 Hz a
 * 20 ms frame cannot resolve bands, above 6 kHz cheap microphones and the 16 kHz stream differ.
 */
export const BAND_EDGES_HZ: readonly number[] = Array.from(
  { length: 15 },
  (_, i) => 250 * Math.pow(24, i / 14),
);

export const BAND_COUNT = BAND_EDGES_HZ.length - 1;

// -120 dBFS power floor keeps log() finite on digital silence.
const POWER_FLOOR = 1e-12;

interface FramePlan {
  frameLen: number;
  fftSize: number;
  window: Float64Array;
  bandLo: Int32Array;
  bandHi: Int32Array;
  re: Float64Array;
  im: Float64Array;
  norm: number;
}

const plans = new Map<number, FramePlan>();

function framePlan(sampleRate: number): FramePlan {
  let plan = plans.get(sampleRate);
  if (plan) return plan;
  const frameLen = Math.round(FRAME_S * sampleRate);
  const fftSize = Math.max(8, nextPowerOfTwo(frameLen));
  const window = new Float64Array(frameLen);
  let windowEnergy = 0;
  for (let n = 0; n < frameLen; n++) {
    window[n] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (n + 0.5)) / frameLen);
    windowEnergy += window[n]! * window[n]!;
  }
  const binHz = sampleRate / fftSize;
  const maxBin = fftSize >> 1;
  const bandLo = new Int32Array(BAND_COUNT);
  const bandHi = new Int32Array(BAND_COUNT);
  for (let b = 0; b < BAND_COUNT; b++) {
    const lo = Math.min(maxBin, Math.round(BAND_EDGES_HZ[b]! / binHz));
    bandLo[b] = lo;
    bandHi[b] = Math.min(maxBin + 1, Math.max(lo + 1, Math.round(BAND_EDGES_HZ[b + 1]! / binHz)));
  }
  plan = {
    frameLen,
    fftSize,
    window,
    bandLo,
    bandHi,
    re: new Float64Array(maxBin + 1),
    im: new Float64Array(maxBin + 1),
    // Parseval: a band's value becomes the signal power in that band (independent of rate and FFT size).
    norm: 2 / (windowEnergy * fftSize),
  };
  plans.set(sampleRate, plan);
  return plan;
}

/** Number of whole feature frames in `length` samples at `sampleRate`. */
export function frameCount(length: number, sampleRate: number): number {
  return Math.floor(length / Math.round(FRAME_S * sampleRate));
}

/**
 * Log band energies (dB re full scale) of consecutive, non-overlapping Hann-windowed 20 ms frames,
 * frame-major: out[f * BAND_COUNT + b]. Frames are laid on a fixed grid from `startSample`, so the
 * features of a 1-s teacher chunk can be computed once and reused for every student. Bands above
 * the signal's Nyquist are left at the floor (-120 dB).
 */
export function bandEnvelopes(
  samples: Float32Array,
  sampleRate: number,
  startSample = 0,
  frames = frameCount(samples.length - startSample, sampleRate),
): Float32Array {
  const plan = framePlan(sampleRate);
  const out = new Float32Array(frames * BAND_COUNT);
  const fft = realFftPlan(plan.fftSize);
  const frameBuf = new Float64Array(plan.fftSize);
  const { frameLen, window, bandLo, bandHi, re, im, norm } = plan;
  const topBin = bandHi[BAND_COUNT - 1]!;
  for (let f = 0; f < frames; f++) {
    const base = startSample + f * frameLen;
    if (base + frameLen <= samples.length) {
      fft.forwardWindowed(samples, base, window, re, im, 0, topBin);
    } else {
      for (let n = 0; n < frameLen; n++)
        frameBuf[n] = base + n < samples.length ? samples[base + n]! * window[n]! : 0;
      fft.forward(frameBuf, re, im, 0, frameLen, 0, topBin);
    }
    for (let b = 0; b < BAND_COUNT; b++) {
      let power = 0;
      for (let k = bandLo[b]!; k < bandHi[b]!; k++) power += re[k]! * re[k]! + im[k]! * im[k]!;
      out[f * BAND_COUNT + b] = 10 * Math.log10(power * norm + POWER_FLOOR);
    }
  }
  return out;
}
