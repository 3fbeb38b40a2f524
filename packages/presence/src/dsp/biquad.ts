// RBJ-cookbook biquads, used by the corpus generator (room, microphone and codec models).

/** Normalised biquad coefficients (a0 = 1). */
export interface BiquadCoefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** Biquad kinds the generators need. */
export type BiquadKind = 'lowpass' | 'highpass' | 'bandpass';

/** Designs a biquad (q = 0.7071 gives a Butterworth low/high-pass section). */
export function designBiquad(
  kind: BiquadKind,
  freqHz: number,
  sampleRate: number,
  q = Math.SQRT1_2,
): BiquadCoefficients {
  const w0 = (2 * Math.PI * Math.min(freqHz, sampleRate * 0.49)) / sampleRate;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  let b0: number;
  let b1: number;
  let b2: number;
  if (kind === 'lowpass') {
    b0 = (1 - cos) / 2;
    b1 = 1 - cos;
    b2 = (1 - cos) / 2;
  } else if (kind === 'highpass') {
    b0 = (1 + cos) / 2;
    b1 = -(1 + cos);
    b2 = (1 + cos) / 2;
  } else {
    b0 = alpha;
    b1 = 0;
    b2 = -alpha;
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

/** Filters `signal` in place with one biquad section (direct form I, fresh state). */
export function applyBiquad(signal: Float32Array, c: BiquadCoefficients): Float32Array {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i]!;
    const y = c.b0 * x + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    signal[i] = y;
  }
  return signal;
}

/** Applies `sections` identical biquads in place (a steeper filter of order 2 * sections). */
export function applyBiquadCascade(
  signal: Float32Array,
  kind: BiquadKind,
  freqHz: number,
  sampleRate: number,
  sections: number,
): Float32Array {
  const c = designBiquad(kind, freqHz, sampleRate);
  for (let s = 0; s < sections; s++) applyBiquad(signal, c);
  return signal;
}
