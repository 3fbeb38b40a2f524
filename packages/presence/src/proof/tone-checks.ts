import type { correlateChirps } from '../detect/chirp-correlations';
import { timeLockedSearch, type TimeLockedMatch } from '../detect/time-locked-search';
import type { ProofCheck, ProofReason } from './proof-reasons';
import type { ProofThresholds } from './proof-thresholds';
import { fileSpanS, type RecordingWindow, type TonePlayback } from './timing-window';

/**
 * The tone and tone_time checks of one search: the score against its threshold (the clear level
 * where the tone cannot prove the moment), then whether the chirps heard are the ones played then
 * and, for a faint tone, whether they stand out from the recording's chance fits elsewhere.
 * `reviewUntimed`: the institution sends marks whose tone cannot prove the moment to the teacher's
 * review rather than letting the room sound confirm them (presence-0027).
 */
export function toneChecks(
  bandCaptured: boolean,
  match: TimeLockedMatch | null,
  window: RecordingWindow,
  th: ProofThresholds,
  { reviewUntimed = false }: { reviewUntimed?: boolean } = {},
): ProofCheck[] {
  if (!bandCaptured) {
    return [
      {
        check: 'tone',
        status: 'failed',
        reasons: ['tone_band_not_captured'],
        summary: "the recording's sample rate cannot hold the tone's band",
      },
      { check: 'tone_time', status: 'not_applicable', reasons: [], summary: 'no tone to place in time' },
    ];
  }
  if (!match) {
    return [
      {
        check: 'tone',
        status: 'failed',
        reasons: ['tone_not_detected'],
        summary: 'too few scheduled chirps fall inside the recording',
      },
      { check: 'tone_time', status: 'not_applicable', reasons: [], summary: 'no tone to place in time' },
    ];
  }
  const toneReasons: ProofReason[] = [];
  if (match.score < th.toneScoreMin) toneReasons.push('tone_not_detected');
  if (match.magnitude < th.magnitudeMin) toneReasons.push('tone_too_weak');
  // Where the tone cannot prove the moment (the looped file's phase not observed), the search ran over
  // many more alignments than toneScoreMin was calibrated on and finds chance patterns above it in
  // plain noise; between the two a teacher decides (presence-0014, presence-0025).
  const span = window.scheduleS ? window.scheduleS.max - window.scheduleS.min : 0;
  const loopWide = !window.timeLocked;
  const unconfirmed = toneReasons.length === 0 && loopWide && match.score < th.toneScoreMinLoopWide;
  if (unconfirmed) toneReasons.push('tone_unconfirmed_loop_wide');
  const least = loopWide
    ? `min ${th.toneScoreMin}, ${th.toneScoreMinLoopWide} over ${span.toFixed(0)} s`
    : `min ${th.toneScoreMin}`;
  const tone: ProofCheck = {
    check: 'tone',
    status: unconfirmed ? 'review' : toneReasons.length > 0 ? 'failed' : 'passed',
    reasons: toneReasons,
    summary: `score ${match.score.toFixed(2)} (${least}), ${match.heard}/${match.chirps.length} chirps heard on their own`,
  };
  const strayed = match.unexplained.length > th.maxUnexplainedChirps;
  const chanceRival = indistinctFrom(match, th);
  const betterElsewhere =
    match.elsewhere !== null &&
    match.elsewhere.score >= th.toneScoreMin &&
    match.elsewhere.score > match.score + th.elsewhereMargin;
  let time: ProofCheck;
  if (strayed || betterElsewhere) {
    const where = match.elsewhere ? ` (best fit ${fitAway(match, match.elsewhere)})` : '';
    time = {
      check: 'tone_time',
      status: 'failed',
      reasons: ['tone_wrong_time'],
      summary: `${match.unexplained.length} strong chirps the schedule did not play then${where}`,
    };
  } else if (tone.status !== 'passed') {
    time = { check: 'tone_time', status: 'not_applicable', reasons: [], summary: 'no tone to place in time' };
  } else if (!window.timeLocked) {
    time = reviewUntimed
      ? {
          check: 'tone_time',
          status: 'review',
          reasons: ['tone_time_unbounded', 'tone_time_room_only'],
          summary:
            "the tone's playing time is not known closely enough to prove the moment (a looped file, or a device that has not reported its clock), and the institution does not let the room sound prove it alone",
        }
      : {
          check: 'tone_time',
          status: 'not_applicable',
          reasons: ['tone_time_unbounded'],
          summary:
            "the looped file's playing phase is not known closely enough to prove the moment; the ambient must",
        };
  } else if (chanceRival) {
    time = {
      check: 'tone_time',
      status: 'review',
      reasons: ['tone_not_distinct'],
      summary: `the chirps fit the moment at ${match.score.toFixed(2)}, a lead of ${(match.score - chanceRival.score).toFixed(2)} over the best fit ${fitAway(match, chanceRival)} (below ${th.toneScoreMinAlone} a lead of ${th.toneDistinctMargin} is needed): a chance fit cannot be ruled out`,
    };
  } else {
    time = {
      check: 'tone_time',
      status: 'passed',
      reasons: [],
      summary: `the chirps heard are the ones played then (schedule ${match.startS.toFixed(3)} s)`,
    };
  }
  return [tone, time];
}

