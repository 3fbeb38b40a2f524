import {
  createSessionKey,
  DEFAULT_SCHEDULE_CONFIG,
  parseScheduleConfig,
  PresenceInputError,
  twoWayToneConfig,
  type SessionToneInput,
  type ToneScheduleConfig,
} from '@rollbook/presence';

/**
 * How long the original client's looped file lasts (docs/decisions/sessions-0004). A whole number
 * of chirp periods; a replay would have to be late by exactly a multiple of it to line up.
 */
export const TONE_FILE_LOOP_S = 180;

// The original app's lecture-long file (presence-0029): what is left of the lecture plus this much
// (a lecture that runs over, a session started early), within these bounds.
const LECTURE_FILE_EXTRA_MIN = 15;
const LECTURE_FILE_MIN_MIN = 45;
// An app may hold the whole download in memory before writing it: 150 min is 432 MB as 8-bit.
const LECTURE_FILE_MAX_MIN = 150;
/** An instant lecture has no end time: it is taken as an hour. */
const INSTANT_LECTURE_MIN = 60;

/**
 * How long the original app's file lasts for a lecture with `remainingMinutes` left (null: an
 * instant lecture): longer than the lecture, so no part of it plays twice while the lecture lasts.
 * A whole number of chirp periods. 75 minutes for an hour's lecture: 216 MB as 8-bit PCM, ~53 MB
 * gzipped on the wire.
 */
export function lectureFileSeconds(remainingMinutes: number | null, periodS: number): number {
  const minutes = Math.min(
    LECTURE_FILE_MAX_MIN,
    Math.max(LECTURE_FILE_MIN_MIN, (remainingMinutes ?? INSTANT_LECTURE_MIN) + LECTURE_FILE_EXTRA_MIN),
  );
  return Math.ceil((minutes * 60) / periodS - 1e-9) * periodS;
}

/**
 * A session's tone as stored in `lecture_sessions.tone_params` (server-side only: the key is the
 * session's secret). Schedule time 0 is `epochMs`, the server time the session started.
 */
export interface StoredSessionTone {
  version: 2;
  keyHex: string;
  config: ToneScheduleConfig;
  epochMs: number;
  /** The original web client's file (it decodes the whole file into memory): a short loop. */
  fileLoopS: number;
  /**
   * The original app's file (it plays from its disk): the whole lecture (presence-0029). Absent for
   * sessions started before it, whose app was given the short loop.
   */
  lectureFileS?: number;
}

/** How the teacher's device plays the tone, as the live store keeps it (null: not known). */
export interface LivePlayback {
  /** Schedule time s sounded at server time epochMs + 1000 s + offsetMs, give or take toleranceMs. */
  offsetMs: number;
  toleranceMs: number;
}

/**
 * A new secret tone for a session starting at `startedAt`, in the configured band. With the two-way
 * check on, the band is slid down to top out at 19 kHz (presence-0016): the challenge above it must
 * stay within what teachers' microphones and 44.1 kHz streams carry, and steep phones keep the tone.
 */
export function newSessionTone(
  startedAt: Date,
  band: { lowHz: number; highHz: number },
  twoWayCheck: boolean,
  /** Minutes left of the lecture (null: an instant lecture, which has no end time). */
  remainingMinutes: number | null,
): StoredSessionTone {
  const config = parseScheduleConfig({
    ...DEFAULT_SCHEDULE_CONFIG,
    bandLowHz: band.lowHz,
    bandHighHz: band.highHz,
  });
  const played = twoWayCheck ? twoWayToneConfig(config) : config;
  return {
    version: 2,
    keyHex: createSessionKey(),
    config: played,
    epochMs: startedAt.getTime(),
    fileLoopS: TONE_FILE_LOOP_S,
    lectureFileS: lectureFileSeconds(remainingMinutes, played.periodS),
  };
}

/** A stored file length that is usable: finite, positive and a whole number of the tone's periods. */
function wholePeriods(seconds: unknown, config: unknown): seconds is number {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return false;
  const periodS = (config as { periodS?: unknown } | null)?.periodS;
  if (typeof periodS !== 'number' || !(periodS > 0)) return false;
  const n = seconds / periodS;
  return Math.abs(n - Math.round(n)) < 1e-6;
}

/**
 * Reads a stored tone; null for a session started before v2 (its v1 parameters can no longer be
 * checked against a time-locked schedule: such a session's marks go to the teacher's review).
 */
export function readSessionTone(stored: unknown): StoredSessionTone | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const v = stored as Record<string, unknown>;
  if (v.version !== 2 || typeof v.keyHex !== 'string') return null;
  if (typeof v.epochMs !== 'number' || typeof v.fileLoopS !== 'number') return null;
  try {
    return {
      version: 2,
      keyHex: v.keyHex,
      config: parseScheduleConfig(v.config),
      epochMs: v.epochMs,
      fileLoopS: v.fileLoopS,
      ...(wholePeriods(v.lectureFileS, v.config) ? { lectureFileS: v.lectureFileS } : {}),
    };
  } catch (err) {
    if (err instanceof PresenceInputError) return null;
    throw err;
  }
}

/**
 * The tone input of one verification. Our web client plays the schedule live and reported its
 * audio clock (`live`); otherwise the original client loops the file: from the start located in the
 * teacher's stream when it hears the file (the tone then proves the moment), else from the file's
 * download (tone-file-fetches.ts: a few seconds wide), else from a moment the server does not know,
 * so any phase of the loop is allowed (the engine then says `tone_time_unbounded` and the room
 * sound must prove the moment).
 */
export function toneInput(
  tone: StoredSessionTone,
  playback: LivePlayback | null,
  nowMs: number,
  /**
   * Where the file's loop started: located in the teacher's stream (file-phase.ts) or from its
   * download, whose file may be the lecture-long one (`loopS`).
   */
  fileStart?: {
    startedMs: { min: number; max: number };
    heardInStream: boolean;
    loopS?: number;
    fromS?: number;
  } | null,
): SessionToneInput {
  if (playback) {
    return {
      keyHex: tone.keyHex,
      config: tone.config,
      playback: { kind: 'live', epochMs: tone.epochMs, ...playback },
    };
  }
  return {
    keyHex: tone.keyHex,
    config: tone.config,
    playback: {
      kind: 'file',
      loopS: fileStart?.loopS ?? tone.fileLoopS,
      ...(fileStart?.fromS ? { fromS: fileStart.fromS } : {}),
      startedMs: fileStart ? fileStart.startedMs : { min: tone.epochMs, max: nowMs },
      ...(fileStart?.heardInStream ? { heardInStream: true } : {}),
    },
  };
}
