import { DEFAULT_THRESHOLDS, type Thresholds } from '../thresholds';
import { DEFAULT_SEARCH_TUNING, type SearchTuning } from '../detect/time-locked-search';

// Every number the v2 verdict depends on, with why it has its value. Calibrated on the corpus of
// seed 7 (`presence calibrate --seed 7`, which prints the margins quoted here) and reported on
// unseen seeds (bench/presence/RESULTS.md). Change them only with a new calibration and report.

/** Thresholds of `verifyProof`; the shared ones (ambient, geofence, recording) come from v1. */
export interface ProofThresholds
  extends
    Pick<
      Thresholds,
      | 'similarityMin'
      | 'minRecordingS'
      | 'minTeacherCoverage'
      | 'clipFraction'
      | 'geofenceRadiusM'
      | 'maxAccuracyAllowanceM'
      | 'magnitudeMin'
    >,
    SearchTuning {
  /** Least mean capped z of the scheduled chirps at the allowed alignment to accept the tone. */
  toneScoreMin: number;
  /**
   * Least score to accept the tone where it cannot prove the moment (the looped file's phase not
   * observed: from a few seconds of alignments to every alignment of the loop). The best of that
   * many alignments in a recording without the tone scores far higher than the best of the time
   * lock's few hundred ms (the look-elsewhere effect); between `toneScoreMin` and this the tone goes
   * to the teacher's review.
   */
  toneScoreMinLoopWide: number;
  /**
   * Least score for the tone to decide alone, when the room sound cannot be compared (too quiet, or
   * the teacher not streaming): one barrier instead of two, so a chance fit must not pass it. Between
   * `toneScoreMin` and this the mark goes to the teacher's review (`tone_faint_alone`).
   */
  toneScoreMinAlone: number;
  /**
   * Widest range of allowed alignments (s) over which a clear tone, without proving the moment, is
   * still evidence of it: a room-sound mismatch then goes to review instead of absent.
   */
  maxEvidenceSpanS: number;
  /** Strong chirps the schedule does not explain at that alignment, at most (more = wrong time). */
  maxUnexplainedChirps: number;
  /** An alignment outside the allowed range beating the allowed one by this much means "another moment". */
  elsewhereMargin: number;
  /**
   * Below `toneScoreMinAlone`, the least lead of the time-locked alignment over the best one outside
   * the allowed range for the tone to prove the moment; with less, a chance fit cannot be ruled out
   * and the mark goes to the teacher's review (`tone_not_distinct`, presence-0026).
   */
  toneDistinctMargin: number;
  /** Teacher coverage below `minTeacherCoverage` but at least this is judged on the audio that exists. */
  partialTeacherCoverage: number;
  /** Below this movement of the teacher's room sound (dB), the ambient cannot tell rooms apart. */
  teacherActivityMinDb: number;
  /** Latest a recording can have started: the upload's arrival minus its duration; earliest: minus this too. */
  maxUploadDelayMs: number;
  /** Clock tolerance around `start_time` when the client did not measure its offset. */
  defaultClockToleranceMs: number;
  /** Sound travel from the teacher's speaker to a student (20 m = 58 ms). */
  maxAcousticDelayMs: number;
  /** Widest uncertainty of the alignment for which the tone still proves the moment, seconds. */
  maxTimeLockS: number;
  /** Least standardised score of the attempt's challenge in the teacher's stream (two-way check). */
  challengeScoreMin: number;
  /** How far the teacher's chunk stamps (server time) may be off, ms. */
  challengeStampToleranceMs: number;
  /** When the phone's own recording does not hold its challenge: it may have started playing this early... */
  challengeLeadMs: number;
  /** ...or this late after the recording's first sample, ms. */
  challengeLagMs: number;
  /** Least fraction of the teacher audio the challenge needs that must have arrived. */
  challengeMinCoverage: number;
  /**
   * The two-way check's band gate: the most the teacher's own tone may fall, in the teacher's own
   * stream, from the tone's lowest slot to its top slot (dB) for the microphone to count as hearing
   * the challenge band just above.
   */
  challengeBandMaxDropDb: number;
}

