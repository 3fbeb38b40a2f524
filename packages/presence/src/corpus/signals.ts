import { applyBiquad, applyBiquadCascade, designBiquad } from '../dsp/biquad';
import type { Rng } from '../dsp/random';

// Source signals for the evaluation corpus, synthesised (no data sets can be downloaded). Each is
// normalised to RMS 1 so the room model can set its level in dB.

const VOWELS: readonly (readonly [number, number, number])[] = [
  [730, 1090, 2440],
  [270, 2290, 3010],
  [530, 1840, 2480],
  [660, 1720, 2410],
  [570, 840, 2410],
  [300, 870, 2240],
  [440, 1020, 2240],
  [490, 1350, 1690],
];

/** Scales a signal in place to RMS 1 (leaves silence alone). */
export function normalizeRms(signal: Float32Array): Float32Array {
  let sum = 0;
  for (const v of signal) sum += v * v;
  const rms = Math.sqrt(sum / Math.max(1, signal.length));
  if (rms > 0) for (let i = 0; i < signal.length; i++) signal[i] = signal[i]! / rms;
  return signal;
}

/**
 * Speech-like signal: syllables of 90-280 ms grouped into words and phrases with pauses, a voiced
 * nucleus (glottal pulse train with intonation through three formant resonators) and optional
 * fricative noise. It has the 3-6 Hz energy modulation and spectral movement of real speech,
 * which is what the ambient comparison keys on.
 */
export function speechLike(rng: Rng, seconds: number, sampleRate: number, pitchHz?: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const basePitch = pitchHz ?? rng.uniform(95, 230);
  let t = rng.uniform(0, 0.4);
  let phase = 0;
  while (t < seconds) {
    const words = rng.int(2, 7);
    for (let w = 0; w < words && t < seconds; w++) {
      const syllables = rng.int(1, 3);
      for (let s = 0; s < syllables && t < seconds; s++) {
        const dur = rng.uniform(0.09, 0.28);
        const start = Math.round(t * sampleRate);
        const len = Math.round(dur * sampleRate);
        const vowel = rng.pick(VOWELS);
        const formants = vowel.map((f) => f * rng.uniform(0.85, 1.18));
        const f0 = basePitch * rng.uniform(0.8, 1.25);
        const loudness = rng.uniform(0.4, 1);
        const voiced = new Float32Array(len);
        for (let i = 0; i < len; i++) {
          phase += f0 / sampleRate;
          if (phase >= 1) {
            phase -= 1;
            voiced[i] = 1;
          }
        }
        let shaped = voiced;
        for (const f of formants) {
          if (f >= sampleRate / 2) continue;
          const copy = Float32Array.from(voiced);
          applyBiquad(copy, designBiquad('bandpass', f, sampleRate, f / 90));
          if (shaped === voiced) shaped = copy;
          else for (let i = 0; i < len; i++) shaped[i] = shaped[i]! + copy[i]!;
        }
        for (let i = 0; i < len && start + i < out.length; i++) {
          const env = Math.min(1, i / (0.02 * sampleRate), (len - i) / (0.04 * sampleRate));
          out[start + i] = out[start + i]! + loudness * env * shaped[i]!;
        }
        if (rng.chance(0.35)) addFricative(out, rng, start + len, sampleRate, loudness);
        t += dur + rng.uniform(0.0, 0.05);
      }
      t += rng.uniform(0.04, 0.18);
    }
    t += rng.uniform(0.25, 0.9);
  }
  return normalizeRms(out);
}

function addFricative(
  out: Float32Array,
  rng: Rng,
  start: number,
  sampleRate: number,
  loudness: number,
): void {
  const len = Math.round(rng.uniform(0.04, 0.12) * sampleRate);
  const noise = new Float32Array(len);
  for (let i = 0; i < len; i++) noise[i] = rng.normal();
  applyBiquadCascade(noise, 'highpass', Math.min(rng.uniform(2500, 4500), sampleRate * 0.4), sampleRate, 2);
  const level = 0.04 * loudness;
  for (let i = 0; i < len && start + i < out.length; i++) {
    const env = Math.sin((Math.PI * i) / len);
    out[start + i] = out[start + i]! + level * env * noise[i]!;
  }
}

/** Babble of `talkers` independent speech-like voices (students chatting), RMS 1. */
export function babble(rng: Rng, seconds: number, sampleRate: number, talkers: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let k = 0; k < talkers; k++) {
    const voice = speechLike(rng, seconds, sampleRate);
    const gain = rng.uniform(0.5, 1);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + gain * voice[i]!;
  }
  return normalizeRms(out);
}

