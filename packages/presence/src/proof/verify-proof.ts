import { TrackArrays, correlateChirps } from '../detect/chirp-correlations';
import { timeLockedSearch, type TimeLockedMatch } from '../detect/time-locked-search';
import { BAND_COUNT, FRAME_S, bandEnvelopes, frameCount } from '../metrics/band-envelopes';
import { matchAmbient, type AmbientMatch } from '../metrics/ambient-match';
import { decodeWav } from '../wav/decode-wav';
import {
  checkGeofence,
  fractionClipped,
  type ClassroomPoint,
  type ReportedPosition,
} from '../verify/recording-checks';
import { openStoredTeacherChunks } from '../verify/stored-teacher-chunk';
import { teacherFeatureGrid, teacherWindow, type TeacherChunk } from '../verify/teacher-chunks';
import { resolveProofThresholds, type ProofThresholds } from './proof-thresholds';
import { verdictOf, type ProofCheck, type ProofReason, type ProofVerdict } from './proof-reasons';
import { checkChallenge, type ChallengeDetails, type ChallengeInput } from './challenge-check';
import { movedFileTone, toneChecks } from './tone-checks';
import {
  recordingWindow,
  toneAnchoredStartMs,
  type RecordingWindow,
  type SessionToneInput,
  type UploadTiming,
} from './timing-window';

/** The teacher's microphone stream around the recording, as the server holds it. */
export interface TeacherAudioInput {
  /** False when the teacher's device is not streaming (original client, microphone refused). */
  streaming: boolean;
  /** True once no more audio for this window will come (waited long enough, or the stream ended). */
  final: boolean;
  /** Chunks with `timestampMs` in server time (raw PCM: the chunk's start; WAV: its end). */
  chunks: readonly TeacherChunk[];
  /**
   * True when the chunks are in a server's stored form (`packTeacherChunk`): they are opened here,
   * in the verifier's thread, rebuilding the band's audio only when the two-way check reads it.
   */
  stored?: boolean;
}

/** Everything one verification needs. */
export interface ProofInput {
  tone: SessionToneInput;
  studentWav: Uint8Array;
  timing: UploadTiming;
  teacher: TeacherAudioInput;
  position?: ReportedPosition;
  classroom?: ClassroomPoint;
  thresholds?: Partial<ProofThresholds>;
  /** Reuse per-chunk teacher features across calls (default true; the corpus turns it off). */
  cacheTeacherFeatures?: boolean;
  /**
   * The two-way check (institution setting, our web client only): when given, the attempt's
   * challenge must be heard in the teacher's stream at the right moment; without it the check is
   * `not_applicable`.
   */
  challenge?: ChallengeInput;
  /**
   * The institution's choice for marks whose tone cannot prove the moment (its playing time not
   * observed closely enough: the original app's looped file, or a teacher's device that has not
   * reported its tone clock): false (default) lets a matching room sound confirm them; true
   * sends them to the teacher's review (`tone_time_room_only`, presence-0027).
   */
  reviewUntimedTone?: boolean;
}

/** The stored metrics, the verdict, every check with its reasons, and the evidence for an audit. */
export interface ProofResult {
  verdict: ProofVerdict;
  /** Every reason of every check, in check order. */
  reasons: ProofReason[];
  checks: ProofCheck[];
  ncc: number;
  magnitude: number;
  similarity: number | null;
  euclidean_distance: number | null;
  gps_distance: number | null;
  details: {
    sampleRate: number;
    durationS: number;
    clippedFraction: number;
    /** Server-time bounds of the recording's start (null when `start_time` fell outside them). */
    recordingStartMs: { min: number; max: number } | null;
    /** Schedule-time alignments searched as allowed, and the best one found. */
    scheduleS: { min: number; max: number } | null;
    tone: {
      score: number;
      startS: number;
      heard: number;
      expected: number;
      slotScores: number[];
      chirps: { index: number; atS: number; z: number; ncc: number; heard: boolean }[];
      unexplained: { atS: number; slot: number; z: number; ncc: number }[];
      elsewhere: { startS: number; score: number } | null;
    } | null;
    ambient: {
      coverage: number;
      lagMs: number;
      teacherActivityDb: number;
    } | null;
    /** The two-way check's evidence (null when it was not requested or the timing failed). */
    challenge: ChallengeDetails | null;
  };
  timings: { decodeMs: number; toneMs: number; ambientMs: number; challengeMs: number; totalMs: number };
}

// Longest stretch of the recording analysed (clients send 5 s).
const MAX_ANALYSIS_S = 6;
// The tone's tracks are done with once its search returns (the match copies what it keeps).
const toneTracks = new TrackArrays();

