import { correlateWithSpectrum } from '../dsp/correlate';
import { complexFftPlan, nextPowerOfTwo, realFftPlan } from '../dsp/fft';
import { chirpEnvelope, chirpPhase } from '../tone/synthesize';
import { toneBand, type ChirpSpec, type ToneParams } from '../tone/tone-params';

/** Result of matching a recording against the session tone. */
export interface ToneMatch {
  /** Mean over the tone's chirps of the peak normalised correlation at the best loop alignment, 0..1. */
  ncc: number;
  /** Estimated RMS level (full scale) of the part of the recording that matches the chirps. */
  magnitude: number;
  /** Per-chirp normalised correlation at the best alignment (averaged over loop repetitions). */
  perChirp: number[];
  /** Where the loop starts in the recording, seconds from its first sample. */
  loopPhaseS: number;
  /** False when the sample rate is too low to carry the tone band at all. */
  bandCaptured: boolean;
}

// Margin around the sweep band kept by the band-pass: the chirp's spectrum spills a little past
// its end frequencies because of the taper.
const BAND_GUARD_HZ = 250;
// Tolerated drift between loop repetitions (speaker and microphone clocks differ by up to ~100 ppm).
const DRIFT_SAMPLES = 2;
// Level floor (full scale RMS) so digital silence cannot produce a large normalised correlation.
const LEVEL_FLOOR = 1e-6;
// Longest stretch of audio analysed; longer uploads are truncated (clients send 5 s).
const MAX_ANALYSIS_S = 6;

const NO_MATCH = (bandCaptured: boolean, count: number): ToneMatch => ({
  ncc: 0,
  magnitude: 0,
  perChirp: new Array<number>(count).fill(0),
  loopPhaseS: 0,
  bandCaptured,
});

/**
 * Correlates a mono recording with the session tone. The whole recording is transformed once; only
 * the bins of the tone band are kept and brought down to a complex baseband about 16x narrower
 * than the input, where each distinct chirp template is correlated (FFT) and normalised by the
 * local band energy. The per-chirp correlation envelopes are then folded over the loop period so
 * that every chirp of every repetition contributes to one score per loop phase; `ncc` is the best
 * such score. Phase-insensitive (envelope of the analytic correlation), so room reflections that
 * rotate the carrier phase do not cancel the peak.
 */
