// Radix-2 FFTs on split real/imaginary Float64Arrays. Plans are cached per size because a
// verification runs the same few sizes over and over; building twiddles once keeps the hot path
// allocation-free. Plans keep their tables and work arrays in the SIMD kernels' memory, where the
// butterflies run as WebAssembly when the caller's arrays are there too (presence-0028).
import { arenaFloat64, kernelsFor } from './kernels/kernels';

/** True when n is a positive power of two. */
export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

/** Smallest power of two that is >= n (n >= 1). */
export function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/**
 * A complex FFT of one fixed power-of-two size, computed in place on separate real and imaginary
 * arrays. `forward` uses the e^{-i...} kernel; `inverse` includes the 1/n scale so that
 * inverse(forward(x)) === x.
 */
export class ComplexFft {
  readonly size: number;
  private readonly stageCos: Float64Array;
  private readonly stageSin: Float64Array;
  /**
   * The transform's input permutation: element i of the signal is read from position
   * `bitReversed[i]`. A caller that writes its input there anyway (one pass it makes regardless)
   * can call the `...FromBitReversed` methods and save the transform's own permutation pass, about
   * a fifth of a transform (presence-0015); the results are the same bit for bit.
   */
  readonly bitReversed: Uint32Array;
  private readonly log2Size: number;
  /** The permutation as tiles of TILE x TILE swaps (see `permute`); null below 4 x TILE^2 points. */
  private readonly tiles: BitReversalTiles | null;