/**
 * Verifies one proof of presence (v2). Checks, each always reported:
 * - recording: long enough, not clipped (note);
 * - timing: `start_time` inside the server's bounds (upload arrival minus duration, minus the
 *   upload allowance), within the clock tolerance;
 * - tone: the session's secret chirps, coherently integrated at the allowed alignments, reach
 *   `toneScoreMin`;
 * - tone_time: the chirps heard are the ones the schedule played then (no strong chirp the
 *   alignment does not explain, no better alignment at another moment); a looped file whose phase
 *   is not known cannot prove the moment (note, or review without the ambient), nor can a faint
 *   tone that hardly leads its chance fits outside the allowed range (review);
 * - ambient: the room sound matches the teacher's microphone where the teacher streams; missing
 *   audio goes to review, a silent teacher room is inconclusive (note);
 * - geofence.
 * Pure and synchronous; throws `PresenceInputError` for unusable audio or tone parameters.
 */
export function verifyProof(given: ProofInput): ProofResult {
  const t0 = performance.now();
  const input = given.teacher.stored ? withOpenedTeacher(given) : given;
  const th = resolveProofThresholds(input.thresholds);
  const { samples, sampleRate } = decodeWav(input.studentWav);
  const durationS = samples.length / sampleRate;
  const clippedFraction = fractionClipped(samples);
  const window = recordingWindow(input.tone, input.timing, durationS, th);
  const t1 = performance.now();
  const checks: ProofCheck[] = [];

  const tooShort = durationS < th.minRecordingS;
  const clipped = clippedFraction > th.clipFraction;
  checks.push({
    check: 'recording',
    status: tooShort ? 'failed' : 'passed',
    reasons: [
      ...(tooShort ? (['recording_too_short'] as const) : []),
      ...(clipped ? (['clipped_recording'] as const) : []),
    ],
    summary: `${durationS.toFixed(2)} s at ${sampleRate} Hz, ${(clippedFraction * 100).toFixed(3)} % clipped`,
  });
  checks.push(timingCheck(window, input.timing));

  let match: TimeLockedMatch | null = null;
  if (window.scheduleS) {
    const corr = correlateChirps(samples, sampleRate, input.tone.config, MAX_ANALYSIS_S, {
      keep: toneTracks,
    });
    if (corr.bandCaptured) {
      match = timeLockedSearch(corr, window.timeline, { allowed: window.scheduleS }, th, {
        crossTalkExplained: window.timeLocked,
      });
    }
    let toneResult = toneChecks(corr.bandCaptured, match, window, th, {
      reviewUntimed: input.reviewUntimedTone ?? false,
    });
    // Without the band there is nothing to search elsewhere either (the search answers null).
    const moved = movedFileTone(corr, input.tone.playback, window, toneResult, th);
    if (moved) {
      match = moved.match;
      toneResult = moved.checks;
    }
    checks.push(...toneResult);
  } else {
    checks.push(
      {
        check: 'tone',
        status: 'not_applicable',
        reasons: [],
        summary: 'not searched: the start time is outside the allowed window',
      },
      {
        check: 'tone_time',
        status: 'not_applicable',
        reasons: [],
        summary: 'not searched: the start time is outside the allowed window',
      },
    );
  }
  const t2 = performance.now();

  const ambient = compareAmbient(input, samples, sampleRate, durationS, window, th);
  const toneProvesMoment = checks.some((c) => c.check === 'tone_time' && c.status === 'passed');
  // A clear tone inside a download's few seconds of bounds is evidence of the moment, not proof
  // (presence-0024): enough to send a room-sound mismatch to review instead of refusing it, never
  // to accept on the tone alone.
  const playback = input.tone.playback;
  const toneNarrowsMoment =
    !toneProvesMoment &&
    playback.kind === 'file' &&
    window.scheduleS !== null &&
    window.scheduleS.max - window.scheduleS.min <= th.maxEvidenceSpanS &&
    checks.some((c) => c.check === 'tone' && c.status === 'passed') &&
    checks.some((c) => c.check === 'tone_time' && c.reasons.includes('tone_time_unbounded'));
  checks.push(
    window.startMs
      ? ambientCheck(
          input.teacher,
          ambient,
          { provesMoment: toneProvesMoment, narrowsMoment: toneNarrowsMoment, score: match?.score ?? 0 },
          th,
        )
      : {
          check: 'ambient',
          status: 'not_applicable',
          reasons: [],
          summary: 'not compared: the start time is outside the allowed window',
        },
  );
  const t3 = performance.now();

  const geofence = checkGeofence(input.position, input.classroom, th);
  checks.push({
    check: 'geofence',
    status:
      geofence.reason === 'geofence_unavailable' ? 'not_applicable' : geofence.reason ? 'failed' : 'passed',
    reasons: geofence.reason ? [geofence.reason] : [],
    summary:
      geofence.distanceM === null
        ? geofence.reason === 'geofence_unavailable'
          ? 'the classroom has no usable position'
          : 'no usable position was sent'
        : `${geofence.distanceM.toFixed(0)} m from the classroom`,
  });
  const t4 = performance.now();

  const challenge = challengeStep(input, samples, sampleRate, window, match, toneProvesMoment, th);
  checks.push(challenge.check);
  const t5 = performance.now();

  return {
    verdict: verdictOf(checks),
    reasons: checks.flatMap((c) => c.reasons),
    checks,
    ncc: match?.ncc ?? 0,
    magnitude: match?.magnitude ?? 0,
    similarity: ambient.match ? ambient.match.similarity : null,
    euclidean_distance: ambient.match ? ambient.match.euclideanDistance : null,
    gps_distance: geofence.distanceM,
    details: {
      sampleRate,
      durationS,
      clippedFraction,
      recordingStartMs: window.startMs,
      scheduleS: window.scheduleS,
      tone: match
        ? {
            score: match.score,
            startS: match.startS,
            heard: match.heard,
            expected: match.chirps.length,
            slotScores: match.slotScores,
            chirps: match.chirps.map(({ index, atS, z, ncc, heard }) => ({ index, atS, z, ncc, heard })),
            unexplained: match.unexplained,
            elsewhere: match.elsewhere,
          }
        : null,
      ambient: ambient.match
        ? {
            coverage: ambient.match.coverage,
            lagMs: ambient.lagMs,
            teacherActivityDb: ambient.match.teacherActivityDb,
          }
        : null,
      challenge: challenge.details,
    },
    timings: {
      decodeMs: t1 - t0,
      toneMs: t2 - t1,
      ambientMs: t3 - t2,
      challengeMs: t5 - t4,
      totalMs: t5 - t0,
    },
  };
}

