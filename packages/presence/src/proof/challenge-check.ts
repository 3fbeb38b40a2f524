import {
  CHALLENGE_SPAN_S,
  challengeConfigFor,
  challengeSchedule,
  deriveChallengeKey,
} from '../challenge/challenge-sequence';
import { TrackArrays, correlateChirps } from '../detect/chirp-correlations';
import { timeLockedScore, type TimeLockedScore } from '../detect/time-locked-search';
import type { ToneScheduleConfig } from '../schedule/tone-schedule';
import type { TeacherChunk } from '../verify/teacher-chunks';
import type { ProofCheck } from './proof-reasons';
import type { ProofThresholds } from './proof-thresholds';
import { teacherSamples } from './teacher-samples';

/** The two-way check of one attempt (an institution setting: when present, it is required). */
export interface ChallengeInput {
  /** The attempt's id, from which the server derived the challenge key it sent the student's client. */
  attemptId: string;
  /** The challenge's band and timing; default `challengeConfigFor(tone config)`. */
  config?: ToneScheduleConfig;
}

/** What the two-way check found, for the audit trail. */
export interface ChallengeDetails {
  /** Standardised coherent score of the attempt's chirps in the teacher's stream (same scale as the tone's). */
  score: number | null;
  /** Whether the phone's own recording holds its challenge (this measures when it started playing). */
  selfHeard: boolean;
  /** When the phone started playing it, ms after the recording's first sample (bounds). */
  emissionMs: { min: number; max: number };
  /** Server-time bounds on the recording's start used (from the tone when it proves the moment). */
  recordingStartMs: { min: number; max: number };
  /** Best fit outside the allowed moment (a relayed challenge shows here, late by the round trip). */
  elsewhere: { offsetMs: number; score: number } | null;
  /** Fraction of the needed teacher audio that arrived; its rate. */
  coverage: number;
  teacherSampleRate: number | null;
}

/** Where the challenge check gets the recording and the teacher's audio from. */
export interface ChallengeContext {
  sessionKeyHex: string;
  toneConfig: ToneScheduleConfig;
  studentSamples: Float32Array;
  studentRate: number;
  /** Server-time bounds of the recording's first sample. */
  recordingStartMs: { min: number; max: number };
  teacher: { streaming: boolean; final: boolean; chunks: readonly TeacherChunk[] };
}

// The phone hears itself from the first chirps on; 1.5 s holds five of them.
const SELF_ANALYSIS_S = 1.5;
const MAX_TEACHER_S = 8;
const MARGIN_MS = 100;
// Each correlation's tracks are done with once its search returns (the score is all it keeps), and
// no level is read: only the description of a match reads levels, and these searches skip it.
const selfTracks = new TrackArrays();
const teacherTracks = new TrackArrays();

/**
 * The two-way check: the attempt's challenge (played by the student's phone from its recording's
 * start) must be in the teacher's microphone stream at the moment the recording claims. The phone's
 * own recording says when it started playing (output latency); the tone (or the server's window)
 * says when the recording started; the teacher's stamps and the sound's travel add their tolerances.
 * A one-way relay never brings the challenge into the room; a two-way call brings it late by the
 * call's round trip, which the allowed range does not hold.
 */