/**
 * The chance fit outside the allowed range that a faint tone does not lead by `toneDistinctMargin`
 * (presence-0026), or null. The time lock's few hundred ms make a chance fit above `toneScoreMin`
 * rare, not impossible, and a relay that lost the tone, its room sound matching, needs only that.
 * The alignments up to 20 s around are the recording's own chance distribution: a chance fit inside
 * the lock is one more draw from it and rarely leads its best by much; most heard tones that faint
 * (steep phones at the back) do. No alignment scored outside (none in practice): nothing to rival.
 */
function indistinctFrom(
  match: TimeLockedMatch,
  th: ProofThresholds,
): { startS: number; score: number } | null {
  const rival = match.elsewhere;
  return rival && leadsTooLittle(match.score, rival.score, th) ? rival : null;
}

/** presence-0026 on two scores: a tone below `toneScoreMinAlone` leading its rival by less than `toneDistinctMargin`. */
export function leadsTooLittle(score: number, rivalScore: number, th: ProofThresholds): boolean {
  return score < th.toneScoreMinAlone && score - rivalScore < th.toneDistinctMargin;
}

/** "3.2 s away, score 5.36": where another alignment fits, from the chosen one. */
function fitAway(match: TimeLockedMatch, other: { startS: number; score: number }): string {
  return `${(other.startS - match.startS).toFixed(1)} s away, score ${other.score.toFixed(2)}`;
}

/**
 * The looped file heard at a phase its bounds do not allow (presence-0024). Where those bounds are
 * only inferred (from the file's download, not from hearing it in the teacher's stream), the
 * teacher's device may have restarted the file without the server seeing it, so a bounded search
 * that refused the tone is redone over the whole loop: a fit there with no stray chirps (clear, or
 * in the loop-wide review band) sends the mark to the teacher's review instead of refusing it. A
 * copy of the file played elsewhere lands here too, never accepted; the room sound must still match.
 */
export function movedFileTone(
  corr: ReturnType<typeof correlateChirps>,
  playback: TonePlayback,
  window: RecordingWindow,
  bounded: readonly ProofCheck[],
  th: ProofThresholds,
): { match: TimeLockedMatch; checks: ProofCheck[] } | null {
  if (playback.kind !== 'file' || playback.heardInStream || !window.scheduleS) return null;
  if (!bounded.some((c) => c.status === 'failed')) return null;
  const loop = movedFileReach(playback, window.scheduleS);
  // Already all of it: there is no elsewhere to look.
  if (window.scheduleS.max - window.scheduleS.min >= loop.max - loop.min) return null;
  const wide = timeLockedSearch(corr, window.timeline, { allowed: loop }, th);
  if (!wide) return null;
  const [tone, time] = toneChecks(true, wide, { ...window, scheduleS: loop, timeLocked: false }, th);
  if (!tone || tone.status === 'failed' || time?.status === 'failed') return null;
  const allowed = `${window.scheduleS.min.toFixed(1)}-${window.scheduleS.max.toFixed(1)} s`;
  return {
    match: wide,
    checks: [
      tone,
      {
        check: 'tone_time',
        status: 'review',
        reasons: ['tone_file_moved'],
        summary: `the file's chirps fit it at ${wide.startS.toFixed(1)} s, outside the ${allowed} its download allows: restarted unseen, or a copy played elsewhere`,
      },
    ],
  };
}

/** How far behind the latest start its download allows a lecture-long file is still looked for. */
export const MOVED_FILE_REACH_S = 180;

/**
 * Where a file that moved can be (presence-0029): anywhere in a short loop, as before; in the
 * original app's lecture-long file, up to `MOVED_FILE_REACH_S` behind the latest start its download
 * allows, never before the file's first chirp (a player paused by a call or a notification resumes
 * late; a file played again from its start is a new download, which gives new bounds). The same
 * number of alignments as the 180-s loop the loop-wide level was calibrated on, and the same CPU.
 */
export function movedFileReach(
  file: { loopS: number; fromS?: number },
  scheduleS: { min: number; max: number },
): { min: number; max: number } {
  const whole = fileSpanS(file);
  if (file.loopS <= MOVED_FILE_REACH_S) return whole;
  // A recording from before the file started has nowhere in it to look: an empty range.
  const max = Math.max(whole.min, scheduleS.max);
  return { min: Math.max(whole.min, max - MOVED_FILE_REACH_S), max };
}