  constructor(size: number) {
    if (!isPowerOfTwo(size)) throw new RangeError(`FFT size must be a power of two, got ${size}`);
    this.size = size;
    // Stage tables back to back: size 2 (w = 1) at offset -1 is stored at index 0 via a shift of 1,
    // so index (halfLen - 2 + 1 + j) serves every stage from size 2 up.
    this.stageCos = arenaFloat64(size);
    this.stageSin = arenaFloat64(size);
    this.stageCos[0] = 1;
    for (let len = 4; len <= size; len <<= 1) {
      const halfLen = len >> 1;
      for (let j = 0; j < halfLen; j++) {
        this.stageCos[halfLen - 1 + j] = Math.cos((2 * Math.PI * j) / len);
        this.stageSin[halfLen - 1 + j] = Math.sin((2 * Math.PI * j) / len);
      }
    }
    this.bitReversed = new Uint32Array(size);
    let bits = 0;
    while (1 << bits < size) bits++;
    this.log2Size = bits;
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.bitReversed[i] = r;
    }
    this.tiles = bits >= 2 * TILE_BITS + 2 ? bitReversalTiles(bits) : null;
  }

  /** In-place forward transform. */
  forward(re: Float64Array, im: Float64Array): void {
    this.transform(re, im, -1);
  }

  /** In-place inverse transform, scaled by 1/size. */
  inverse(re: Float64Array, im: Float64Array): void {
    this.transform(re, im, 1);
    const scale = 1 / this.size;
    for (let i = 0; i < this.size; i++) {
      re[i] = re[i]! * scale;
      im[i] = im[i]! * scale;
    }
  }

  /**
   * The inverse transform without the 1/size scale. Scaling by a power of two is exact and commutes
   * with every rounding, so `inverse(x)` equals `inverseUnscaled(x / size)` bit for bit: a caller
   * that can fold the scale into numbers it computes anyway saves a pass over the output.
   */
  inverseUnscaled(re: Float64Array, im: Float64Array): void {
    this.transform(re, im, 1);
  }

  /** `forward` of a signal written in bit-reversed order (element i at `bitReversed[i]`). */
  forwardFromBitReversed(re: Float64Array, im: Float64Array): void {
    this.butterflies(re, im, -1);
  }

  /** `inverseUnscaled` of a signal written in bit-reversed order (element i at `bitReversed[i]`). */
  inverseUnscaledFromBitReversed(re: Float64Array, im: Float64Array): void {
    this.butterflies(re, im, 1);
  }

  private transform(re: Float64Array, im: Float64Array, sign: number): void {
    this.permute(re, im);
    this.butterflies(re, im, sign);
  }

  /**
   * Puts the signal in bit-reversed order (the same swaps whatever the order they are made in: a
   * permutation moves values, it computes nothing). Element by element, the swaps jump across the
   * whole array, a cache miss each, and their `j > i` test is a coin toss for the branch predictor:
   * a third of a 2^14-point transform (presence-0017). In tiles, index i = (a, mid, c) with a and c
   * the top and bottom TILE_BITS bits goes to (rev c, rev mid, rev a): tile `mid` trades places
   * with tile `rev mid` as a transposed block of TILE rows of TILE neighbours (a few cache lines,
   * touched together), with no test at all except in the few tiles that are their own partner.
   */
  private permute(re: Float64Array, im: Float64Array): void {
    const tiles = this.tiles;
    if (tiles === null) {
      const n = this.size;
      const rev = this.bitReversed;
      for (let i = 0; i < n; i++) {
        const j = rev[i]!;
        if (j > i) swap(re, im, i, j);
      }
      return;
    }
    const { pairs, rowOf, rowOfReversed, reversed } = tiles;
    for (let p = 0; p < pairs.length; p += 2) {
      const lo = pairs[p]!;
      const hi = pairs[p + 1]!;
      for (let a = 0; a < TILE; a++) {
        const from = rowOf[a]! + lo;
        const to = hi + reversed[a]!;
        if (lo === hi) {
          for (let c = 0; c < TILE; c++) {
            const i = from + c;
            const j = rowOfReversed[c]! + to;
            if (j > i) swap(re, im, i, j);
          }
        } else {
          for (let c = 0; c < TILE; c++) swap(re, im, from + c, rowOfReversed[c]! + to);
        }
      }
    }
  }

  /** Every stage of the transform on input already in bit-reversed order. */
  private butterflies(re: Float64Array, im: Float64Array, sign: number): void {
    const n = this.size;
    if (n >= MIN_KERNEL_SIZE && re.length >= n && im.length >= n) {
      const kernels = kernelsFor(re, im, this.stageCos, this.stageSin);
      if (kernels) {
        kernels.butterflies(
          n,
          this.log2Size,
          sign,
          re.byteOffset,
          im.byteOffset,
          this.stageCos.byteOffset,
          this.stageSin.byteOffset,
        );
        return;
      }
    }
    // Two radix-2 stages are fused into one radix-4 pass (half the passes over memory, which is
    // what dominates the large transforms); an odd number of stages starts with a plain radix-2.
    const stageCos = this.stageCos;
    const stageSin = this.stageSin;
    let h = 1;
    if (this.log2Size % 2 === 1) {
      for (let i = 0; i + 1 < n; i += 2) {
        const ar = re[i]!;
        const ai = im[i]!;
        const br = re[i + 1]!;
        const bi = im[i + 1]!;
        re[i] = ar + br;
        im[i] = ai + bi;
        re[i + 1] = ar - br;
        im[i + 1] = ai - bi;
      }
      h = 2;
    }
    for (; h < n; h <<= 2) {
      const block = h << 2;
      const base2 = h - 1; // stage of size 2h: entries cos/sin(2*pi*j / 2h)
      const base4 = 2 * h - 1; // stage of size 4h
      if (h < SHORT_RUN) {
        // The first passes' runs of j are one to four butterflies long: going block by block for
        // each j instead keeps the loop over blocks long and its twiddles loaded once (the same
        // butterflies with the same twiddles, in another order; presence-0017).
        for (let j = 0; j < h; j++) {
          const w1r = stageCos[base2 + j]!;
          const w1i = sign * stageSin[base2 + j]!;
          const w2r = stageCos[base4 + j]!;
          const w2i = sign * stageSin[base4 + j]!;
          for (let a = j; a < n; a += block) radix4(re, im, a, h, w1r, w1i, w2r, w2i, sign);
        }
        continue;
      }
      for (let start = 0; start < n; start += block) {
        for (let j = 0; j < h; j++) {
          const w1r = stageCos[base2 + j]!;
          const w1i = sign * stageSin[base2 + j]!;
          const w2r = stageCos[base4 + j]!;
          const w2i = sign * stageSin[base4 + j]!;
          radix4(re, im, start + j, h, w1r, w1i, w2r, w2i, sign);
        }
      }
    }
  }
}

// Passes whose runs of j are shorter than this go block by block for each j (see `butterflies`).
const SHORT_RUN = 8;
// The kernel's passes take at least two blocks of four at a time; tiny transforms stay here.
const MIN_KERNEL_SIZE = 16;

/**
 * Two radix-2 stages on a, a + h, a + 2h, a + 3h: the first with twiddle w1 on both pairs, the
 * second with w2 and, for the second pair, w2 times the quarter turn (-i forward, +i inverse).
 */