/** Slowly varying gain in dB (a smoothed random walk), one value per sample. */
export function slowEnvelope(
  rng: Rng,
  length: number,
  sampleRate: number,
  depthDb: number,
  rateHz: number,
): Float32Array {
  const out = new Float32Array(length);
  const knots = Math.ceil((length / sampleRate) * rateHz) + 2;
  // Gains at the knots, smoothstep-interpolated in between (no pow() per sample).
  const gains = Array.from({ length: knots }, () => Math.pow(10, rng.uniform(-depthDb, depthDb) / 20));
  for (let i = 0; i < length; i++) {
    const pos = (i / sampleRate) * rateHz;
    const k = Math.floor(pos);
    const f = pos - k;
    const s = f * f * (3 - 2 * f);
    out[i] = gains[k]! * (1 - s) + gains[k + 1]! * s;
  }
  return out;
}

/**
 * HVAC noise: low-frequency-heavy broadband noise with mains hum and a slow +-1.5 dB drift. The
 * drift envelope is passed in so both microphones of a room can share it while their noise
 * waveforms stay independent (a diffuse field).
 */
export function hvacNoise(
  rng: Rng,
  length: number,
  sampleRate: number,
  drift: Float32Array,
  mainsHz: number,
): Float32Array {
  const out = new Float32Array(length);
  let brown = 0;
  for (let i = 0; i < length; i++) {
    brown = 0.98 * brown + 0.2 * rng.normal();
    out[i] = brown + 0.3 * rng.normal();
  }
  applyBiquadCascade(out, 'lowpass', rng.uniform(600, 2000), sampleRate, 1);
  normalizeRms(out);
  // Mains hum by a rotating phasor (one complex multiply per sample instead of two sin() calls).
  const c = Math.cos((2 * Math.PI * mainsHz) / sampleRate);
  const s = Math.sin((2 * Math.PI * mainsHz) / sampleRate);
  let re = 1;
  let im = 0;
  for (let i = 0; i < length; i++) {
    const hum = 0.2 * im + 0.2 * re * im; // fundamental + second harmonic (sin 2x = 2 sin x cos x)
    out[i] = (out[i]! + hum) * drift[i]!;
    const nr = re * c - im * s;
    im = re * s + im * c;
    re = nr;
  }
  return normalizeRms(out);
}

/**
 * Street noise through a window: rumble whose level follows passing vehicles (shared envelope,
 * independent waveforms per microphone) plus the occasional horn.
 */
export function streetNoise(
  rng: Rng,
  length: number,
  sampleRate: number,
  traffic: Float32Array,
): Float32Array {
  const out = new Float32Array(length);
  let pink = 0;
  for (let i = 0; i < length; i++) {
    pink = 0.9 * pink + 0.45 * rng.normal();
    out[i] = pink * traffic[i]!;
  }
  applyBiquadCascade(out, 'lowpass', 2500, sampleRate, 1);
  return normalizeRms(out);
}

/** Envelope of passing vehicles: Gaussian bumps (2-6 s wide) on a constant rumble. */
export function trafficEnvelope(rng: Rng, length: number, sampleRate: number): Float32Array {
  const out = new Float32Array(length).fill(0.3);
  const seconds = length / sampleRate;
  const vehicles = rng.int(1, Math.max(1, Math.round(seconds / 2.5)));
  for (let v = 0; v < vehicles; v++) {
    const centre = rng.uniform(-1, seconds + 1);
    const width = rng.uniform(0.8, 2.5);
    const peak = rng.uniform(0.5, 2);
    // Only +-4 widths matter (exp(-16) is nothing).
    const from = Math.max(0, Math.floor((centre - 4 * width) * sampleRate));
    const to = Math.min(length, Math.ceil((centre + 4 * width) * sampleRate));
    for (let i = from; i < to; i++) {
      const d = (i / sampleRate - centre) / width;
      out[i] = out[i]! + peak * Math.exp(-d * d);
    }
  }
  return out;
}

/** Clicks, rustles and coughs: short broadband bursts (they reach the tone band), RMS not normalised. */
export function transients(rng: Rng, length: number, sampleRate: number, perSecond: number): Float32Array {
  const out = new Float32Array(length);
  const count = Math.round((length / sampleRate) * perSecond * rng.uniform(0.5, 1.5));
  for (let c = 0; c < count; c++) {
    const start = rng.int(0, length - 1);
    const len = Math.round(rng.uniform(0.01, 0.2) * sampleRate);
    const level = Math.pow(10, rng.uniform(-1.5, 0));
    for (let i = 0; i < len && start + i < length; i++) {
      out[start + i] = out[start + i]! + level * rng.normal() * Math.exp((-4 * i) / len);
    }
  }
  return applyBiquadCascade(out, 'highpass', 1500, sampleRate, 1);
}

/** White noise of the given RMS (microphone self-noise). */
export function whiteNoise(rng: Rng, length: number, rms: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = rms * rng.normal();
  return out;
}
