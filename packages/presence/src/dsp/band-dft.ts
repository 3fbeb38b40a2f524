import { complexFftPlan, isPowerOfTwo } from './fft';
import { arenaFloat64, kernelsFor } from './kernels/kernels';

/**
 * Bins kFrom..kTo of the DFT of a real signal zero-padded to a power-of-two size N, without a
 * transform of size N. The detectors want only the few kHz of the chirp bands (a seventh of the
 * bins or less), and a transform of 2^18 points runs out of the processor's caches: it cost twice
 * what its operation count says. Here the signal is split into M interleaved subsequences
 * x[r], x[r + M], ... (r < M), each transformed at the cache-friendly size L = N / M (two real
 * subsequences packed into one complex transform), and each wanted bin is assembled as
 * X[k] = sum_r w^(r k) Y_r[k mod L], w = e^(-2 pi i / N), by Horner's rule. The same DFT
 * mathematically; the rounding differs from the full transform's in the last bits only.
 */
export class RealBandDft {
  readonly size: number;
  readonly subSize: number;
  private readonly pairs: number;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private twiddles: { cos: Float64Array; sin: Float64Array } | null = null;

  /** `subSize` (L) divides `size` (N) and both are powers of two with N / L >= 2. */
  constructor(size: number, subSize: number) {
    if (!isPowerOfTwo(size) || !isPowerOfTwo(subSize) || subSize > size / 2) {
      throw new RangeError(`band DFT sizes must be powers of two with subSize <= size / 2`);
    }
    this.size = size;
    this.subSize = subSize;
    this.pairs = size / subSize / 2;
    // In the kernels' memory: the sub-transforms and the bins' assembly run there (presence-0028).
    this.re = arenaFloat64(size / 2);
    this.im = arenaFloat64(size / 2);
  }

  /**
   * Writes bins kFrom..kTo (0 <= kFrom <= kTo <= N / 2) of the transform of `input` (read from
   * `offset`, `length` samples, zero-padded to N) into outRe/outIm, bin k at index k - kFrom.
   */
  forward(
    input: ArrayLike<number>,
    outRe: Float64Array,
    outIm: Float64Array,
    offset: number,
    length: number,
    kFrom: number,
    kTo: number,
  ): void {
    const n = this.size;
    const l = this.subSize;
    const pairs = this.pairs;
    const m = 2 * pairs;
    const re = this.re;
    const im = this.im;
    const count = Math.max(0, Math.min(length, n, input.length - offset));
    // Subsequence pair p (r = 2p, 2p + 1) is one complex signal at re/im[p * L ..].
    const whole = Math.floor(count / m);
    for (let p = 0; p < pairs; p++) {
      const o = p * l;
      for (let j = 0, i = offset + 2 * p; j < whole; j++, i += m) {
        re[o + j] = input[i]!;
        im[o + j] = input[i + 1]!;
      }
      // Only the zero padding after the samples needs clearing (the tail below may fill one more).
      re.fill(0, o + whole, o + l);
      im.fill(0, o + whole, o + l);
    }
    for (let i = whole * m; i < count; i++) {
      const r = i % m;
      const target = (r >> 1) * l + whole;
      if ((r & 1) === 0) re[target] = input[offset + i]!;
      else im[target] = input[offset + i]!;
    }
    const fft = complexFftPlan(l);
    for (let p = 0; p < pairs; p++) {
      fft.forward(re.subarray(p * l, (p + 1) * l), im.subarray(p * l, (p + 1) * l));
    }
    const { cos, sin } = this.bandTwiddles(kFrom, kTo);
    const bins = kTo - kFrom + 1;
    if (bins > 0 && outRe.length >= bins && outIm.length >= bins) {
      const kernels = kernelsFor(re, im, cos, sin, outRe, outIm);
      if (kernels) {
        kernels.bandBins(
          l,
          pairs,
          kFrom,
          kTo,
          re.byteOffset,
          im.byteOffset,
          cos.byteOffset,
          sin.byteOffset,
          outRe.byteOffset,
          outIm.byteOffset,
        );
        return;
      }
    }
    const mask = l - 1;
    for (let k = kFrom; k <= kTo; k++) {
      const q = k & mask;
      const q2 = (l - q) & mask;
      const wr = cos[k - kFrom]!;
      const wi = -sin[k - kFrom]!;
      let accRe = 0;
      let accIm = 0;
      for (let p = pairs - 1; p >= 0; p--) {
        const o = p * l;
        const ar = re[o + q]!;
        const ai = im[o + q]!;
        const br = re[o + q2]!;
        const bi = -im[o + q2]!;
        // Y_2p = (Z[q] + conj Z[-q]) / 2, Y_2p+1 = (Z[q] - conj Z[-q]) / 2i; Horner from r = M - 1 down.
        const oddRe = 0.5 * (ai - bi);
        const oddIm = -0.5 * (ar - br);
        let t = accRe * wr - accIm * wi + oddRe;
        accIm = accRe * wi + accIm * wr + oddIm;
        accRe = t;
        t = accRe * wr - accIm * wi + 0.5 * (ar + br);
        accIm = accRe * wi + accIm * wr + 0.5 * (ai + bi);
        accRe = t;
      }
      outRe[k - kFrom] = accRe;
      outIm[k - kFrom] = accIm;
    }
  }