function radix4(
  re: Float64Array,
  im: Float64Array,
  a: number,
  h: number,
  w1r: number,
  w1i: number,
  w2r: number,
  w2i: number,
  sign: number,
): void {
  const b = a + h;
  const c = b + h;
  const d = c + h;
  const ar = re[a]!;
  const ai = im[a]!;
  const br0 = re[b]!;
  const bi0 = im[b]!;
  const cr = re[c]!;
  const ci = im[c]!;
  const dr0 = re[d]!;
  const di0 = im[d]!;
  const tr = br0 * w1r - bi0 * w1i;
  const ti = br0 * w1i + bi0 * w1r;
  const ur = dr0 * w1r - di0 * w1i;
  const ui = dr0 * w1i + di0 * w1r;
  const a1r = ar + tr;
  const a1i = ai + ti;
  const b1r = ar - tr;
  const b1i = ai - ti;
  const c1r = cr + ur;
  const c1i = ci + ui;
  const d1r = cr - ur;
  const d1i = ci - ui;
  const vr = c1r * w2r - c1i * w2i;
  const vi = c1r * w2i + c1i * w2r;
  const zr0 = d1r * w2r - d1i * w2i;
  const zi0 = d1r * w2i + d1i * w2r;
  // Multiply by the quarter-turn twiddle: -i for the forward kernel, +i for the inverse.
  const zr = -sign * zi0;
  const zi = sign * zr0;
  re[a] = a1r + vr;
  im[a] = a1i + vi;
  re[c] = a1r - vr;
  im[c] = a1i - vi;
  re[b] = b1r + zr;
  im[b] = b1i + zi;
  re[d] = b1r - zr;
  im[d] = b1i - zi;
}

// Bit-reversal tiles of TILE x TILE elements. Rows of a tile lie a power of two apart, so they share
// the L1 cache's sets: 8 x 8 tiles (a cache line per row) evicted each other and gained little;
// 4 x 4 tiles took a 2^14-point permutation from ~90 to ~38 us here, 2 x 2 to ~45 (presence-0017).
const TILE_BITS = 2;
const TILE = 1 << TILE_BITS;

interface BitReversalTiles {
  /** Tile offsets (mid << TILE_BITS) in pairs, each tile with its partner (rev mid), each pair once. */
  pairs: Uint32Array;
  /** Offset of row a (a << (bits - TILE_BITS)), and of row rev(a). */
  rowOf: Uint32Array;
  rowOfReversed: Uint32Array;
  /** rev(a) over TILE_BITS bits. */
  reversed: Uint32Array;
}

function reverseBits(v: number, bits: number): number {
  let r = 0;
  for (let b = 0; b < bits; b++) r |= ((v >> b) & 1) << (bits - 1 - b);
  return r;
}

function bitReversalTiles(bits: number): BitReversalTiles {
  const midBits = bits - 2 * TILE_BITS;
  const pairs: number[] = [];
  for (let mid = 0; mid < 1 << midBits; mid++) {
    const partner = reverseBits(mid, midBits);
    if (partner >= mid) pairs.push(mid << TILE_BITS, partner << TILE_BITS);
  }
  const rowShift = bits - TILE_BITS;
  const reversed = Uint32Array.from({ length: TILE }, (_, a) => reverseBits(a, TILE_BITS));
  return {
    pairs: Uint32Array.from(pairs),
    rowOf: Uint32Array.from({ length: TILE }, (_, a) => a << rowShift),
    rowOfReversed: Uint32Array.from(reversed, (r) => r << rowShift),
    reversed,
  };
}

function swap(re: Float64Array, im: Float64Array, i: number, j: number): void {
  const tr = re[i]!;
  re[i] = re[j]!;
  re[j] = tr;
  const ti = im[i]!;
  im[i] = im[j]!;
  im[j] = ti;
}

/**
 * FFT of a real signal of power-of-two length n, via one complex FFT of length n/2 (the classic
 * even/odd packing), which halves the work of the largest transform in a verification.
 * The spectrum has n/2 + 1 bins (0 .. Nyquist).
 */
export class RealFft {
  readonly size: number;
  private readonly half: ComplexFft;
  private readonly workRe: Float64Array;
  private readonly workIm: Float64Array;
  private readonly cosTable: Float64Array;
  private readonly sinTable: Float64Array;

  constructor(size: number) {
    if (!isPowerOfTwo(size) || size < 4) throw new RangeError(`real FFT size must be a power of two >= 4`);
    this.size = size;
    const h = size >> 1;
    this.half = new ComplexFft(h);
    this.workRe = arenaFloat64(h);
    this.workIm = arenaFloat64(h);
    this.cosTable = new Float64Array(h + 1);
    this.sinTable = new Float64Array(h + 1);
    for (let k = 0; k <= h; k++) {
      this.cosTable[k] = Math.cos((2 * Math.PI * k) / size);
      this.sinTable[k] = Math.sin((2 * Math.PI * k) / size);
    }
  }

