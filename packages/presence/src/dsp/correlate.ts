import { conjugateProductInto } from './conjugate-product';
import { complexFftPlan, nextPowerOfTwo } from './fft';

/**
 * Circular cross-correlation of a signal given by its spectrum with a complex template given in
 * the time domain: r[l] = sum_m s[m + l] * conj(t[m]). `specRe/specIm` (length `size`, a power of
 * two) are left untouched; the result is returned as new arrays. The template is zero-padded to
 * `size`; for linear (non-wrapping) lags the signal must leave `template length - 1` samples of
 * zero padding at its end.
 */
export function correlateWithSpectrum(
  specRe: Float64Array,
  specIm: Float64Array,
  templateRe: Float64Array,
  templateIm: Float64Array,
): { re: Float64Array; im: Float64Array } {
  const size = specRe.length;
  const fft = complexFftPlan(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re.set(templateRe.subarray(0, size));
  im.set(templateIm.subarray(0, size));
  fft.forward(re, im);
  conjugateProductInto(specRe, specIm, re, im, re, im, size);
  fft.inverse(re, im);
  return { re, im };
}

/**
 * Linear cross-correlation of two real signals via FFT: out[l] = sum_n signal[n + l] * template[n]
 * for l = 0 .. signal.length - template.length (the lags where the template lies inside the
 * signal). The building block of the tone matcher, kept separate so it can be checked against the
 * brute-force sum.
 */
export function crossCorrelate(signal: ArrayLike<number>, template: ArrayLike<number>): Float64Array {
  const lags = signal.length - template.length + 1;
  if (lags <= 0 || template.length === 0) return new Float64Array(0);
  const size = nextPowerOfTwo(signal.length + template.length);
  const fft = complexFftPlan(size);
  const sRe = new Float64Array(size);
  const sIm = new Float64Array(size);
  for (let i = 0; i < signal.length; i++) sRe[i] = signal[i]!;
  fft.forward(sRe, sIm);
  const tRe = new Float64Array(size);
  for (let i = 0; i < template.length; i++) tRe[i] = template[i]!;
  const r = correlateWithSpectrum(sRe, sIm, tRe, new Float64Array(size));
  return r.re.slice(0, lags);
}