/**
 * The two-way check when the institution asks for it. The recording's start comes from the tone
 * when the tone proved the moment (tens of ms), else from the server's window.
 */
function challengeStep(
  input: ProofInput,
  samples: Float32Array,
  sampleRate: number,
  window: RecordingWindow,
  match: TimeLockedMatch | null,
  toneProvesMoment: boolean,
  th: ProofThresholds,
): { check: ProofCheck; details: ChallengeDetails | null } {
  if (!input.challenge) {
    return {
      check: {
        check: 'challenge',
        status: 'not_applicable',
        reasons: [],
        summary: 'the two-way check was not requested',
      },
      details: null,
    };
  }
  if (!window.startMs) {
    return {
      check: {
        check: 'challenge',
        status: 'not_applicable',
        reasons: [],
        summary: 'not searched: the start time is outside the allowed window',
      },
      details: null,
    };
  }
  let startMs = window.startMs;
  if (toneProvesMoment && match) {
    const fromTone = toneAnchoredStartMs(input.tone.playback, match.startS, th);
    const min = Math.max(fromTone.min, startMs.min);
    const max = Math.min(fromTone.max, startMs.max);
    if (min <= max) startMs = { min, max };
  }
  return checkChallenge(
    input.challenge,
    {
      sessionKeyHex: input.tone.keyHex,
      toneConfig: input.tone.config,
      studentSamples: samples,
      studentRate: sampleRate,
      recordingStartMs: startMs,
      teacher: input.teacher,
    },
    th,
  );
}

function timingCheck(window: RecordingWindow, timing: UploadTiming): ProofCheck {
  if (!window.startMs) {
    const late = timing.claimedStartMs > window.allowedMs.max;
    return {
      check: 'timing',
      status: 'failed',
      reasons: ['start_time_out_of_bounds'],
      summary: `start_time is ${((late ? timing.claimedStartMs - window.allowedMs.max : window.allowedMs.min - timing.claimedStartMs) / 1000).toFixed(1)} s ${late ? 'later' : 'earlier'} than the upload's arrival allows`,
    };
  }
  return {
    check: 'timing',
    status: 'passed',
    reasons: [],
    summary: `recording started between ${window.startMs.min} and ${window.startMs.max} (server ms)`,
  };
}

/** The input with its stored teacher chunks opened (their audio only for the two-way check). */
function withOpenedTeacher(input: ProofInput): ProofInput {
  const chunks = openStoredTeacherChunks(input.teacher.chunks, { audio: input.challenge !== undefined });
  return { ...input, teacher: { ...input.teacher, chunks, stored: false } };
}

interface AmbientOutcome {
  match: AmbientMatch | null;
  lagMs: number;
  /** Some teacher chunk overlaps the window at all. */
  anyAudio: boolean;
}

