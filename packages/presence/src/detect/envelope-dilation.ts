import { arenaFloat32Scratch, kernelsFor } from '../dsp/kernels/kernels';

// The dilation of a correlation envelope: each local peak refined between its samples, then the
// running maximum over +-2 lags (the drift allowance). Its loops on bit patterns run in the SIMD
// kernels when the arrays live in their memory (presence-0017, presence-0028).

/**
 * Running maximum over +-2 lags, after a parabolic refinement of each local peak (the envelope is
 * sampled only ~1.5x per main lobe, so a true peak usually falls between samples). `r` is scratch
 * of the same length; the result goes to `out` (every element written). Exported for the test that
 * holds it to the plain definition.
 */
export function dilate(
  values: Float32Array,
  r: Float32Array = new Float32Array(values.length),
  out: Float32Array = new Float32Array(values.length),
): Float32Array {
  const n = values.length;
  const valueBits = new Int32Array(values.buffer, values.byteOffset, n);
  const rBits = new Int32Array(r.buffer, r.byteOffset, n);
  // The loops on bit patterns run in the SIMD kernels when the arrays live in their memory (the same
  // values, presence-0028).
  const candidates = n > 4 ? candidatesScratch.take(n, false) : null;
  const kernels =
    candidates && r.length === n && out.length === n ? kernelsFor(values, r, out, candidates) : null;
  // Correlation envelopes are finite and >= 0: refined and maximised on bit patterns, no branch on
  // the data (see `refinePeaksOfBits`); anything else by the float comparisons.
  const bitwise =
    candidates !== null &&
    (kernels
      ? kernels.bitsBelow(n, values.byteOffset, INFINITY_BITS) === 1
      : bitsBelow(valueBits, INFINITY_BITS));
  if (bitwise && kernels) {
    kernels.refinePeaks(n, values.byteOffset, r.byteOffset, candidates.byteOffset);
  } else if (bitwise) {
    refinePeaksOfBits(values, valueBits, rBits, candidates);
  } else {
    refinePeaksOfFloats(values, r);
  }
  dilateEnds(r, out, n);
  if (n <= 4) return out;
  // Refined peaks of finite values >= 0 lie between their value and 1: still in bit-pattern order.
  const rOrdered =
    bitwise ||
    (kernels
      ? kernels.bitsBelow(n, r.byteOffset, INFINITY_BITS + 1) === 1
      : bitsBelow(rBits, INFINITY_BITS + 1));
  if (rOrdered && kernels) {
    kernels.slidingMax5(n, r.byteOffset, out.byteOffset);
  } else if (rOrdered) {
    slidingMaxOfBits(rBits, new Int32Array(out.buffer, out.byteOffset, n));
  } else {
    slidingMax(r, out);
  }
  return out;
}

const candidatesScratch = arenaFloat32Scratch();

/** The parabolic refinement by float comparisons (any values), into r. */
function refinePeaksOfFloats(values: Float32Array, r: Float32Array): void {
  const n = values.length;
  r.set(values.subarray(0, n));
  for (let i = 1; i < n - 1; i++) {
    const y0 = values[i - 1]!;
    const y1 = values[i]!;
    const y2 = values[i + 1]!;
    if (y1 < y0 || y1 < y2) continue;
    const curvature = y0 - 2 * y1 + y2;
    if (curvature < 0) r[i] = Math.min(1, y1 - ((y0 - y2) * (y0 - y2)) / (8 * curvature));
  }
}

/**
 * out[i] = the largest of r[i - 2 .. i + 2] within the window for its first two and last two lags
 * (all of them when n <= 4), testing the bounds; the interior is the sliding maximum's.
 */
function dilateEnds(r: Float32Array, out: Float32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    if (i === 2 && n > 4) i = n - 2;
    let best = r[i]!;
    for (let d = Math.max(0, i - 2); d <= Math.min(n - 1, i + 2); d++) if (r[d]! > best) best = r[d]!;
    out[i] = best;
  }
}

