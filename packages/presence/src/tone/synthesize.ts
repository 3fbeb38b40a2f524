import type { ChirpSpec, ToneParams } from './tone-params';

/** Amplitude envelope of a chirp at time t (s): flat with raised-cosine fades of taperS. */
export function chirpEnvelope(t: number, durationS: number, taperS: number): number {
  if (t < 0 || t > durationS) return 0;
  const taper = Math.min(taperS, durationS / 2);
  if (taper <= 0) return 1;
  if (t < taper) return 0.5 - 0.5 * Math.cos((Math.PI * t) / taper);
  if (t > durationS - taper) return 0.5 - 0.5 * Math.cos((Math.PI * (durationS - t)) / taper);
  return 1;
}

/** Instantaneous phase (radians) of a linear chirp at time t from its start. */
export function chirpPhase(chirp: ChirpSpec, t: number): number {
  const rate = (chirp.endHz - chirp.startHz) / chirp.durationS;
  return 2 * Math.PI * (chirp.startHz * t + 0.5 * rate * t * t);
}

/**
 * Samples one tapered linear chirp at `sampleRate` (length = duration * rate, rounded up). This is
 * the template the verifier correlates against, so it is synthesised from the parameters rather
 * than resampled from the 48 kHz file.
 */
export function synthesizeChirp(
  chirp: ChirpSpec,
  sampleRate: number,
  amplitude: number,
  taperS: number,
): Float32Array {
  const length = Math.ceil(chirp.durationS * sampleRate);
  const out = new Float32Array(length);
  for (let n = 0; n < length; n++) {
    const t = n / sampleRate;
    out[n] = amplitude * chirpEnvelope(t, chirp.durationS, taperS) * Math.sin(chirpPhase(chirp, t));
  }
  return out;
}

/**
 * Synthesises the whole loop (all chirps at their offsets, silence between) at `sampleRate`. With
 * the tone's own rate this is exactly the audio written to the session WAV.
 */
export function synthesizeToneLoop(params: ToneParams, sampleRate: number): Float32Array {
  const out = new Float32Array(Math.round(params.loopS * sampleRate));
  for (const chirp of params.chirps) {
    const start = Math.round(chirp.offsetS * sampleRate);
    const one = synthesizeChirp(chirp, sampleRate, params.amplitude, params.taperS);
    for (let i = 0; i < one.length && start + i < out.length; i++) out[start + i] = one[i]!;
  }
  return out;
}
