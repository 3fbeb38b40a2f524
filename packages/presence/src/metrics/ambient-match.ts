import { BAND_COUNT } from './band-envelopes';

/** Result of comparing the student's ambient sound with the teacher's microphone. */
export interface AmbientMatch {
  /** 100 x mean per-band correlation of the level-free band envelopes at the best lag, 0..100. */
  similarity: number;
  /** Distance between the two long-term spectral shapes (unit vectors), 0..2; smaller is closer. */
  euclideanDistance: number;
  /** Best alignment found: teacher frames later than nominal (x 20 ms). */
  lagFrames: number;
  /** Fraction of the student's frames that had teacher audio at the best lag. */
  coverage: number;
  /** Mean over bands of the teacher envelope's standard deviation (dB): how much the room sound moves. */
  teacherActivityDb: number;
}

/**
 * Compares student and teacher band-energy envelopes (see `bandEnvelopes`). For every lag within
 * +-maxLagFrames of the nominal alignment it computes, per band, the Pearson correlation of the
 * two dB envelopes over the frames both have, and averages the bands; the best lag wins. Using one
 * lag for all bands (sound arrives at one delay) keeps chance matches down compared with a
 * per-band maximum. Returns null when no lag has at least `minCoverage` of the student frames
 * covered by teacher audio.
 */
export function matchAmbient(
  student: Float32Array,
  teacher: { values: Float32Array; valid: Uint8Array; frames: number },
  nominalOffsetFrames: number,
  maxLagFrames: number,
  minCoverage: number,
): AmbientMatch | null {
  const studentFrames = student.length / BAND_COUNT;
  const need = Math.max(1, Math.ceil(minCoverage * studentFrames));
  // Band-major copies so the inner loops run over contiguous memory with scalar accumulators.
  const sBands = toBandMajor(removeFrameLevel(student, studentFrames), studentFrames);
  const tBands = toBandMajor(removeFrameLevel(teacher.values, teacher.frames), teacher.frames);
  const valid = teacher.valid;
  let best: { score: number; lag: number; count: number } | null = null;
  for (let lag = -maxLagFrames; lag <= maxLagFrames; lag++) {
    const shift = nominalOffsetFrames + lag;
    const iFrom = Math.max(0, -shift);
    const iTo = Math.min(studentFrames, teacher.frames - shift);
    let count = 0;
    for (let i = iFrom; i < iTo; i++) count += valid[i + shift]!;
    if (count < need) continue;
    const complete = count === iTo - iFrom;
    let score = 0;
    for (let b = 0; b < BAND_COUNT; b++) {
      const sb = b * studentFrames;
      const tb = b * teacher.frames + shift;
      let sS = 0;
      let sT = 0;
      let sSS = 0;
      let sTT = 0;
      let sST = 0;
      for (let i = iFrom; i < iTo; i++) {
        if (!complete && valid[i + shift] === 0) continue;
        const s = sBands[sb + i]!;
        const t = tBands[tb + i]!;
        sS += s;
        sT += t;
        sSS += s * s;
        sTT += t * t;
        sST += s * t;
      }
      const cov = sST - (sS * sT) / count;
      const varS = sSS - (sS * sS) / count;
      const varT = sTT - (sT * sT) / count;
      // A band that does not move at all (digital silence, a pure hum) carries no timing evidence.
      const den = Math.sqrt(varS * varT);
      score += den > 1e-9 ? cov / den : 0;
    }
    score /= BAND_COUNT;
    if (!best || score > best.score) best = { score, lag, count };
  }
  if (!best) return null;
  return {
    similarity: 100 * Math.max(0, Math.min(1, best.score)),
    ...shapeAndActivity(student, teacher, nominalOffsetFrames + best.lag),
    lagFrames: best.lag,
    coverage: best.count / studentFrames,
  };
}

/**
 * Subtracts each frame's mean over the bands, keeping only how the spectral shape moves. Loudness
 * alone (syllable rhythm) is shared by any two recordings of speech often enough to fool a lag
 * search; the shape (which formants, which sounds, at which moment) is not. Calibrated on the
 * corpus: unrelated recordings dropped from up to 0.55 to up to 0.24, present students stayed
 * above 0.28 (see docs/decisions/presence-ambient-match.md).
 */
function removeFrameLevel(frameMajor: Float32Array, frames: number): Float32Array {
  const out = new Float32Array(frameMajor.length);
  for (let f = 0; f < frames; f++) {
    let mean = 0;
    for (let b = 0; b < BAND_COUNT; b++) mean += frameMajor[f * BAND_COUNT + b]!;
    mean /= BAND_COUNT;
    for (let b = 0; b < BAND_COUNT; b++) out[f * BAND_COUNT + b] = frameMajor[f * BAND_COUNT + b]! - mean;
  }
  return out;
}

function toBandMajor(frameMajor: Float32Array, frames: number): Float64Array {
  const out = new Float64Array(frames * BAND_COUNT);
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < BAND_COUNT; b++) out[b * frames + f] = frameMajor[f * BAND_COUNT + b]!;
  }
  return out;
}

function shapeAndActivity(
  student: Float32Array,
  teacher: { values: Float32Array; valid: Uint8Array; frames: number },
  shift: number,
): { euclideanDistance: number; teacherActivityDb: number } {
  const studentFrames = student.length / BAND_COUNT;
  const meanS = new Float64Array(BAND_COUNT);
  const meanT = new Float64Array(BAND_COUNT);
  const sqT = new Float64Array(BAND_COUNT);
  let count = 0;
  for (let i = 0; i < studentFrames; i++) {
    const j = i + shift;
    if (j < 0 || j >= teacher.frames || teacher.valid[j] === 0) continue;
    count++;
    for (let b = 0; b < BAND_COUNT; b++) {
      const t = teacher.values[j * BAND_COUNT + b]!;
      meanS[b] = meanS[b]! + student[i * BAND_COUNT + b]!;
      meanT[b] = meanT[b]! + t;
      sqT[b] = sqT[b]! + t * t;
    }
  }
  let activity = 0;
  for (let b = 0; b < BAND_COUNT; b++) {
    meanS[b] = meanS[b]! / count;
    meanT[b] = meanT[b]! / count;
    activity += Math.sqrt(Math.max(0, sqT[b]! / count - meanT[b]! * meanT[b]!));
  }
  const a = unitShape(meanS);
  const t = unitShape(meanT);
  let d2 = 0;
  for (let b = 0; b < BAND_COUNT; b++) d2 += (a[b]! - t[b]!) ** 2;
  return { euclideanDistance: Math.sqrt(d2), teacherActivityDb: activity / BAND_COUNT };
}

/** Removes the overall level (mean over bands) and scales to unit length: a gain-free spectral shape. */
function unitShape(meanDb: Float64Array): Float64Array {
  let mean = 0;
  for (const v of meanDb) mean += v;
  mean /= meanDb.length;
  const out = meanDb.map((v) => v - mean);
  let norm = 0;
  for (const v of out) norm += v * v;
  norm = Math.sqrt(norm);
  return norm > 1e-9 ? out.map((v) => v / norm) : out;
}