export function matchTone(samples: Float32Array, sampleRate: number, params: ToneParams): ToneMatch {
  const { lowHz, highHz } = toneBand(params);
  const bandLo = lowHz - BAND_GUARD_HZ;
  const bandHi = highHz + BAND_GUARD_HZ;
  if (bandHi >= sampleRate / 2) return NO_MATCH(false, params.chirps.length);
  const length = Math.min(samples.length, Math.floor(MAX_ANALYSIS_S * sampleRate));
  const longestChirp = Math.max(...params.chirps.map((c) => c.durationS));
  const fftSize = nextPowerOfTwo(length + Math.ceil(longestChirp * sampleRate));
  const binHz = sampleRate / fftSize;
  const kLo = Math.floor(bandLo / binHz);
  const kHi = Math.ceil(bandHi / binHz);
  const kCentre = Math.round((kLo + kHi) / 2);
  const bbSize = nextPowerOfTwo(kHi - kLo + 1);
  const bbRate = bbSize * binHz;
  const centreHz = kCentre * binHz;

  // 1. Spectrum of the recording; keep the band, rotated so its centre sits at baseband 0 Hz.
  const half = fftSize >> 1;
  const specRe = new Float64Array(half + 1);
  const specIm = new Float64Array(half + 1);
  realFftPlan(fftSize).forward(samples, specRe, specIm, 0, length, kLo, kHi);
  const bandRe = new Float64Array(bbSize);
  const bandIm = new Float64Array(bbSize);
  // Scale 2M/N turns the inverse FFT of size M into the analytic band signal in full-scale units.
  const scale = (2 * bbSize) / fftSize;
  for (let k = kLo; k <= kHi; k++) {
    const j = (k - kCentre + bbSize) & (bbSize - 1);
    bandRe[j] = specRe[k]! * scale;
    bandIm[j] = specIm[k]! * scale;
  }
  const cfft = complexFftPlan(bbSize);

  // 2. Local energy of the band signal, as prefix sums, for the normalisation.
  const sigRe = bandRe.slice();
  const sigIm = bandIm.slice();
  cfft.inverse(sigRe, sigIm);
  const validLen = Math.min(bbSize, Math.floor((length * bbSize) / fftSize));
  const prefix = new Float64Array(validLen + 1);
  for (let m = 0; m < validLen; m++)
    prefix[m + 1] = prefix[m]! + sigRe[m]! * sigRe[m]! + sigIm[m]! * sigIm[m]!;

  // 3. One correlation per distinct template (chirps of a tone share band and length, so usually
  //    just the up- and the down-sweep).
  const templates = new Map<string, { ncc: Float64Array; level: Float64Array; length: number }>();
  const keyOf = (c: ChirpSpec): string => `${c.startHz}:${c.endHz}:${c.durationS}`;
  const floorEnergy = 2 * LEVEL_FLOOR * LEVEL_FLOOR;
  for (const chirp of params.chirps) {
    const key = keyOf(chirp);
    if (templates.has(key)) continue;
    const tplLen = Math.max(1, Math.round(chirp.durationS * bbRate));
    const tRe = new Float64Array(bbSize);
    const tIm = new Float64Array(bbSize);
    let tplEnergy = 0;
    for (let m = 0; m < tplLen; m++) {
      const t = m / bbRate;
      const env = chirpEnvelope(t, chirp.durationS, params.taperS);
      const phase = chirpPhase(chirp, t) - 2 * Math.PI * centreHz * t;
      tRe[m] = env * Math.cos(phase);
      tIm[m] = env * Math.sin(phase);
      tplEnergy += env * env;
    }
    const corr = correlateWithSpectrum(bandRe, bandIm, tRe, tIm);
    const lags = Math.max(0, validLen - tplLen + 1);
    const ncc = new Float64Array(lags);
    const level = new Float64Array(lags);
    const tplNorm = Math.sqrt(tplEnergy);
    for (let l = 0; l < lags; l++) {
      const energy = prefix[l + tplLen]! - prefix[l]! + floorEnergy * tplLen;
      const magnitude = Math.sqrt(corr.re[l]! * corr.re[l]! + corr.im[l]! * corr.im[l]!);
      const n = magnitude / (Math.sqrt(energy) * tplNorm);
      ncc[l] = n;
      // The analytic signal's mean |z|^2 is twice the real signal's power.
      level[l] = n * Math.sqrt((energy - floorEnergy * tplLen) / (2 * tplLen));
    }
    templates.set(key, { ncc: dilate(ncc, DRIFT_SAMPLES), level, length: tplLen });
  }

  // 4. Fold over the loop: score(phase) = mean over chirps of the mean over repetitions.
  const period = params.loopS * bbRate;
  const phases = Math.ceil(period);
  let bestScore = -1;
  let bestPhase = 0;
  const chirpTables = params.chirps.map((c) => ({
    offset: c.offsetS * bbRate,
    table: templates.get(keyOf(c))!,
  }));
  for (let p = 0; p < phases; p++) {
    let score = 0;
    for (const { offset, table } of chirpTables) score += meanOverRepetitions(table.ncc, p + offset, period);
    if (score > bestScore) {
      bestScore = score;
      bestPhase = p;
    }
  }
  if (bestScore < 0) return NO_MATCH(true, params.chirps.length);
  const perChirp = chirpTables.map(({ offset, table }) =>
    meanOverRepetitions(table.ncc, bestPhase + offset, period),
  );
  let magnitude = 0;
  for (const { offset, table } of chirpTables) magnitude += meanLevelAt(table, bestPhase + offset, period);
  magnitude /= chirpTables.length;
  return {
    ncc: perChirp.reduce((a, b) => a + b, 0) / perChirp.length,
    magnitude,
    perChirp,
    loopPhaseS: bestPhase / bbRate,
    bandCaptured: true,
  };
}

/** Mean of values[round(start + r * period)] over all repetitions r that land inside the array. */
function meanOverRepetitions(values: Float64Array, start: number, period: number): number {
  let sum = 0;
  let count = 0;
  for (let r = Math.ceil(-start / period); ; r++) {
    const idx = Math.round(start + r * period);
    if (idx >= values.length) break;
    if (idx >= 0) {
      sum += values[idx]!;
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** Mean matched level at the best alignment, taking each repetition's strongest nearby lag. */
function meanLevelAt(
  table: { ncc: Float64Array; level: Float64Array },
  start: number,
  period: number,
): number {
  let sum = 0;
  let count = 0;
  for (let r = Math.ceil(-start / period); ; r++) {
    const idx = Math.round(start + r * period);
    if (idx >= table.level.length) break;
    if (idx < 0) continue;
    let best = 0;
    for (let d = -DRIFT_SAMPLES; d <= DRIFT_SAMPLES; d++) {
      const v = table.level[idx + d];
      if (v !== undefined && v > best) best = v;
    }
    sum += best;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}

/**
 * Running maximum over +-radius samples (a repetition may drift a little off the grid), refined by
 * a parabola through the maximum and its neighbours: the correlation envelope is sampled only
 * about 1.5x per main-lobe width, so the true peak usually falls between two samples.
 */
function dilate(values: Float64Array, radius: number): Float64Array {
  const n = values.length;
  const refined = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const y1 = values[i]!;
    const y0 = i > 0 ? values[i - 1]! : y1;
    const y2 = i + 1 < n ? values[i + 1]! : y1;
    const curvature = y0 - 2 * y1 + y2;
    refined[i] =
      y1 >= y0 && y1 >= y2 && curvature < 0
        ? Math.min(1, y1 - ((y0 - y2) * (y0 - y2)) / (8 * curvature))
        : y1;
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    const lo = Math.max(0, i - radius);
    const hi = Math.min(n - 1, i + radius);
    for (let j = lo; j <= hi; j++) if (refined[j]! > best) best = refined[j]!;
    out[i] = best;
  }
  return out;
}
