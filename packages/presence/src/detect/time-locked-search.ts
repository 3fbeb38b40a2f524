import { kthSmallest } from '../dsp/select';
import { float32Scratch, float64Scratch, int32Scratch } from '../dsp/scratch';
import {
  timelineConfig,
  type ChirpTimeline,
  type ScheduledChirp,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';
import { templateKey, type ChirpCorrelations } from './chirp-correlations';
import { crossTalkTable, shapeKey } from './cross-talk';

/** Tuning of the search; the verdict's thresholds live in thresholds-v2.ts. */
export interface SearchTuning {
  /** One chirp adds at most this many z to the score, so a few chance hits cannot carry it. */
  zCap: number;
  /** A chirp counts as heard on its own from this z. */
  heardZ: number;
  /** A correlation peak this strong is a chirp event that must be explained by the schedule. */
  eventZ: number;
  /** ...and must also reach this normalised correlation (clicks reach high z but low ncc). */
  eventNcc: number;
}

export const DEFAULT_SEARCH_TUNING: Readonly<SearchTuning> = Object.freeze({
  zCap: 6,
  heardZ: 3,
  eventZ: 10,
  eventNcc: 0.35,
});

/** A chirp of the schedule at the chosen alignment, with how strongly the recording holds it. */
export interface ExpectedChirp {
  index: number;
  slot: number;
  /** Where it should start in the recording, seconds from the first sample. */
  atS: number;
  z: number;
  ncc: number;
  /** Matched level (full-scale RMS) at the alignment, best of +-2 lags. */
  level: number;
  heard: boolean;
}

/** A strong chirp found in the recording that the schedule does not explain at the chosen time. */
export interface UnexplainedChirp {
  atS: number;
  slot: number;
  z: number;
  ncc: number;
}

/** Where the schedule's chirps fit the recording best. */
export interface TimeLockedMatch {
  /** Schedule time of the recording's first sample at the best allowed alignment. */
  startS: number;
  /**
   * Coherent evidence that this moment sounded: sum of the expected chirps' capped z over the
   * square root of their number, over the lowest slots that give the most (see `combinedScore`),
   * standardised against the same score at every other moment searched (robust sigmas).
   */
  score: number;
  chirps: ExpectedChirp[];
  heard: number;
  /** Mean ncc of the expected chirps (the stored `ncc`). */
  ncc: number;
  /** Mean matched level of the expected chirps, full-scale RMS (the stored `magnitude`). */
  magnitude: number;
  /** Mean capped z per slot (the tone-level check reads this). */
  slotScores: number[];
  /**
   * Mean matched level per slot, dB full scale (-Infinity without chirps there). Unlike the capped z
   * it keeps falling as a microphone rolls off: the two-way check's band gate reads its slope.
   */
  slotLevelsDb: number[];
  unexplained: UnexplainedChirp[];
  /** The best alignment outside the allowed range (a replay or a file from another moment shows here). */
  elsewhere: { startS: number; score: number } | null;
}

/** Allowed and searched alignments, in schedule seconds of the recording's first sample. */
export interface SearchRange {
  allowed: { min: number; max: number };
  /** Searched for diagnostics; defaults to the allowed range +-20 s. */
  searched?: { min: number; max: number };
}

// The search's temporaries, kept between calls (presence-0015): per slot and alignment the sums of
// capped z and the steps of the chirp counts, the null scores, the capped tracks.
const sumsScratch = float64Scratch();
const countStepsScratch = int32Scratch();
const outScoresScratch = float64Scratch();
const cappedScratch = float32Scratch();
const bestZScratch = float32Scratch();
const bestNccScratch = float32Scratch();
const bestTemplateScratch = int32Scratch();

// How far around an expected chirp a strong event still counts as that chirp. Early: another
// template of the same slot (another shape or direction) peaks up to about a fifth of a chirp
// before the true start; half a chirp covers it. Late: the room's reflections of it.
const EXPLAIN_EARLY_FRACTION = 0.5;
const EXPLAIN_LATE_S = 0.25;
// How far outside its dry interval a chirp's cross-talk on another template may still peak early
// (the dilation's +-2 lags and the clip's own alignment).
const CROSS_TALK_TOLERANCE_S = 0.01;

/** The best allowed alignment and its standardised score, and the best one outside (see `TimeLockedMatch`). */
export type TimeLockedScore = Pick<TimeLockedMatch, 'startS' | 'score' | 'elsewhere'>;

/**
 * Finds the alignment of the schedule that the recording fits best inside the allowed range (the
 * time lock: where the server's clock and the measured tolerances say the recording can sit), by
 * adding, for every hypothesis, the capped z of each chirp the schedule plays inside the clip at
 * that hypothesis (coherent integration over the known sequence). It also reports what else was
 * heard: strong chirp events the chosen alignment does not explain, and the best alignment
 * outside the allowed range.
 */
export function timeLockedSearch(
  corr: ChirpCorrelations,
  timeline: ChirpTimeline,
  range: SearchRange,
  tuning: SearchTuning = DEFAULT_SEARCH_TUNING,
  events: EventReading = {},
): TimeLockedMatch | null {
  const best = timeLockedScore(corr, timeline, range, tuning);
  return best && describe(corr, timeline, best.startS, best.score, best.elsewhere, tuning, events);
}

/** How `timeLockedSearch` reads the strong events around the chosen alignment. */
export interface EventReading {
  /**
   * Count an event as explained when a scheduled chirp of its slot makes its template peak there on
   * its own (`crossTalkTable`; presence-0021). For alignments the server's clock bounds (the time
   * lock): there a second tone source is what the events are read for, and the schedule's own
   * cross-talk is not one. Default false (every other use: the tone-level check, the file phase).
   */
  crossTalkExplained?: boolean;
}

/**
 * `timeLockedSearch` without the description of the chosen alignment (its chirps, levels and
 * unexplained events): the same start, score and best fit elsewhere, for callers that read nothing
 * else (the two-way check's searches; presence-0017).
 */
export function timeLockedScore(
  corr: ChirpCorrelations,
  timeline: ChirpTimeline,
  range: SearchRange,
  tuning: SearchTuning = DEFAULT_SEARCH_TUNING,
): TimeLockedScore | null {
  if (!corr.bandCaptured || corr.tracks.size === 0) return null;
  const config = timelineConfig(timeline);
  const rate = corr.rate;
  const lags = corr.tracks.values().next().value!.z.length;
  const lastStartS = (lags - 1) / rate;
  const searched = range.searched ?? { min: range.allowed.min - 20, max: range.allowed.max + 20 };
  const from = Math.min(searched.min, range.allowed.min);
  const to = Math.max(searched.max, range.allowed.max);
  const chirps = timeline.chirpsBetween(from, to + corr.durationS);
  const step = 1 / rate;
  const margin = 0.5 * config.periodS;
  const slots = config.slots;
  // Flat copies for the hot loop below (hundreds of thousands of lookups per clip): every distinct
  // template's z, capped once (the same values the loop would cap), back to back in one array,
  // and per chirp where its template's z starts.
  const starts = Float64Array.from(chirps, (c) => c.startS);
  const slotOf = Int32Array.from(chirps, (c) => c.slot);
  const { capped, baseOf } = cappedTracks(chirps, corr, tuning.zCap, lags);
  const allowedMin = range.allowed.min;
  const allowedMax = range.allowed.max;
  const outLow = allowedMin - margin;
  const outHigh = allowedMax + margin;
  let bestInStart = allowedMin;
  let bestInScore = -Infinity;
  let bestOutStart = 0;
  let bestOutScore = -Infinity;
  // Every alignment k scored: inside the allowed range all of them, outside every second one
  // (peaks are dilated over 5 lags).
  let alignments = 0;
  while (from + alignments * step <= to) alignments++;
  // The evaluated alignments are all of those inside the allowed range (one run, as s0 grows with k)
  // and the even ones outside it.
  let insideFirst = alignments;
  let insideLast = -1;
  for (let k = 0; k < alignments; k++) {
    const s0 = from + k * step;
    if (s0 >= allowedMin && s0 <= allowedMax) {
      if (insideFirst === alignments) insideFirst = k;
      insideLast = k;
    }
  }
  // Chirp by chirp (the outer loop), each alignment's per-slot sums receive their chirps in the
  // schedule's order, exactly as an alignment-by-alignment loop adds them; reading one template's
  // z along consecutive alignments keeps the hot loop on neighbouring memory. The chirps per slot
  // and alignment are counted by marking where each chirp's run of alignments starts and ends
  // (prefix sums below): the same integers as adding 1 per alignment.
  const sums = sumsScratch.take(slots * alignments, true);
  const countSteps = countStepsScratch.take(slots * (alignments + 1), true);
  const grid: AlignmentGrid = { from, step, rate, lastStartS };
  for (let j = 0; j < starts.length; j++) {
    const startJ = starts[j]!;
    const base = baseOf[j]!;
    const row = slotOf[j]! * alignments;
    // The alignments whose clip holds this chirp's start: s0 <= start <= s0 + lastStartS.
    const kFirst = Math.max(0, Math.floor((startJ - lastStartS - from) / step) - 1);
    const kLast = Math.min(alignments - 1, Math.ceil((startJ - from) / step) + 1);
    const span = holdingAlignments(grid, startJ, kFirst, kLast);
    if (span === null) continue;
    const { kA, kB } = span;
    const stepRow = slotOf[j]! * (alignments + 1);
    countSteps[stepRow + kA] = countSteps[stepRow + kA]! + 1;
    countSteps[stepRow + kB + 1] = countSteps[stepRow + kB + 1]! - 1;
    const lagPlusK = constantLagPlusK(grid, startJ, kA, kB);
    if (lagPlusK === null) {
      // Rounding sits on a half lag somewhere: take every lag from the formula itself.
      for (let k = kA; k <= kB; k++) {
        if ((k & 1) === 1 && (k < insideFirst || k > insideLast)) continue;
        sums[row + k] = sums[row + k]! + capped[base + lagOf(grid, startJ, k)]!;
      }
      continue;
    }
    // The same additions as above with the lag read as lagPlusK - k, in three runs (even k before
    // the allowed range, every k inside it, even k after it) instead of a test per alignment.
    const c = base + lagPlusK;
    const afterStart = Math.max(kA, insideLast + 1);
    addRun(sums, capped, row, c, kA + (kA & 1), Math.min(kB, insideFirst - 1), 2);
    addRun(sums, capped, row, c, Math.max(kA, insideFirst), Math.min(kB, insideLast), 1);
    addRun(sums, capped, row, c, afterStart + (afterStart & 1), kB, 2);
  }
  // Preallocated: one score per searched alignment at most.
  const outScores = outScoresScratch.take(Math.ceil((to - from) / step) + 2, false);
  const scored = scoreAlignments(sums, countSteps, slots, alignments, outScores, {
    from,
    step,
    insideFirst,
    insideLast,
    outLow,
    outHigh,
    chirps: chirps.length,
  });
  const outCount = scored.outCount;
  if (scored.bestInScore > bestInScore) {
    bestInStart = scored.bestInStart;
    bestInScore = scored.bestInScore;
  }
  if (scored.bestOutScore > bestOutScore) {
    bestOutStart = scored.bestOutStart;
    bestOutScore = scored.bestOutScore;
  }
  let bestIn = { startS: bestInStart, score: bestInScore };
  let bestOut: { startS: number; score: number } | null =
    bestOutScore > -Infinity ? { startS: bestOutStart, score: bestOutScore } : null;
  // The alignments at other moments are this recording's own null distribution: standardising
  // by their median and spread makes the score mean "robust sigmas above chance" whatever the
  // noise, the clipping of z or the correlation between templates.
  const nullDist = robustCentre(outScores.subarray(0, outCount));
  const standard = (v: number): number => (v - nullDist.median) / nullDist.spread;
  bestIn = { startS: bestIn.startS, score: standard(bestIn.score) };
  if (bestOut) bestOut = { startS: bestOut.startS, score: standard(bestOut.score) };
  if (!Number.isFinite(bestIn.score)) return null;
  return { startS: bestIn.startS, score: bestIn.score, elsewhere: bestOut };
}

/**
 * sums[row + k] += capped[c - k] for k = kFrom, kFrom + stride, ... <= kTo: one chirp's capped z
 * added along a run of alignments. Its own small function (like `scoreAlignments`) so that V8
 * optimises these hot loops once and keeps them, whatever happens to the search around them.
 */
function addRun(
  sums: Float64Array,
  capped: Float32Array,
  row: number,
  c: number,
  kFrom: number,
  kTo: number,
  stride: number,
): void {
  for (let k = kFrom; k <= kTo; k += stride) sums[row + k] = sums[row + k]! + capped[c - k]!;
}

interface ScoredAlignments {
  bestInStart: number;
  bestInScore: number;
  bestOutStart: number;
  bestOutScore: number;
  /** Scores written to `outScores` (the null distribution's sample). */
  outCount: number;
}

/**
 * Every evaluated alignment's combined score (all of them inside the allowed range, the even ones
 * outside): the best inside, the best outside the allowed range's margin, and the outside scores.
 * The chirp counts per slot come from `countSteps` (+1 where a chirp's run starts, -1 after it
 * ends), summed into counts in place first.
 */
function scoreAlignments(
  sums: Float64Array,
  countSteps: Int32Array,
  slots: number,
  alignments: number,
  outScores: Float64Array,
  at: {
    from: number;
    step: number;
    insideFirst: number;
    insideLast: number;
    outLow: number;
    outHigh: number;
    /** Chirps searched: no alignment counts more. */
    chirps: number;
  },
): ScoredAlignments {
  const { from, step, insideFirst, insideLast, outLow, outHigh } = at;
  let bestInStart = 0;
  let bestInScore = -Infinity;
  let bestOutStart = 0;
  let bestOutScore = -Infinity;
  let outCount = 0;
  const roots = squareRoots(at.chirps);
  // The steps summed into counts in place, row by row (the same integers as a running count per
  // slot updated at every alignment, which also cost the skipped odd alignments a pass over the
  // slots; presence-0017).
  const stride = alignments + 1;
  for (let s = 0; s < slots; s++) prefixSums(countSteps, s * stride, alignments);
  for (let k = 0; k < alignments; k++) {
    const inside = k >= insideFirst && k <= insideLast;
    if (!inside && (k & 1) === 1) continue;
    const s0 = from + k * step;
    const score = combinedScore(sums, slots, alignments, k, countSteps, roots);
    if (Number.isNaN(score)) continue;
    if (inside) {
      if (score > bestInScore) {
        bestInStart = s0;
        bestInScore = score;
      }
    } else if (s0 < outLow || s0 > outHigh) {
      outScores[outCount++] = score;
      if (score > bestOutScore) {
        bestOutStart = s0;
        bestOutScore = score;
      }
    }
  }
  return { bestInStart, bestInScore, bestOutStart, bestOutScore, outCount };
}

/** The alignment grid of a search: alignment k puts the recording's first sample at from + k * step. */
export interface AlignmentGrid {
  from: number;
  step: number;
  rate: number;
  /** The last lag's time in the recording, seconds. */
  lastStartS: number;
}

/** The lag (into a template's z) at which alignment k hears a chirp starting at `startS`. */
export function lagOf(grid: AlignmentGrid, startS: number, k: number): number {
  return Math.round((startS - (grid.from + k * grid.step)) * grid.rate);
}

/**
 * The run of alignments in [kFirst, kLast] whose clip holds a chirp starting at `startS`
 * (s0 <= startS and startS - s0 <= lastStartS, computed exactly as written). Both tests are
 * monotonic in k (s0 never falls as k grows, in floating point too), so the run is contiguous and
 * its ends are found by testing from either side. Null when empty.
 */
export function holdingAlignments(
  grid: AlignmentGrid,
  startS: number,
  kFirst: number,
  kLast: number,
): { kA: number; kB: number } | null {
  let kA = kFirst;
  while (kA <= kLast && startS - (grid.from + kA * grid.step) > grid.lastStartS) kA++;
  let kB = kLast;
  while (kB >= kA && startS < grid.from + kB * grid.step) kB--;
  return kA <= kB ? { kA, kB } : null;
}

// How far the unrounded lag may sit from a half for the shortcut below: the floating-point error of
// s0 and of step x rate over a search is orders of magnitude smaller.
const HALF_LAG_GUARD = 1e-6;

/**
 * The constant c with lagOf(k) === c - k for every k in [kA, kB], or null when that cannot be
 * guaranteed. The unrounded lag (startS - s0) x rate falls by 1 per alignment up to an error far
 * below `HALF_LAG_GUARD`; unless its fraction sits that close to a half, every alignment rounds
 * the same way. Both ends are checked against the formula.
 */
export function constantLagPlusK(grid: AlignmentGrid, startS: number, kA: number, kB: number): number | null {
  const raw = (startS - (grid.from + kA * grid.step)) * grid.rate;
  const fraction = raw - Math.floor(raw);
  if (Math.abs(fraction - 0.5) < HALF_LAG_GUARD) return null;
  const c = lagOf(grid, startS, kA) + kA;
  return lagOf(grid, startS, kB) === c - kB ? c : null;
}

/**
 * Median and 1.4826 x median absolute deviation (1 when there are too few values to tell).
 * Reorders and overwrites `values` (the search's own scratch).
 */
function robustCentre(values: Float64Array): { median: number; spread: number } {
  if (values.length < 50) return { median: 0, spread: 1 };
  const work = values;
  const median = kthSmallest(work, work.length >> 1);
  for (let i = 0; i < work.length; i++) work[i] = Math.abs(work[i]! - median);
  return { median, spread: Math.max(1e-6, 1.4826 * kthSmallest(work, work.length >> 1)) };
}

/** a[from + i] = a[from] + ... + a[from + i] for i < length (integers: exact in any order). */
function prefixSums(a: Int32Array, from: number, length: number): void {
  let run = 0;
  for (let i = from; i < from + length; i++) {
    run += a[i]!;
    a[i] = run;
  }
}

/**
 * Math.sqrt(c) for every count c <= `most`: looked up per alignment and slot instead of computed
 * (the same doubles; a square root per slot and alignment was a tenth of the scoring).
 */
function squareRoots(most: number): Float64Array {
  return Float64Array.from({ length: most + 1 }, (_, c) => Math.sqrt(c));
}

/**
 * Coherent evidence of the hypothesis: the sum of the chirps' capped z over the square root of
 * their number (a unit-variance scale whatever the count), over the lowest k slots for the best
 * k. High slots are the first a weak speaker or a steep phone loses; leaving them out then keeps
 * their noise from diluting the slots that carry the tone. NaN with fewer than 3 chirps. Reads
 * alignment k's per-slot sums from the search's slot-major `sums` and its chirp counts from `counts`
 * (rows of alignments + 1); `roots` holds Math.sqrt(count).
 */
function combinedScore(
  sums: Float64Array,
  slots: number,
  alignments: number,
  k: number,
  counts: Int32Array,
  roots: Float64Array,
): number {
  let sum = 0;
  let count = 0;
  let best = NaN;
  for (let s = 0; s < slots; s++) {
    sum += sums[s * alignments + k]!;
    count += counts[s * (alignments + 1) + k]!;
    if (count < 3) continue;
    const score = sum / roots[count]!;
    if (Number.isNaN(best) || score > best) best = score;
  }
  return best;
}

/**
 * Every distinct template's z, capped at `zCap`, in one array (the search's scratch), and for each chirp the offset of
 * its template's values (the search's hot loop then reads one typed array).
 */
function cappedTracks(
  chirps: readonly ScheduledChirp[],
  corr: ChirpCorrelations,
  zCap: number,
  lags: number,
): { capped: Float32Array; baseOf: Int32Array } {
  const offsets = new Map<string, number>();
  const keys = chirps.map((c) => templateKey(c));
  for (const key of keys) if (!offsets.has(key)) offsets.set(key, offsets.size * lags);
  // Float32 holds every value exactly: z is Float32 and the cap is compared, not computed.
  const capped = cappedScratch.take(offsets.size * lags, false);
  for (const [key, base] of offsets) capInto(corr.tracks.get(key)!.z, capped, base, lags, zCap);
  return { capped, baseOf: Int32Array.from(keys, (key) => offsets.get(key)!) };
}

/** capped[base + l] = z[l] capped at zCap, for l < lags (the search's hot loop then reads one array). */
function capInto(z: Float32Array, capped: Float32Array, base: number, lags: number, zCap: number): void {
  for (let l = 0; l < lags; l++) {
    const v = z[l]!;
    // Two stores, not one of `v < zCap ? v : zCap`: V8 gave that join of a raw double and a
    // parameter a boxed form, allocating a heap number per lag (~4 MB per verification, collected
    // as garbage); the stored values are the same.
    if (v < zCap) capped[base + l] = v;
    else capped[base + l] = zCap;
  }
}

function describe(
  corr: ChirpCorrelations,
  timeline: ChirpTimeline,
  startS: number,
  score: number,
  elsewhere: { startS: number; score: number } | null,
  tuning: SearchTuning,
  events: EventReading,
): TimeLockedMatch {
  const config = timelineConfig(timeline);
  const rate = corr.rate;
  const lags = corr.tracks.values().next().value!.z.length;
  const lastStartS = (lags - 1) / rate;
  const expected: ExpectedChirp[] = [];
  const slotSums = new Array<number>(config.slots).fill(0);
  const slotCounts = new Array<number>(config.slots).fill(0);
  const slotLevels = new Array<number>(config.slots).fill(0);
  let nccSum = 0;
  let levelSum = 0;
  const overlapping: ScheduledChirp[] = timeline.chirpsBetween(startS, startS + corr.durationS);
  for (const chirp of overlapping) {
    const atS = chirp.startS - startS;
    if (atS < 0 || atS > lastStartS) continue;
    const track = corr.tracks.get(templateKey(chirp))!;
    const lag = Math.round(atS * rate);
    const z = track.z[lag]!;
    const ncc = track.ncc[lag]!;
    let level = 0;
    for (let d = -2; d <= 2; d++) level = Math.max(level, track.level[lag + d] ?? 0);
    expected.push({ index: chirp.index, slot: chirp.slot, atS, z, ncc, level, heard: z >= tuning.heardZ });
    slotSums[chirp.slot]! += Math.min(z, tuning.zCap);
    slotCounts[chirp.slot]! += 1;
    slotLevels[chirp.slot]! += level;
    nccSum += ncc;
    levelSum += level;
  }
  const n = Math.max(1, expected.length);
  return {
    startS,
    score,
    chirps: expected,
    heard: expected.filter((c) => c.heard).length,
    ncc: nccSum / n,
    magnitude: levelSum / n,
    slotScores: slotSums.map((s, i) => (slotCounts[i]! > 0 ? s / slotCounts[i]! : 0)),
    slotLevelsDb: slotLevels.map((s, i) =>
      slotCounts[i]! > 0 ? 20 * Math.log10(Math.max(s / slotCounts[i]!, 1e-12)) : -Infinity,
    ),
    unexplained: unexplainedEvents(
      corr,
      overlapping,
      startS,
      config,
      tuning,
      // A chirp's cross-talk reaches a chirp length (and the reflections' allowance) either side of it.
      events.crossTalkExplained === true
        ? timeline.chirpsBetween(
            startS - config.chirpS - EXPLAIN_LATE_S,
            startS + corr.durationS + config.chirpS,
          )
        : null,
    ),
    elsewhere,
  };
}

/**
 * Strong chirp events (per slot: the best template's peak, z >= eventZ and ncc >= eventNcc, one
 * per chirp length) that no chirp of the schedule in that slot explains at the chosen alignment:
 * none starts from EXPLAIN_LATE_S before the event to half a chirp after it, nor (when
 * `crossTalkSources` are given: the slot's chirps around the clip) makes that template peak there
 * on its own (its cross-talk, presence-0021). A tone file or a recording from another moment leaves
 * such events; a present student does not.
 */
function unexplainedEvents(
  corr: ChirpCorrelations,
  scheduled: ScheduledChirp[],
  startS: number,
  config: ToneScheduleConfig,
  tuning: SearchTuning,
  crossTalkSources: readonly ScheduledChirp[] | null,
): UnexplainedChirp[] {
  const rate = corr.rate;
  const lags = corr.tracks.values().next().value!.z.length;
  const out: UnexplainedChirp[] = [];
  const radius = Math.max(1, Math.round(corr.templateLength / 2));
  const crossTalk = crossTalkSources ? crossTalkTable(config) : null;
  for (let s = 0; s < config.slots; s++) {
    const slotTracks = [...corr.tracks.entries()].filter(([, t]) => t.slot === s);
    const bestZ = bestZScratch.take(lags, true);
    const bestNcc = bestNccScratch.take(lags, true);
    const bestTemplate = bestTemplateScratch.take(lags, true);
    slotTracks.forEach(([, t], index) => {
      for (let l = 0; l < lags; l++) {
        if (t.z[l]! > bestZ[l]!) {
          bestZ[l] = t.z[l]!;
          bestNcc[l] = t.ncc[l]!;
          bestTemplate[l] = index;
        }
      }
    });
    const lastLagS = (lags - 1) / rate;
    const inSlot = scheduled.filter((c) => c.slot === s);
    // A chirp cut by the end of the clip cannot be matched whole: its partial peaks fall up to a
    // chirp length before its start.
    const expectedAt = inSlot.map((c) => {
      const at = c.startS - startS;
      const cut = at > lastLagS ? c.durationS : 0;
      return { from: at - cut - EXPLAIN_EARLY_FRACTION * c.durationS, to: at + EXPLAIN_LATE_S };
    });
    const sourcesInSlot = (crossTalkSources ?? []).filter((c) => c.slot === s);
    /** A chirp of the slot whose cross-talk on `template` can sit at `atS` (reflections may delay it). */
    const crossTalkExplains = (template: string, atS: number) =>
      crossTalk !== null &&
      sourcesInSlot.some((c) => {
        const offsetS = atS - (c.startS - startS);
        return (crossTalk.get(`${shapeKey(c)}>${template}`) ?? []).some(
          (i) => offsetS >= i.minS - CROSS_TALK_TOLERANCE_S && offsetS <= i.maxS + EXPLAIN_LATE_S,
        );
      });
    for (let l = 0; l < lags; l++) {
      const z = bestZ[l]!;
      if (z < tuning.eventZ || bestNcc[l]! < tuning.eventNcc) continue;
      let isPeak = true;
      for (let d = Math.max(0, l - radius); d <= Math.min(lags - 1, l + radius) && isPeak; d++) {
        if (bestZ[d]! > z || (bestZ[d]! === z && d < l)) isPeak = false;
      }
      if (!isPeak) continue;
      const atS = l / rate;
      const template = slotTracks[bestTemplate[l]!]![0];
      const explained =
        expectedAt.some((e) => atS >= e.from && atS <= e.to) ||
        crossTalkExplains(template.slice(template.indexOf(':') + 1), atS);
      if (!explained) out.push({ atS, slot: s, z, ncc: bestNcc[l]! });
    }
  }
  return out.sort((a, b) => a.atS - b.atS);
}
