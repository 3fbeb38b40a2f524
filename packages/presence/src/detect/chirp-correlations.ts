import { kthSmallest } from '../dsp/select';
import { float32Scratch, float64Scratch, type Scratch } from '../dsp/scratch';
import { arenaFloat32Scratch, arenaFloat64Scratch, kernelsFor } from '../dsp/kernels/kernels';
import { dilate } from './envelope-dilation';
import { conjugateProductInto } from '../dsp/conjugate-product';
import { realBandDftPlan } from '../dsp/band-dft';
import { complexFftPlan, nextPowerOfTwo, realFftPlan } from '../dsp/fft';
import { chirpEnvelope } from '../tone/synthesize';
import { scheduledChirpPhase } from '../schedule/synthesize-span';
import {
  CHIRP_SHAPES,
  slotBand,
  type ScheduledChirp,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';

// Margin kept around each slot's sweep by the band extraction (the taper spreads a chirp's
// spectrum a little past its end frequencies).
const GUARD_HZ = 150;
// Keeps digital silence from producing large normalised correlations.
const LEVEL_FLOOR = 1e-6;

// The correlation's temporaries, kept between calls (presence-0015): a verification correlates three
// recordings, each with up to a few hundred kB of spectra, band signals and per-lag norms. Those a
// SIMD kernel reads or writes live in the kernels' memory (presence-0028).
const scratch = {
  specRe: arenaFloat64Scratch(),
  specIm: arenaFloat64Scratch(),
  fullRe: float64Scratch(),
  fullIm: float64Scratch(),
  bandRe: arenaFloat64Scratch(),
  bandIm: arenaFloat64Scratch(),
  sigRe: arenaFloat64Scratch(),
  sigIm: arenaFloat64Scratch(),
  productRe: arenaFloat64Scratch(),
  productIm: arenaFloat64Scratch(),
  prefix: float64Scratch(),
  energyNorm: arenaFloat64Scratch(),
  levelScale: arenaFloat64Scratch(),
  ncc: arenaFloat32Scratch(),
  // A template's spectrum copied next to the band's, where the product kernel reads it.
  templateRe: arenaFloat64Scratch(),
  templateIm: arenaFloat64Scratch(),
  dilate: arenaFloat32Scratch(),
  zSample: float32Scratch(),
};

/**
 * The arrays of one call site's tracks (ncc, z and level of every template), kept between its
 * calls: a two-way verification's three correlations returned 126 arrays of ~30 kB each, fresh,
 * zeroed and collected on every call (presence-0017). A call site may pass its own `TrackArrays`
 * when it is done with one call's tracks before it correlates again (as `Scratch`: one thread, no
 * re-entry); the values are the same either way, every element is written.
 */
export class TrackArrays {
  private readonly arrays: Scratch<Float32Array>[] = [];

  /** Array `index` of this site (3 per template: ncc, z, level), `length` long. */
  take(index: number, length: number): Float32Array {
    while (this.arrays.length <= index) this.arrays.push(arenaFloat32Scratch());
    return this.arrays[index]!.take(length, false);
  }
}

/** Fresh arrays on every call (the default: tracks a caller may keep). */
const freshTracks = { take: (_index: number, length: number): Float32Array => new Float32Array(length) };
const NO_LEVELS = new Float32Array(0);

/** How `correlateChirps` hands its tracks out. */
export interface CorrelationOptions {
  /** The call site's kept arrays (see `TrackArrays`); default: fresh arrays. */
  keep?: TrackArrays;
  /**
   * False when the caller reads no track's `level` (only the description of a match does): each
   * track's `level` is then empty and its per-lag level is not computed. Default true.
   */
  levels?: boolean;
}

/** Key of one of the schedule's distinct chirp templates. */
export function templateKey(c: Pick<ScheduledChirp, 'slot' | 'direction' | 'shape'>): string {
  return `${c.slot}:${c.direction}:${c.shape}`;
}

/** One template's correlation with the whole recording, on the slot's baseband grid. */
export interface TemplateTrack {
  slot: number;
  /** Normalised correlation envelope per lag, 0..1 (dilated by the drift allowance). */
  ncc: Float32Array;
  /** (ncc - median) / robust spread: how far above this recording's own noise each lag is. */
  z: Float32Array;
  /** RMS (full scale) of the part of the slot signal that matches the template, per lag (empty unless asked for). */
  level: Float32Array;
}

/** Every template's track plus the grid they share. */
export interface ChirpCorrelations {
  bandCaptured: boolean;
  /** Baseband rate: lags are 1 / rate seconds apart. */
  rate: number;
  /** Analysed length of the recording, seconds. */
  durationS: number;
  templateLength: number;
  tracks: Map<string, TemplateTrack>;
}

/**
 * A template's spectrum divided by the transform size (a power of two: exact), so that the product
 * with a signal's spectrum goes through `inverseUnscaled` with the very values `inverse` gave; bin
 * j is stored at `bitReversed[j]` of the transform (see `ComplexFft.bitReversed`).
 */
interface TemplateSpectrum {
  re: Float64Array;
  im: Float64Array;
  energy: number;
}

const templateSpectra = new Map<string, TemplateSpectrum>();

function templateSpectrum(
  config: ToneScheduleConfig,
  configKey: string,
  chirp: ScheduledChirp,
  centreHz: number,
  bbRate: number,
  size: number,
  tplLen: number,
): TemplateSpectrum {
  const key = `${configKey}|${templateKey(chirp)}|${centreHz}|${bbRate}|${size}`;
  const cached = templateSpectra.get(key);
  if (cached) return cached;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let energy = 0;
  for (let m = 0; m < tplLen; m++) {
    const t = m / bbRate;
    const env = chirpEnvelope(t, chirp.durationS, config.taperS);
    const phase = scheduledChirpPhase(chirp, t) - 2 * Math.PI * centreHz * t;
    re[m] = env * Math.cos(phase);
    im[m] = env * Math.sin(phase);
    energy += env * env;
  }
  const fft = complexFftPlan(size);
  fft.forward(re, im);
  // Stored scaled and in the inverse transform's input order, like the band's bins, so that the
  // product of the two runs straight through memory into `inverseUnscaledFromBitReversed`.
  const unit = 1 / size;
  const rev = fft.bitReversed;
  const reOut = new Float64Array(size);
  const imOut = new Float64Array(size);
  for (let j = 0; j < size; j++) {
    reOut[rev[j]!] = re[j]! * unit;
    imOut[rev[j]!] = im[j]! * unit;
  }
  const entry = { re: reOut, im: imOut, energy };
  if (templateSpectra.size > 512) templateSpectra.clear();
  templateSpectra.set(key, entry);
  return entry;
}

/**
 * Correlates a recording with every distinct chirp template of a schedule (slots x directions x
 * shapes). One real FFT of the recording; each slot's bins are rotated to a complex baseband a
 * few kHz wide, where each template is correlated (one inverse FFT) and normalised by the slot's
 * local energy. Phase-insensitive (envelope of the analytic correlation), so room reflections do
 * not cancel a peak. Also returns, per template, a robust z-score against the recording's own
 * correlation noise, which is what the time-locked search adds up.
 */
export function correlateChirps(
  samples: Float32Array,
  sampleRate: number,
  config: ToneScheduleConfig,
  maxAnalysisS: number,
  options: CorrelationOptions = {},
): ChirpCorrelations {
  const keep = options.keep ?? freshTracks;
  const levels = options.levels ?? true;
  const length = Math.min(samples.length, Math.floor(maxAnalysisS * sampleRate));
  const durationS = length / sampleRate;
  if (config.bandHighHz + GUARD_HZ >= sampleRate / 2) {
    return { bandCaptured: false, rate: 0, durationS, templateLength: 0, tracks: new Map() };
  }
  const fftSize = nextPowerOfTwo(length + Math.ceil(config.chirpS * sampleRate));
  const binHz = sampleRate / fftSize;
  const slotBins = Array.from({ length: config.slots }, (_, s) => {
    const band = slotBand(config, s);
    const kLo = Math.floor((band.lowHz - GUARD_HZ) / binHz);
    const kHi = Math.ceil((band.highHz + GUARD_HZ) / binHz);
    return { kLo, kHi, kCentre: Math.round((kLo + kHi) / 2) };
  });
  const bbSize = nextPowerOfTwo(Math.max(...slotBins.map((b) => b.kHi - b.kLo + 1)));
  const bbRate = bbSize * binHz;
  const tplLen = Math.max(1, Math.round(config.chirpS * bbRate));
  const validLen = Math.min(bbSize, Math.floor((length * bbSize) / fftSize));
  const lags = Math.max(0, validLen - tplLen + 1);

  const binFrom = slotBins[0]!.kLo;
  const binTo = slotBins[slotBins.length - 1]!.kHi;
  // Only the slots' bins are read below (bin k at k - binFrom): a long recording's transform is
  // assembled for those alone.
  const specRe = scratch.specRe.take(binTo - binFrom + 1, false);
  const specIm = scratch.specIm.take(binTo - binFrom + 1, false);
  const bandDft = realBandDftPlan(fftSize);
  if (bandDft) {
    bandDft.forward(samples, specRe, specIm, 0, length, binFrom, binTo);
  } else {
    const fullRe = scratch.fullRe.take((fftSize >> 1) + 1, false);
    const fullIm = scratch.fullIm.take((fftSize >> 1) + 1, false);
    realFftPlan(fftSize).forward(samples, fullRe, fullIm, 0, length, binFrom, binTo);
    specRe.set(fullRe.subarray(binFrom, binTo + 1));
    specIm.set(fullIm.subarray(binFrom, binTo + 1));
  }
  const cfft = complexFftPlan(bbSize);
  const rev = cfft.bitReversed;
  // Scale 2M/N turns the inverse FFT of size M into the analytic band signal in full-scale units.
  const scale = (2 * bbSize) / fftSize;
  const unit = 1 / bbSize;
  const floorEnergy = 2 * LEVEL_FLOOR * LEVEL_FLOOR;
  const tracks = new Map<string, TemplateTrack>();
  // Scratch for each template's product spectrum and correlation (reused across templates and calls).
  const re = scratch.productRe.take(bbSize, false);
  const im = scratch.productIm.take(bbSize, false);
  const nccScratch = scratch.ncc.take(lags, false);
  const dilateScratch = scratch.dilate.take(lags, false);
  const zScratch = scratch.zSample.take(Math.ceil(lags / 4), false);
  const bandRe = scratch.bandRe.take(bbSize, false);
  const bandIm = scratch.bandIm.take(bbSize, false);
  const sigRe = scratch.sigRe.take(bbSize, false);
  const sigIm = scratch.sigIm.take(bbSize, false);
  const prefix = scratch.prefix.take(validLen + 1, false);
  // The cache key's config part, serialised once per call rather than once per template.
  const configKey = JSON.stringify(config);
  const energyNorm = scratch.energyNorm.take(lags, false);
  const levelScale = scratch.levelScale.take(lags, false);
  for (let s = 0; s < config.slots; s++) {
    const { kLo, kHi, kCentre } = slotBins[s]!;
    bandRe.fill(0);
    bandIm.fill(0);
    sigRe.fill(0);
    sigIm.fill(0);
    for (let k = kLo; k <= kHi; k++) {
      const j = (k - kCentre + bbSize) & (bbSize - 1);
      const br = specRe[k - binFrom]! * scale;
      const bi = specIm[k - binFrom]! * scale;
      // Bin j at bitReversed[j], as the template spectra hold theirs.
      bandRe[rev[j]!] = br;
      bandIm[rev[j]!] = bi;
      // The band signal: inverse transform, its 1/size folded into the copy (exact, see
      // inverseUnscaled), written in the transform's input order.
      sigRe[rev[j]!] = br * unit;
      sigIm[rev[j]!] = bi * unit;
    }
    cfft.inverseUnscaledFromBitReversed(sigRe, sigIm);
    prefix[0] = 0;
    for (let m = 0; m < validLen; m++)
      prefix[m + 1] = prefix[m]! + sigRe[m]! * sigRe[m]! + sigIm[m]! * sigIm[m]!;
    // Per lag, the window's energy norm and level scale are the same for every template of the
    // slot: computed once here rather than per template.
    for (let l = 0; l < lags; l++) {
      const energy = prefix[l + tplLen]! - prefix[l]! + floorEnergy * tplLen;
      energyNorm[l] = Math.sqrt(energy);
      // The analytic signal's mean |z|^2 is twice the real signal's power.
      if (levels) levelScale[l] = Math.sqrt(Math.max(0, energy - floorEnergy * tplLen) / (2 * tplLen));
    }
    const centreHz = kCentre * binHz;
    for (const direction of ['up', 'down'] as const) {
      for (const shape of CHIRP_SHAPES) {
        const band = slotBand(config, s);
        const chirp: ScheduledChirp = {
          index: 0,
          startS: 0,
          durationS: config.chirpS,
          slot: s,
          direction,
          shape,
          startHz: direction === 'up' ? band.lowHz : band.highHz,
          endHz: direction === 'up' ? band.highHz : band.lowHz,
        };
        const tpl = templateSpectrum(config, configKey, chirp, centreHz, bbRate, bbSize, tplLen);
        conjugateProduct(bandRe, bandIm, tpl, re, im);
        cfft.inverseUnscaledFromBitReversed(re, im); // the template spectrum carries the 1/size
        const ncc = nccScratch;
        const slot = 3 * tracks.size;
        const level = levels ? keep.take(slot + 2, lags) : NO_LEVELS;
        normalisedEnvelope(
          re,
          im,
          energyNorm,
          Math.sqrt(tpl.energy),
          lags,
          ncc,
          levels ? { levelScale, level } : null,
        );
        const dilated = dilate(ncc, dilateScratch, keep.take(slot, lags));
        const z = robustZ(dilated, zScratch, keep.take(slot + 1, lags));
        tracks.set(templateKey(chirp), { slot: s, ncc: dilated, z, level });
      }
    }
  }
  return { bandCaptured: true, rate: bbRate, durationS, templateLength: tplLen, tracks };
}

/** re + i im = band times the conjugate of the template, bin by bin (the correlation's spectrum). */
function conjugateProduct(
  bandRe: Float64Array,
  bandIm: Float64Array,
  tpl: TemplateSpectrum,
  re: Float64Array,
  im: Float64Array,
): void {
  const n = bandRe.length;
  // The cached spectrum is copied next to the band's (a memory copy) so that the kernel can read it.
  const tplRe = scratch.templateRe.take(n, false);
  const tplIm = scratch.templateIm.take(n, false);
  const sized = n % 2 === 0 && re.length >= n && im.length >= n && tpl.re.length >= n && tpl.im.length >= n;
  const kernels = sized ? kernelsFor(bandRe, bandIm, tplRe, tplIm, re, im) : null;
  if (kernels) {
    tplRe.set(tpl.re.subarray(0, n));
    tplIm.set(tpl.im.subarray(0, n));
    kernels.spectrumProduct(
      n,
      bandRe.byteOffset,
      bandIm.byteOffset,
      tplRe.byteOffset,
      tplIm.byteOffset,
      re.byteOffset,
      im.byteOffset,
    );
    return;
  }
  conjugateProductInto(bandRe, bandIm, tpl.re, tpl.im, re, im, n);
}

/**
 * ncc[l] = |re + i im| / (energyNorm[l] x tplNorm) for l < lags, and with `withLevels` each lag's
 * matched level, that ratio times levelScale[l].
 */
function normalisedEnvelope(
  re: Float64Array,
  im: Float64Array,
  energyNorm: Float64Array,
  tplNorm: number,
  lags: number,
  ncc: Float32Array,
  withLevels: { levelScale: Float64Array; level: Float32Array } | null,
): void {
  const levelScale = withLevels?.levelScale ?? energyNorm;
  const level = withLevels?.level ?? ncc;
  // A kernel writes where it is told: every array must hold the lags (TypeScript would drop the rest).
  const sized = [re, im, energyNorm, ncc, levelScale, level].every((a) => a.length >= lags);
  const kernels = sized ? kernelsFor(re, im, energyNorm, ncc, levelScale, level) : null;
  if (kernels) {
    kernels.normalisedEnvelope(
      lags,
      re.byteOffset,
      im.byteOffset,
      energyNorm.byteOffset,
      tplNorm,
      ncc.byteOffset,
      withLevels ? 1 : 0,
      levelScale.byteOffset,
      level.byteOffset,
    );
    return;
  }
  if (withLevels) {
    for (let l = 0; l < lags; l++) {
      const n = Math.sqrt(re[l]! * re[l]! + im[l]! * im[l]!) / (energyNorm[l]! * tplNorm);
      ncc[l] = n;
      level[l] = n * levelScale[l]!;
    }
  } else {
    for (let l = 0; l < lags; l++)
      ncc[l] = Math.sqrt(re[l]! * re[l]! + im[l]! * im[l]!) / (energyNorm[l]! * tplNorm);
  }
}

/** z-scores against the median and the median absolute deviation (from every 4th lag), into `z`. */
function robustZ(values: Float32Array, sample: Float32Array, z: Float32Array): Float32Array {
  // `sample` is scratch of at least ceil(length / 4) values (reused across templates).
  const count = Math.ceil(values.length / 4);
  const work = sample.subarray(0, count);
  for (let i = 0, j = 0; i < values.length; i += 4, j++) work[j] = values[i]!;
  const median = kthSmallest(work, count >> 1);
  for (let j = 0; j < count; j++) work[j] = Math.abs(work[j]! - median);
  const spread = 1.4826 * kthSmallest(work, count >> 1) + 1e-6;
  for (let i = 0; i < values.length; i++) z[i] = (values[i]! - median) / spread;
  return z;
}