  /**
   * cos and sin of 2 pi k / N for bins kFrom..kTo: views of the plan's whole table (bins 0..N/2),
   * computed once in the kernels' memory. A table per band, cached and cleared, would leave blocks
   * there that the arena never frees.
   */
  private bandTwiddles(kFrom: number, kTo: number): { cos: Float64Array; sin: Float64Array } {
    if (kFrom < 0 || kTo > this.size / 2) return this.twiddlesOutsideTable(kFrom, kTo);
    if (!this.twiddles) {
      const bins = this.size / 2 + 1;
      const cos = arenaFloat64(bins);
      const sin = arenaFloat64(bins);
      for (let k = 0; k < bins; k++) {
        cos[k] = Math.cos((2 * Math.PI * k) / this.size);
        sin[k] = Math.sin((2 * Math.PI * k) / this.size);
      }
      this.twiddles = { cos, sin };
    }
    return {
      cos: this.twiddles.cos.subarray(kFrom, kTo + 1),
      sin: this.twiddles.sin.subarray(kFrom, kTo + 1),
    };
  }

  /** Bins outside 0..N/2 (outside the documented range), computed for the call, as they always were. */
  private twiddlesOutsideTable(kFrom: number, kTo: number): { cos: Float64Array; sin: Float64Array } {
    const cos = new Float64Array(kTo - kFrom + 1);
    const sin = new Float64Array(kTo - kFrom + 1);
    for (let k = kFrom; k <= kTo; k++) {
      cos[k - kFrom] = Math.cos((2 * Math.PI * k) / this.size);
      sin[k - kFrom] = Math.sin((2 * Math.PI * k) / this.size);
    }
    return { cos, sin };
  }
}

// Sub-transform size: 2^14 complex points (256 kB of re + im) still run at full speed here, and
// fewer, larger subsequences keep the per-bin assembly short (bench/presence/RESULTS.md, 2026-11-25).
const SUB_SIZE = 16384;
const bandPlans = new Map<number, RealBandDft>();

/**
 * Shared band DFT plan for a size, or null below 4 x `SUB_SIZE` where the plain real FFT is as
 * fast. Not re-entrant (it owns scratch buffers), fine on one thread.
 */
export function realBandDftPlan(size: number): RealBandDft | null {
  if (size < 4 * SUB_SIZE) return null;
  let plan = bandPlans.get(size);
  if (!plan) {
    plan = new RealBandDft(size, SUB_SIZE);
    bandPlans.set(size, plan);
  }
  return plan;
}