/**
 * The parabolic refinement on finite values >= 0 (`bitsBelow(values, INFINITY_BITS)`), without a
 * branch on the data: every interior lag's refined value is computed (as a Float32, as it would be
 * stored) and the bit patterns select it where the lag is a peak, b >= a and b >= c of its bits,
 * and not a plateau of three equal values. On such values that is exactly where the float test
 * (not below a neighbour, curvature < 0) holds: y0 - 2 y1 + y2 < 0 unless all three are equal. The
 * comparisons' branches mispredicted on about every other lag of correlation noise (presence-0017).
 */
function refinePeaksOfBits(
  values: Float32Array,
  v: Int32Array,
  r: Int32Array,
  candidates: Float32Array,
): void {
  const n = values.length;
  for (let i = 1; i < n - 1; i++) {
    const y0 = values[i - 1]!;
    const y1 = values[i]!;
    const y2 = values[i + 1]!;
    const curvature = y0 - 2 * y1 + y2;
    candidates[i] = Math.min(1, y1 - ((y0 - y2) * (y0 - y2)) / (8 * curvature));
  }
  const c = new Int32Array(candidates.buffer, candidates.byteOffset, n);
  r[0] = v[0]!;
  r[n - 1] = v[n - 1]!;
  for (let i = 1; i < n - 1; i++) {
    const a = v[i - 1]!;
    const b = v[i]!;
    const d = v[i + 1]!;
    const differs = (a ^ b) | (d ^ b);
    // All ones when b - a >= 0, b - d >= 0 and the three are not all equal; else zero.
    const peak = ~((b - a) | (b - d)) >> 31;
    const mask = peak & ((differs | -differs) >> 31);
    r[i] = (c[i]! & mask) | (b & ~mask);
  }
}

// Float32 bit patterns read as int32: +0 .. +Infinity are 0 .. 0x7f800000, in the floats' order;
// NaNs lie above, negative numbers (sign bit) below 0.
const INFINITY_BITS = 0x7f800000;

/**
 * Every bit pattern in 0 .. limit - 1: with INFINITY_BITS + 1, every value a number >= +0 (no -0,
 * no NaN), whose bit patterns order as the floats do; with INFINITY_BITS, finite ones too.
 */
function bitsBelow(bits: Int32Array, limit: number): boolean {
  let outside = 0;
  for (let i = 0; i < bits.length; i++) outside |= (limit - 1 - bits[i]!) | bits[i]!;
  return outside >= 0;
}

/**
 * out[i] = the largest of r[i - 2 .. i + 2] for 2 <= i < n - 2, on the values' bit patterns (see
 * `bitsBelow`): the same values as the float comparisons give. Integer maxima without a
 * branch: on the correlation noise the comparisons' branches mispredicted about every other time,
 * which made this loop cost as much as an inverse FFT (presence-0017). Pairs of neighbours are
 * taken once and shared by two windows: three maxima per lag instead of four.
 */
function slidingMaxOfBits(r: Int32Array, out: Int32Array): void {
  const n = r.length;
  // p(j) = max(r[j], r[j + 1]); window i = max(p(i - 2), p(i), r[i + 2]).
  let pBack2 = max32(r[0]!, r[1]!);
  let pBack1 = max32(r[1]!, r[2]!);
  for (let i = 2; i < n - 2; i++) {
    const p = max32(r[i]!, r[i + 1]!);
    out[i] = max32(max32(pBack2, p), r[i + 2]!);
    pBack2 = pBack1;
    pBack1 = p;
  }
}

/** The larger of two int32s whose difference fits an int32 (here: both in 0 .. INFINITY_BITS). */
function max32(a: number, b: number): number {
  const d = a - b;
  return a - (d & (d >> 31));
}

/**
 * out[i] = the largest of r[i - 2 .. i + 2] for 2 <= i < n - 2 by float comparisons (any values:
 * a NaN neighbour never wins). The interior slides five values along in locals.
 */
function slidingMax(r: Float32Array, out: Float32Array): void {
  const n = r.length;
  let a = r[0]!;
  let b = r[1]!;
  let c = r[2]!;
  let d = r[3]!;
  for (let i = 2; i < n - 2; i++) {
    const e = r[i + 2]!;
    let best = c;
    if (b > best) best = b;
    if (a > best) best = a;
    if (d > best) best = d;
    if (e > best) best = e;
    out[i] = best;
    a = b;
    b = c;
    c = d;
    d = e;
  }
}