export const DEFAULT_PROOF_THRESHOLDS: Readonly<ProofThresholds> = Object.freeze({
  ...DEFAULT_SEARCH_TUNING,
  similarityMin: DEFAULT_THRESHOLDS.similarityMin,
  minRecordingS: DEFAULT_THRESHOLDS.minRecordingS,
  minTeacherCoverage: DEFAULT_THRESHOLDS.minTeacherCoverage,
  clipFraction: DEFAULT_THRESHOLDS.clipFraction,
  geofenceRadiusM: DEFAULT_THRESHOLDS.geofenceRadiusM,
  maxAccuracyAllowanceM: DEFAULT_THRESHOLDS.maxAccuracyAllowanceM,
  magnitudeMin: DEFAULT_THRESHOLDS.magnitudeMin,
  // Seed 7: no-tone recordings (T1, T2) reach 4.78 at the allowed alignments; present students up to
  // 15 m start at 6.12 (a weak speaker on the default band).
  toneScoreMin: 5.5,
  // Seed 7 (bench/presence/loop-wide-null.ts, presence-0014): 1,000 no-tone recordings x 3 session keys
  // searched over the 180-s loop peak at 7.10 (345 of 3,000 reach 5.5); present students of the
  // original client 5.89 once, then from 8.06 (1 of 128 below). 7.5 sits between with room on both.
  // It applies to every search that cannot prove the moment (presence-0025). The original app's file
  // bounded by its download spans ~5.6 s, where toneScoreMin does not hold: on seeds 7, 377 and 610
  // its no-tone recordings reach 5.5 in 12 of 1,513 (max 6.83), its present students within 15 m
  // score below 7.5 in 4 of ~830 (review, not absent).
  toneScoreMinLoopWide: 7.5,
  // Seeds 7, 377 and 610: present students within 15 m judged on the tone alone (the room too quiet
  // to compare, or not streamed) score from 10.84 (1 % quantile; none of 452 below 7.5); a chance fit
  // at home with the TV on reached 6.71 (seed 987, T4-01943). presence-0025.
  toneScoreMinAlone: 7.5,
  // A download's bounds on a working link give ~6 s (2.5 s + the drain, the recording's +-1.5 s);
  // a slow download, or a session only seconds old bounding the file by its start, gives more.
  maxEvidenceSpanS: 8,
  // Seed 7: present students show at most 1; tones of another moment usually 4-18.
  maxUnexplainedChirps: 1,
  elsewhereMargin: 1,
  // Seeds 377 and 610 (`presence calibrate --seed 377 --from <run>` prints these), our client scored
  // 5.5-7.5 and not refused on its time: 16 of 19 attack recordings (full-band relays aside) lead
  // their best fit elsewhere by less than 1.5, the three accepted among them by 0.14, 0.52 and 0.75;
  // 14 of 3,317 present students within 15 m land in that band, 5 of them below 1.5 (2.0 would catch
  // 2 more attacks and 5 more present students). presence-0026.
  toneDistinctMargin: 1.5,
  partialTeacherCoverage: 0.3,
  // Seed 7: silent rooms move at most 4.09 dB; lecture rooms 4-13 dB.
  teacherActivityMinDb: 5,
  maxUploadDelayMs: 4000,
  defaultClockToleranceMs: 1500,
  maxAcousticDelayMs: 60,
  maxTimeLockS: 4,
  // Seed 7 (`presence calibrate`): see the challenge margins it prints.
  challengeScoreMin: 5.5,
  challengeStampToleranceMs: 50,
  challengeLeadMs: 100,
  challengeLagMs: 400,
  challengeMinCoverage: 0.8,
  // Seed 7 (bench/presence/challenge-band-probe.ts, presence-0012): at <= 10 dB 42 of 126 present
  // students within 15 m are checked and 2 fail (weak phones); at <= 12 dB 53 and 5.
  challengeBandMaxDropDb: 10,
});

/** Merges per-call overrides onto the defaults. */
export function resolveProofThresholds(overrides?: Partial<ProofThresholds>): ProofThresholds {
  return { ...DEFAULT_PROOF_THRESHOLDS, ...overrides };
}
