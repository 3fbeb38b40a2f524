import { correlateChirps } from '../detect/chirp-correlations';
import { timeLockedSearch } from '../detect/time-locked-search';
import { ToneSchedule } from '../schedule/tone-schedule';
import { decodeWav } from '../wav/decode-wav';
import { resolveProofThresholds, type ProofThresholds } from './proof-thresholds';
import { fileSpanS, fileTimeline, type SessionToneInput } from './timing-window';

/** What the tone-level check tells the teacher at session start. */
export interface ToneLevelReport {
  /** ok: comfortably heard; weak: heard but near the limit; not_heard: students will fail. */
  status: 'ok' | 'weak' | 'not_heard' | 'band_not_captured';
  /** The standardised coherent score (same scale as `toneScoreMin`). */
  score: number;
  /** Mean capped z per slot, lowest band first. */
  slotScores: number[];
  /** Mean matched level per slot, dB full scale, lowest band first (null: no chirp of that slot). */
  slotLevelsDb: (number | null)[];
  /**
   * low_band: the upper slots are lost (weak speaker or steep microphones), even if the lowest carries
   * the tone for now: use 16-19 kHz.
   */
  advice: 'none' | 'raise_volume' | 'low_band';
}

// "ok" needs twice the acceptance score: students further away than the checking device hear less.
const OK_FACTOR = 2;

/**
 * Checks, from a test recording made in the room at session start (a phone at the back, or the
 * teacher's device), whether the session tone is heard well enough. `recordedStartMs` is the
 * recording's start in server time, +-`toleranceMs`.
 */
export function checkToneLevel(
  wav: Uint8Array,
  tone: SessionToneInput,
  recordedStartMs: number,
  toleranceMs = 1500,
  overrides?: Partial<ProofThresholds>,
): ToneLevelReport {
  const th = resolveProofThresholds(overrides);
  const { samples, sampleRate } = decodeWav(wav);
  const corr = correlateChirps(samples, sampleRate, tone.config, 6);
  if (!corr.bandCaptured)
    return { status: 'band_not_captured', score: 0, slotScores: [], slotLevelsDb: [], advice: 'none' };
  const schedule = new ToneSchedule(tone.keyHex, tone.config);
  const p = tone.playback;
  const timeline = p.kind === 'live' ? schedule : fileTimeline(schedule, p);
  const fromS = p.kind === 'file' ? (p.fromS ?? 0) : 0;
  const centre =
    p.kind === 'live'
      ? (recordedStartMs - p.epochMs - p.offsetMs) / 1000
      : fromS + (recordedStartMs - (p.startedMs.min + p.startedMs.max) / 2) / 1000;
  const spread =
    (toleranceMs + (p.kind === 'live' ? p.toleranceMs : (p.startedMs.max - p.startedMs.min) / 2)) / 1000;
  const allowed =
    p.kind === 'file' && 2 * spread >= p.loopS
      ? fileSpanS(p)
      : { min: centre - spread, max: centre + spread };
  const match = timeLockedSearch(corr, timeline, { allowed }, th);
  if (!match)
    return { status: 'not_heard', score: 0, slotScores: [], slotLevelsDb: [], advice: 'raise_volume' };
  const status =
    match.score >= OK_FACTOR * th.toneScoreMin ? 'ok' : match.score >= th.toneScoreMin ? 'weak' : 'not_heard';
  const slots = match.slotScores;
  const upperLost = slots.length > 1 && slots[0]! >= th.heardZ && slots[slots.length - 1]! < 1;
  return {
    status,
    score: match.score,
    slotScores: slots,
    slotLevelsDb: match.slotLevelsDb.map((db) => (Number.isFinite(db) ? db : null)),
    advice:
      upperLost && tone.config.bandLowHz > 16000 ? 'low_band' : status === 'ok' ? 'none' : 'raise_volume',
  };
}

/**
 * Recovers when the original client's looped file started playing, from audio that hears it (a
 * teacher stream at 44.1/48 kHz, or a test recording) made from `recordedStartMs` (server time).
 * Returns the server time of the file's first sample (modulo the loop, the playing nearest
 * `recordedStartMs`) and the score; null when the file is not heard well enough to say.
 */
export function locateFilePhase(
  samples: Float32Array,
  sampleRate: number,
  tone: SessionToneInput & { playback: { kind: 'file' } },
  recordedStartMs: number,
  overrides?: Partial<ProofThresholds>,
): { startedMs: number; score: number } | null {
  const th = resolveProofThresholds(overrides);
  const corr = correlateChirps(samples, sampleRate, tone.config, 6);
  if (!corr.bandCaptured) return null;
  const loop = fileTimeline(new ToneSchedule(tone.keyHex, tone.config), tone.playback);
  // The 20 s searched past each end of the loop are the same loop again: they only feed the null.
  const allowed = fileSpanS(tone.playback);
  const match = timeLockedSearch(corr, loop, { allowed }, th);
  if (!match || match.score < 2 * th.toneScoreMin) return null;
  return { startedMs: recordedStartMs - (match.startS - allowed.min) * 1000, score: match.score };
}