export function checkChallenge(
  input: ChallengeInput,
  ctx: ChallengeContext,
  th: ProofThresholds,
): { check: ProofCheck; details: ChallengeDetails } {
  const config = input.config ?? challengeConfigFor(ctx.toneConfig);
  const schedule = challengeSchedule(deriveChallengeKey(ctx.sessionKeyHex, input.attemptId), config);
  const self = selfHearing(ctx, config, schedule, th);
  const emissionMs = self
    ? { min: -self.startS * 1000 - 5, max: -self.startS * 1000 + 5 }
    : { min: -th.challengeLeadMs, max: th.challengeLagMs };
  const startMs = ctx.recordingStartMs;
  const details: ChallengeDetails = {
    score: null,
    selfHeard: self !== null,
    emissionMs,
    recordingStartMs: startMs,
    elsewhere: null,
    coverage: 0,
    teacherSampleRate: null,
  };
  const selfNote = self ? [] : (['challenge_self_unheard'] as const);
  const unavailable = (why: string): { check: ProofCheck; details: ChallengeDetails } => ({
    check: {
      check: 'challenge',
      status: 'review',
      reasons: [...selfNote, 'challenge_unavailable'],
      summary: why,
    },
    details,
  });
  if (!ctx.teacher.streaming) return unavailable("the teacher's device is not streaming its microphone");
  // The phone played from E (server time); the teacher's microphone hears it up to the sound's
  // travel later, its chunk stamps off by up to the stamp tolerance.
  const playedMs = { min: startMs.min + emissionMs.min, max: startMs.max + emissionMs.max };
  const fromMs = playedMs.min - th.challengeStampToleranceMs - MARGIN_MS;
  const toMs =
    playedMs.max + CHALLENGE_SPAN_S * 1000 + th.maxAcousticDelayMs + th.challengeStampToleranceMs + MARGIN_MS;
  const seconds = Math.min(MAX_TEACHER_S, (toMs - fromMs) / 1000);
  const heard = teacherSamples(ctx.teacher.chunks, fromMs, seconds);
  if (!heard) {
    return unavailable(
      ctx.teacher.final
        ? "the teacher's stream has no raw audio for the challenge (the original client's 16 kHz chunks cannot carry it)"
        : "the teacher's audio for the challenge has not arrived yet",
    );
  }
  details.coverage = heard.coverage;
  details.teacherSampleRate = heard.sampleRate;
  if (heard.coverage < th.challengeMinCoverage) {
    return unavailable(
      `the teacher's stream covers ${(heard.coverage * 100).toFixed(0)} % of the challenge (min ${(th.challengeMinCoverage * 100).toFixed(0)} %)`,
    );
  }
  const corr = correlateChirps(heard.samples, heard.sampleRate, config, MAX_TEACHER_S, {
    keep: teacherTracks,
    levels: false,
  });
  if (!corr.bandCaptured) {
    return unavailable(
      `the teacher's stream at ${heard.sampleRate} Hz cannot carry the challenge's ${config.bandLowHz}-${config.bandHighHz} Hz band`,
    );
  }
  const allowed = {
    min: (fromMs - playedMs.max) / 1000 - (th.maxAcousticDelayMs + th.challengeStampToleranceMs) / 1000,
    max: (fromMs - playedMs.min) / 1000 + th.challengeStampToleranceMs / 1000,
  };
  const match = timeLockedScore(corr, schedule, { allowed }, th);
  if (!match) return unavailable('too few challenge chirps fall inside the teacher audio');
  details.score = match.score;
  details.elsewhere = match.elsewhere
    ? { offsetMs: (allowed.max - match.elsewhere.startS) * 1000, score: match.elsewhere.score }
    : null;
  const measured = `score ${match.score.toFixed(2)} (min ${th.challengeScoreMin}) in the teacher's ${heard.sampleRate} Hz stream`;
  if (match.score >= th.challengeScoreMin) {
    return {
      check: {
        check: 'challenge',
        status: 'passed',
        reasons: [...selfNote],
        summary: `${measured}, at the moment claimed`,
      },
      details,
    };
  }
  const late =
    details.elsewhere && details.elsewhere.score >= th.challengeScoreMin
      ? `; heard ${details.elsewhere.offsetMs.toFixed(0)} ms off the moment claimed (score ${details.elsewhere.score.toFixed(2)})`
      : '';
  // Not proof of absence: a genuine phone 10-15 m away or on a weak speaker is missed as a relay is
  // (their scores overlap), so the teacher decides (presence-0019).
  return {
    check: {
      check: 'challenge',
      status: 'review',
      reasons: [...selfNote, 'challenge_not_heard'],
      summary: `${measured}: the room did not hear this attempt's challenge when the recording says${late}`,
    },
    details,
  };
}

/** The phone's own recording holds its challenge loudly: where it starts says when it played. */
function selfHearing(
  ctx: ChallengeContext,
  config: ToneScheduleConfig,
  schedule: ReturnType<typeof challengeSchedule>,
  th: ProofThresholds,
): TimeLockedScore | null {
  const corr = correlateChirps(ctx.studentSamples, ctx.studentRate, config, SELF_ANALYSIS_S, {
    keep: selfTracks,
    levels: false,
  });
  if (!corr.bandCaptured) return null;
  // Challenge time of the recording's first sample: minus when the phone started playing.
  const allowed = { min: -th.challengeLagMs / 1000, max: th.challengeLeadMs / 1000 };
  const match = timeLockedScore(corr, schedule, { allowed }, th);
  return match && match.score >= th.challengeScoreMin ? match : null;
}
