import { PresenceInputError } from '../errors';
import {
  LoopedSchedule,
  ToneSchedule,
  type ChirpTimeline,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';
import type { ProofThresholds } from './proof-thresholds';

/** How the teacher's device plays the schedule, as the server knows it. */
export type TonePlayback =
  | {
      /** Our web client synthesises the schedule live and reports its audio clock against server time. */
      kind: 'live';
      /** Server time (ms) of schedule time 0. */
      epochMs: number;
      /** Measured lateness of the speaker against the schedule (audio output latency, clock offset), ms. */
      offsetMs: number;
      /** How far that measurement may be off, ms. */
      toleranceMs: number;
    }
  | {
      /** The original client loops the session's file from when it started playing. */
      kind: 'file';
      loopS: number;
      /**
       * Schedule time of the file's first sample, a whole number of chirp periods: 0 (absent) for the
       * short loop, which starts at chirp 0; for the original app's lecture-long file, the chirp due
       * when it was downloaded (presence-0029).
       */
      fromS?: number;
      /**
       * Server-time bounds on when the file's first sample played: recovered from the teacher's
       * stream where it hears the tone (tight), or from when the file was fetched (loose).
       */
      startedMs: { min: number; max: number };
      /**
       * True when the bounds come from hearing the file in the teacher's stream: the server then
       * follows the file itself, the tone can prove the moment, and a fit at another phase of the
       * loop fails on time. Otherwise (the bounds are inferred from the file's download, or
       * unknown) they only narrow the search: the room sound must prove the moment, and since the
       * device may have restarted the file unseen, a fit elsewhere in the loop goes to the
       * teacher's review (`tone_file_moved`).
       */
      heardInStream?: boolean;
    };

/** The session's tone: the secret key, its public config, and how it is played. */
export interface SessionToneInput {
  keyHex: string;
  config: ToneScheduleConfig;
  playback: TonePlayback;
}

/** Server-anchored timing of one upload. */
export interface UploadTiming {
  /** `start_time` from the client, converted to server time when the client measured its offset. */
  claimedStartMs: number;
  /** Server time at which the upload arrived. */
  uploadReceivedMs: number;
  /** Clock tolerance of `claimedStartMs` (our client: measured; otherwise the default). */
  clockToleranceMs?: number;
}

/** Where the recording can have started, and where the schedule can sit in it. */
export interface RecordingWindow {
  /** Server-time bounds of the recording's true start, or null when `start_time` is outside them. */
  startMs: { min: number; max: number } | null;
  /** The bounds the server allows for the start, for the message. */
  allowedMs: { min: number; max: number };
  /** Schedule time of the recording's first sample: the allowed hypotheses. */
  scheduleS: { min: number; max: number } | null;
  /**
   * True when the tone can prove the moment: the alignment is narrow and the schedule's timing was
   * observed (our client's reported clock, or the file heard in the teacher's stream).
   */
  timeLocked: boolean;
  timeline: ChirpTimeline;
}

/** The schedule times one pass of a file covers: from its first sample (`fromS`) for `loopS`. */
export function fileSpanS(playback: { loopS: number; fromS?: number }): { min: number; max: number } {
  const fromS = playback.fromS ?? 0;
  return { min: fromS, max: fromS + playback.loopS };
}

/** What a file plays, in schedule time: its loop of chirps from the one at `fromS`. */
export function fileTimeline(
  schedule: ToneSchedule,
  playback: Extract<TonePlayback, { kind: 'file' }>,
): LoopedSchedule {
  const first = (playback.fromS ?? 0) / schedule.config.periodS;
  if (Math.abs(first - Math.round(first)) > 1e-6) {
    throw new PresenceInputError('bad_tone_params', "the file's start is not a chirp of the schedule");
  }
  return new LoopedSchedule(schedule, playback.loopS, Math.round(first));
}

const schedules = new Map<string, ToneSchedule>();

/**
 * One schedule per key and config, reused: every student of a session is checked against the same
 * chirps, and deriving them (HMAC per chirp) is worth doing once per worker.
 */
function scheduleFor(keyHex: string, config: ToneScheduleConfig): ToneSchedule {
  const id = `${keyHex}|${JSON.stringify(config)}`;
  let schedule = schedules.get(id);
  if (!schedule) {
    if (schedules.size >= 64) schedules.delete(schedules.keys().next().value!);
    schedule = new ToneSchedule(keyHex, config);
    schedules.set(id, schedule);
  }
  return schedule;
}

/**
 * Bounds the recording by server time: it ended before the upload arrived and started at most
 * `maxUploadDelayMs` before that; the claimed start may be off by the clock tolerance. Maps the
 * bounds onto schedule time through the playback (its own tolerance, plus sound travel).
 */
export function recordingWindow(
  tone: SessionToneInput,
  timing: UploadTiming,
  durationS: number,
  t: ProofThresholds,
): RecordingWindow {
  const schedule = scheduleFor(tone.keyHex, tone.config);
  const durationMs = durationS * 1000;
  const allowedMs = {
    min: timing.uploadReceivedMs - durationMs - t.maxUploadDelayMs,
    max: timing.uploadReceivedMs - durationMs,
  };
  const tol = timing.clockToleranceMs ?? t.defaultClockToleranceMs;
  const min = Math.max(allowedMs.min, timing.claimedStartMs - tol);
  const max = Math.min(allowedMs.max, timing.claimedStartMs + tol);
  const playback = tone.playback;
  const timeline: ChirpTimeline = playback.kind === 'live' ? schedule : fileTimeline(schedule, playback);
  if (min > max) return { startMs: null, allowedMs, scheduleS: null, timeLocked: false, timeline };
  let scheduleS: { min: number; max: number };
  if (playback.kind === 'live') {
    scheduleS = {
      min: (min - playback.epochMs - playback.offsetMs - playback.toleranceMs - t.maxAcousticDelayMs) / 1000,
      max: (max - playback.epochMs - playback.offsetMs + playback.toleranceMs) / 1000,
    };
  } else {
    const fromS = playback.fromS ?? 0;
    scheduleS = {
      min: fromS + (min - playback.startedMs.max - t.maxAcousticDelayMs) / 1000,
      max: fromS + (max - playback.startedMs.min) / 1000,
    };
    // Whatever the bounds, one loop holds every alignment there is.
    if (scheduleS.max - scheduleS.min > playback.loopS) scheduleS = fileSpanS(playback);
  }
  return {
    startMs: { min, max },
    allowedMs,
    scheduleS,
    // Only a phase the server observed locks the time: a download's bounds are inferred, and whoever
    // holds the file's name can download it too (presence-0024).
    timeLocked:
      scheduleS.max - scheduleS.min <= t.maxTimeLockS &&
      (playback.kind === 'live' || playback.heardInStream === true),
    timeline,
  };
}

/**
 * Server-time bounds of the recording's first sample from where the tone places it: the schedule
 * time heard there (`startS`), how the playback maps schedule time to server time, and the sound's
 * travel. Tighter than the clock's bounds once the tone has proved the moment.
 */
export function toneAnchoredStartMs(
  playback: TonePlayback,
  startS: number,
  t: ProofThresholds,
): { min: number; max: number } {
  const heardMs = startS * 1000;
  if (playback.kind === 'live') {
    const origin = playback.epochMs + playback.offsetMs;
    return {
      min: origin + heardMs - playback.toleranceMs,
      max: origin + heardMs + playback.toleranceMs + t.maxAcousticDelayMs,
    };
  }
  const intoFileMs = heardMs - (playback.fromS ?? 0) * 1000;
  return {
    min: playback.startedMs.min + intoFileMs,
    max: playback.startedMs.max + intoFileMs + t.maxAcousticDelayMs,
  };
}