function compareAmbient(
  input: ProofInput,
  samples: Float32Array,
  sampleRate: number,
  durationS: number,
  window: RecordingWindow,
  th: ProofThresholds,
): AmbientOutcome {
  const none = { match: null, lagMs: 0, anyAudio: false };
  if (!input.teacher.streaming || !window.startMs) return none;
  const usedS = Math.min(durationS, MAX_ANALYSIS_S);
  const centreMs = (window.startMs.min + window.startMs.max) / 2;
  const skewMs = Math.max(100, (window.startMs.max - window.startMs.min) / 2);
  const chunks = teacherWindow(input.teacher.chunks, centreMs, usedS * 1000, skewMs);
  if (chunks.length === 0) return none;
  const frameMs = FRAME_S * 1000;
  const lagFrames = Math.ceil(skewMs / frameMs);
  const leadFrames = lagFrames + 1;
  const studentFrames = frameCount(Math.floor(usedS * sampleRate), sampleRate);
  const grid = teacherFeatureGrid(
    chunks,
    centreMs - leadFrames * frameMs,
    studentFrames + 2 * leadFrames,
    input.cacheTeacherFeatures ?? true,
  );
  const student = bandEnvelopes(samples, sampleRate, 0, studentFrames);
  if (student.length < BAND_COUNT) return { ...none, anyAudio: true };
  const result = matchAmbient(student, grid, leadFrames, lagFrames, th.partialTeacherCoverage);
  return { match: result, lagMs: result ? result.lagFrames * frameMs : 0, anyAudio: true };
}

function ambientCheck(
  teacher: TeacherAudioInput,
  ambient: AmbientOutcome,
  tone: { provesMoment: boolean; narrowsMoment: boolean; score: number },
  th: ProofThresholds,
): ProofCheck {
  const toneProvesMoment = tone.provesMoment;
  // Where the room sound cannot be compared the tone is the only barrier: it must be heard clearly.
  const alone = (reasons: ProofReason[], summary: string): ProofCheck =>
    tone.score >= th.toneScoreMinAlone
      ? {
          check: 'ambient',
          status: 'not_applicable',
          reasons,
          summary: `${summary}; the tone proves the moment`,
        }
      : {
          check: 'ambient',
          status: 'review',
          reasons: [...reasons, 'tone_faint_alone'],
          summary: `${summary}; the tone alone is too faint to decide (score ${tone.score.toFixed(2)}, min ${th.toneScoreMinAlone} alone)`,
        };
  if (!teacher.streaming) {
    return toneProvesMoment
      ? alone(['no_teacher_stream'], "the teacher's device is not streaming")
      : {
          check: 'ambient',
          status: 'review',
          reasons: ['no_teacher_stream', 'tone_time_unproven'],
          summary: "the teacher's device is not streaming and the tone alone does not prove the moment",
        };
  }
  if (!ambient.match) {
    const pending = !teacher.final;
    return {
      check: 'ambient',
      status: 'review',
      reasons: [pending ? 'teacher_audio_pending' : 'teacher_audio_missing'],
      summary: pending
        ? "the teacher's audio for this window has not arrived yet"
        : `the teacher's stream has ${ambient.anyAudio ? 'too little' : 'no'} audio for this window`,
    };
  }
  const m = ambient.match;
  const partial: ProofReason[] = m.coverage < th.minTeacherCoverage ? ['teacher_audio_partial'] : [];
  const measured = `similarity ${m.similarity.toFixed(1)} (min ${th.similarityMin}), coverage ${(m.coverage * 100).toFixed(0)} %, teacher room activity ${m.teacherActivityDb.toFixed(1)} dB`;
  if (m.similarity >= th.similarityMin)
    return { check: 'ambient', status: 'passed', reasons: partial, summary: measured };
  if (m.teacherActivityDb < th.teacherActivityMinDb) {
    return toneProvesMoment
      ? alone([...partial, 'ambient_uninformative'], `${measured}: the room is too quiet to compare`)
      : {
          check: 'ambient',
          status: 'review',
          reasons: [...partial, 'ambient_uninformative', 'tone_time_unproven'],
          summary: `${measured}: the room is too quiet to compare`,
        };
  }
  // On part of the window only, a mismatch is not evidence enough to mark absent; nor is it
  // once the secret tone has proved the moment (the tone alone suffices then, design T6), but
  // a teacher should look: only a leaked key or a broken microphone explains it.
  if (toneProvesMoment || tone.narrowsMoment) {
    return {
      check: 'ambient',
      status: 'review',
      reasons: [...partial, 'ambient_mismatch'],
      summary: `${measured}: the tone ${toneProvesMoment ? 'proves the moment' : "fits the file's download"}, the room sound does not agree`,
    };
  }
  if (partial.length > 0) {
    return {
      check: 'ambient',
      status: 'review',
      reasons: [...partial, 'ambient_mismatch'],
      summary: `${measured}: judged on part of the window`,
    };
  }
  return { check: 'ambient', status: 'failed', reasons: ['ambient_mismatch'], summary: measured };
}