  /**
   * Forward transform of `input` (read from `offset`, `length` samples, zero-padded to size).
   * Writes bins binFrom..binTo (default 0..size/2) into outRe/outIm (length >= size/2 + 1).
   */
  forward(
    input: ArrayLike<number>,
    outRe: Float64Array,
    outIm: Float64Array,
    offset = 0,
    length = this.size,
    binFrom = 0,
    binTo = this.size >> 1,
  ): void {
    const h = this.size >> 1;
    const zr = this.workRe;
    const zi = this.workIm;
    const count = Math.min(length, this.size, input.length - offset);
    // Packed straight into the half-size transform's input order (see `bitReversed`). The pairs
    // wholly inside the input first, without a test per sample (the ambient's ~600 frames per
    // verification pass through here), then the one the input may end inside, then the padding.
    const rev = this.half.bitReversed;
    const whole = Math.max(0, Math.min(h, Math.floor(count / 2)));
    for (let n = 0; n < whole; n++) {
      const at = rev[n]!;
      zr[at] = input[offset + 2 * n]!;
      zi[at] = input[offset + 2 * n + 1]!;
    }
    for (let n = whole; n < h; n++) {
      const a = 2 * n;
      const at = rev[n]!;
      zr[at] = a < count ? input[offset + a]! : 0;
      zi[at] = a + 1 < count ? input[offset + a + 1]! : 0;
    }
    this.transformPacked(outRe, outIm, binFrom, binTo);
  }

  /**
   * `forward` of `window.length` samples from `offset` times `window` (zero-padded to size; the
   * samples must exist), the products written straight into the transform's input: the same
   * doubles as windowing into a buffer first and transforming that, one pass over the frame fewer
   * (the ambient's frames; presence-0017).
   */
  forwardWindowed(
    input: Float32Array,
    offset: number,
    window: Float64Array,
    outRe: Float64Array,
    outIm: Float64Array,
    binFrom: number,
    binTo: number,
  ): void {
    const h = this.size >> 1;
    const zr = this.workRe;
    const zi = this.workIm;
    const count = Math.min(window.length, this.size);
    if (offset + count > input.length) throw new RangeError('the windowed frame runs past the input');
    const rev = this.half.bitReversed;
    const whole = count >> 1;
    for (let n = 0; n < whole; n++) {
      const at = rev[n]!;
      zr[at] = input[offset + 2 * n]! * window[2 * n]!;
      zi[at] = input[offset + 2 * n + 1]! * window[2 * n + 1]!;
    }
    for (let n = whole; n < h; n++) {
      const a = 2 * n;
      const at = rev[n]!;
      zr[at] = a < count ? input[offset + a]! * window[a]! : 0;
      zi[at] = 0;
    }
    this.transformPacked(outRe, outIm, binFrom, binTo);
  }

  /** The half-size transform of the packed work arrays, unpacked into bins binFrom..binTo. */
  private transformPacked(outRe: Float64Array, outIm: Float64Array, binFrom: number, binTo: number): void {
    const h = this.size >> 1;
    const zr = this.workRe;
    const zi = this.workIm;
    this.half.forwardFromBitReversed(zr, zi);
    const cosT = this.cosTable;
    const sinT = this.sinTable;
    // Callers that need one band only (the tone, the ambient bands) skip the other bins' unpacking.
    const first = Math.max(0, binFrom);
    const last = Math.min(h, binTo);
    for (let k = first; k <= last; k++) {
      const k1 = k === h ? 0 : k;
      const k2 = k === 0 ? 0 : h - k;
      const ar = zr[k1]!;
      const ai = zi[k1]!;
      const br = zr[k2]!;
      const bi = -zi[k2]!;
      // even part E = (Z[k] + conj Z[h-k]) / 2, odd part O = (Z[k] - conj Z[h-k]) / (2i)
      const er = 0.5 * (ar + br);
      const ei = 0.5 * (ai + bi);
      const or = 0.5 * (ai - bi);
      const oi = -0.5 * (ar - br);
      const wr = cosT[k]!;
      const wi = -sinT[k]!;
      outRe[k] = er + (or * wr - oi * wi);
      outIm[k] = ei + (or * wi + oi * wr);
    }
  }
}

const complexPlans = new Map<number, ComplexFft>();
const realPlans = new Map<number, RealFft>();

/** Shared complex FFT plan for a size (plans hold only read-only tables, so sharing is safe). */
export function complexFftPlan(size: number): ComplexFft {
  let plan = complexPlans.get(size);
  if (!plan) {
    plan = new ComplexFft(size);
    complexPlans.set(size, plan);
  }
  return plan;
}

/** Shared real FFT plan for a size; not re-entrant (it owns scratch buffers), fine on one thread. */
export function realFftPlan(size: number): RealFft {
  let plan = realPlans.get(size);
  if (!plan) {
    plan = new RealFft(size);
    realPlans.set(size, plan);
  }
  return plan;
}
