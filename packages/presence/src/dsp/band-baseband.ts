import { float64Scratch } from './scratch';

/**
 * A real band of a signal carried as complex baseband: mixed down so the band is centred on 0 Hz,
 * low-pass filtered and decimated, then (to rebuild) interpolated with the same filter and mixed
 * back up. Of a 48 kHz signal, a 7 kHz band costs 16 k numbers a second instead of 48 k.
 *
 * The filter runs over the whole input with zeros outside it (a full convolution), so the baseband
 * of a block also holds its filter tails: rebuilding consecutive blocks and adding where their
 * tails overlap gives the band of the joined signal, exactly as if it had been filtered at once.
 */

/** How a band of a signal at `rate` is carried; see `basebandPlan`. */
export interface BasebandPlan {
  rate: number;
  centreHz: number;
  /** Input samples per baseband sample. */
  factor: number;
  /** Low-pass taps (odd length, centred, unit gain at 0 Hz): decimates; times `factor`, interpolates. */
  taps: Float64Array;
  /** The taps in reverse order: the decimating loop walks its inputs forwards (same sums, faster). */
  reversed: Float64Array;
  /** cos and sin of the mixing phase over one of its periods (the centre is a multiple of 50 Hz). */
  cos: Float64Array;
  sin: Float64Array;
}

/** Complex baseband of a block; sample k stands for input sample `first + k * factor`. */
export interface Baseband {
  re: Float32Array;
  im: Float32Array;
  first: number;
}

// The filter's transition band: the wider, the fewer taps (cost) but the more numbers a second.
const MIN_TRANSITION_HZ = 1000;
// Transition width of a Blackman-windowed sinc (stop band ~-74 dB) is ~5.5 × rate / taps.
const BLACKMAN_TRANSITION = 5.5;
// The centre is rounded to this step, so the mixing phase repeats within rate / step samples
// (a table, not a cos and a sin per sample); callers' bands carry a margin wider than half of it.
const CENTRE_STEP_HZ = 50;

const plans = new Map<string, BasebandPlan>();

/**
 * The plan carrying [lowHz, highHz] of a signal at `rate`: the largest decimation whose baseband
 * rate still holds the band's width plus a transition of at least `MIN_TRANSITION_HZ`, and a filter
 * flat over the band that stops everything that would fold into it. Null when no decimation pays.
 */
export function basebandPlan(rate: number, lowHz: number, highHz: number): BasebandPlan | null {
  const id = `${rate}:${lowHz}:${highHz}`;
  const known = plans.get(id);
  if (known) return known;
  const width = highHz - lowHz;
  const factor = Math.floor(rate / (width + MIN_TRANSITION_HZ));
  if (width <= 0 || factor < 2) return null;
  // Pass band up to width / 2; anything above outRate - width / 2 would fold into it.
  const outRate = rate / factor;
  const transitionHz = outRate - width;
  const length = 2 * Math.ceil((BLACKMAN_TRANSITION * rate) / transitionHz / 2) + 1;
  const half = (length - 1) / 2;
  const cutoff = outRate / 2 / rate;
  const taps = new Float64Array(length);
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const t = i - half;
    const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
    const phase = (2 * Math.PI * i) / (length - 1);
    taps[i] = sinc * (0.42 - 0.5 * Math.cos(phase) + 0.08 * Math.cos(2 * phase));
    sum += taps[i]!;
  }
  for (let i = 0; i < length; i++) taps[i] = taps[i]! / sum;
  const centreHz = Math.round((lowHz + highHz) / 2 / CENTRE_STEP_HZ) * CENTRE_STEP_HZ;
  const period = rate / gcd(rate, centreHz);
  const cos = new Float64Array(period);
  const sin = new Float64Array(period);
  for (let i = 0; i < period; i++) {
    cos[i] = Math.cos((2 * Math.PI * centreHz * i) / rate);
    sin[i] = Math.sin((2 * Math.PI * centreHz * i) / rate);
  }
  const reversed = taps.slice().reverse();
  const plan = { rate, centreHz, factor, taps, reversed, cos, sin };
  plans.set(id, plan);
  return plan;
}

// The mixed-down input of a block: 0.77 MB for a second at 48 kHz, kept between calls (a server
// packs every teacher chunk it receives, each second of every live session; presence-0015).
const mixReScratch = float64Scratch();
const mixImScratch = float64Scratch();

/** The band of `samples` as complex baseband, filter tails included (see the module comment). */
export function toBaseband(samples: Float32Array, plan: BasebandPlan): Baseband {
  const { taps, reversed, factor } = plan;
  const half = (taps.length - 1) / 2;
  const n = samples.length;
  const { cos, sin } = plan;
  // Every element is written below before it is read: no zeroing needed.
  const mixRe = mixReScratch.take(n, false);
  const mixIm = mixImScratch.take(n, false);
  for (let i = 0, p = 0; i < n; i++, p = p + 1 === cos.length ? 0 : p + 1) {
    mixRe[i] = samples[i]! * cos[p]!;
    mixIm[i] = -samples[i]! * sin[p]!;
  }
  const first = -half;
  const count = Math.floor((n - 1 + 2 * half) / factor) + 1;
  const re = new Float32Array(count);
  const im = new Float32Array(count);
  for (let k = 0; k < count; k++) {
    const centre = first + k * factor;
    // Output at `centre` = sum over inputs i of taps[centre - i + half] = reversed[i - centre + half],
    // only i inside the block; summed in the same order as ever, so the numbers are unchanged.
    const from = centre - half < 0 ? 0 : centre - half;
    const to = centre + half > n - 1 ? n - 1 : centre + half;
    let accRe = 0;
    let accIm = 0;
    for (let i = from, t = from - centre + half; i <= to; i++, t++) {
      const h = reversed[t]!;
      accRe += h * mixRe[i]!;
      accIm += h * mixIm[i]!;
    }
    re[k] = accRe;
    im[k] = accIm;
  }
  return { re, im, first };
}

/**
 * The real band signal a baseband stands for, at input samples [from, to) (which may reach into its
 * tails before 0 and after the block's end). Tails of neighbouring blocks add up to the joined band.
 */
export function fromBaseband(bb: Baseband, plan: BasebandPlan, from: number, to: number): Float32Array {
  const { taps, factor, cos, sin } = plan;
  const half = (taps.length - 1) / 2;
  const length = Math.max(0, to - from);
  const out = new Float32Array(length);
  const { re, im, first } = bb;
  const last = re.length - 1;
  const period = cos.length;
  // The mixing phase steps with n rather than being reduced modulo its period per sample.
  let p = (((from % period) + period) % period) | 0;
  for (let n = from; n < to; n++, p = p + 1 === period ? 0 : p + 1) {
    // Baseband samples k with |first + k * factor - n| <= half, i.e. the taps that reach n.
    const kFrom = Math.max(0, Math.ceil((n - half - first) / factor));
    const kTo = Math.min(last, Math.floor((n + half - first) / factor));
    let accRe = 0;
    let accIm = 0;
    for (let k = kFrom, t = n - (first + kFrom * factor) + half; k <= kTo; k++, t -= factor) {
      const h = taps[t]!;
      accRe += h * re[k]!;
      accIm += h * im[k]!;
    }
    out[n - from] = 2 * factor * (accRe * cos[p]! - accIm * sin[p]!);
  }
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
