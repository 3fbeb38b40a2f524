// Light synthetic v2 cases for unit tests: a room sound the teacher streams, the session's secret
// schedule at the right (or a wrong) moment, and the server's timing. The acoustic corpus is
// exercised by `presence evaluate`.
import { Rng } from '../src/dsp/random';
import { applyBiquadCascade } from '../src/dsp/biquad';
import type { ProofInput } from '../src/proof/verify-proof';
import { synthesizeSpan } from '../src/schedule/synthesize-span';
import {
  DEFAULT_SCHEDULE_CONFIG,
  LoopedSchedule,
  ToneSchedule,
  type ToneScheduleConfig,
} from '../src/schedule/tone-schedule';
import { encodeWav } from '../src/wav/encode-wav';
import {
  challengeConfigFor,
  deriveChallengeKey,
  synthesizeChallenge,
} from '../src/challenge/challenge-sequence';
import { CLASSROOM, rawChunks, roomSound, EPOCH_MS } from './fixtures';

export const KEY = '5e1f0c2a9b7d4e3f8a6c1b0d2e4f6a8c9d7b5e3f1a2c4e6b8d0f1e3a5c7b9d2f';
export const OTHER_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
/** Schedule epoch: the session started 20 minutes before the fixture's room sound. */
export const SCHEDULE_EPOCH_MS = EPOCH_MS - 1_200_000;
const RATE = 48000;
const LATENESS_MS = 80;
const WINDOW_START_MS = EPOCH_MS + 2500;

/** Options of `proofCase`; the default is a present student of our web client. */
export interface ProofCaseOptions {
  /** Tone level (0 = none). */
  toneGain?: number;
  /** The tone heard is the schedule's from this many ms earlier (a replay, a relay's latency). */
  toneFromEarlierMs?: number;
  /** The tone of another session's key. */
  otherKey?: boolean;
  /** The room sound is another room's. */
  otherRoom?: boolean;
  /** A narrowband relay: low-pass the whole recording at this frequency. */
  lowPassHz?: number;
  /** Added to the claimed start time (lying about the time). */
  claimShiftMs?: number;
  /** Silent room: the teacher's microphone and the student's hear only faint noise. */
  silentRoom?: boolean;
  clockErrorMs?: number;
  /** The original client: the session's file of this length looped from the schedule's epoch. */
  fileLoopS?: number;
  /**
   * The two-way check for this attempt: the phone plays its challenge `emissionMs` after its
   * recording starts; the teacher's microphone hears it `heardLateMs` later (a relay's round trip),
   * at `teacherGain` (0 = not at all: a one-way relay).
   */
  challenge?: { attemptId: string; emissionMs?: number; heardLateMs?: number; teacherGain?: number };
  /** The session's tone band and timing (default `DEFAULT_SCHEDULE_CONFIG`); the challenge sits above it. */
  toneConfig?: ToneScheduleConfig;
  /** The teacher's stream is cut off here (32nd order, like a steep anti-alias filter): it may not carry the challenge's band. */
  teacherLowPassHz?: number;
}

const cache = new Map<string, ProofInput>();

/** A v2 verification input built from `opts` (cached: the verifier never mutates its input). */
export function proofCase(opts: ProofCaseOptions = {}): ProofInput {
  const key = JSON.stringify(opts);
  const hit = cache.get(key);
  if (hit) return hit;
  const made = render(opts);
  cache.set(key, made);
  return made;
}

function render(opts: ProofCaseOptions): ProofInput {
  const config = opts.toneConfig ?? DEFAULT_SCHEDULE_CONFIG;
  const live = new ToneSchedule(opts.otherKey ? OTHER_KEY : KEY, config);
  const schedule = opts.fileLoopS ? new LoopedSchedule(live, opts.fileLoopS) : live;
  const world = opts.silentRoom
    ? new Float32Array(10 * RATE).map((_, i) => 1e-4 * Math.sin(i))
    : roomSound(1, 10, RATE);
  const heard = opts.otherRoom ? roomSound(2, 10, RATE) : world;
  const toneFromMs = WINDOW_START_MS - (opts.toneFromEarlierMs ?? 0);
  const s0 = (toneFromMs - SCHEDULE_EPOCH_MS - LATENESS_MS) / 1000;
  const tone = synthesizeSpan(schedule, s0, 5, RATE);
  const rng = new Rng(9);
  const start = 2.5 * RATE;
  const student = Float32Array.from(
    { length: 5 * RATE },
    (_, i) => 0.5 * heard[start + i]! + (opts.toneGain ?? 0.01) * tone[i]! + 0.0005 * rng.normal(),
  );
  if (opts.lowPassHz) applyBiquadCascade(student, 'lowpass', opts.lowPassHz, RATE, 4);
  let teacherSound = world;
  if (opts.challenge) {
    const c = opts.challenge;
    const played = synthesizeChallenge(
      deriveChallengeKey(KEY, c.attemptId),
      challengeConfigFor(config),
      RATE,
    );
    const emission = Math.round(((c.emissionMs ?? 60) / 1000) * RATE);
    for (let i = 0; i < played.length && emission + i < student.length; i++)
      if (emission + i >= 0) student[emission + i] = student[emission + i]! + 0.2 * played[i]!;
    teacherSound = Float32Array.from(world);
    const at = start + emission + Math.round(((c.heardLateMs ?? 20) / 1000) * RATE);
    const gain = c.teacherGain ?? 0.01;
    for (let i = 0; i < played.length && at + i < teacherSound.length; i++)
      teacherSound[at + i] = teacherSound[at + i]! + gain * played[i]!;
  }
  if (opts.teacherLowPassHz) {
    teacherSound = Float32Array.from(teacherSound);
    applyBiquadCascade(teacherSound, 'lowpass', opts.teacherLowPassHz, RATE, 16);
  }
  return {
    tone: {
      keyHex: KEY,
      config,
      playback: opts.fileLoopS
        ? {
            kind: 'file',
            loopS: opts.fileLoopS,
            // Only known to within ten minutes: the phase is unknown.
            startedMs: { min: SCHEDULE_EPOCH_MS - 600_000, max: SCHEDULE_EPOCH_MS + 600_000 },
          }
        : { kind: 'live', epochMs: SCHEDULE_EPOCH_MS, offsetMs: LATENESS_MS + 10, toleranceMs: 50 },
    },
    studentWav: encodeWav(student, RATE),
    timing: {
      claimedStartMs: WINDOW_START_MS + (opts.clockErrorMs ?? 40) + (opts.claimShiftMs ?? 0),
      uploadReceivedMs: WINDOW_START_MS + 5000 + 900,
      clockToleranceMs: 250,
    },
    teacher: { streaming: true, final: true, chunks: rawChunks(teacherSound, RATE) },
    ...(opts.challenge ? { challenge: { attemptId: opts.challenge.attemptId } } : {}),
    position: { latitude: CLASSROOM.latitude + 0.0001, longitude: CLASSROOM.longitude, accuracyM: 10 },
    classroom: CLASSROOM,
  };
}

/** The server time at which the fixture's recording started (the truth). */
export const FIXTURE_START_MS = WINDOW_START_MS;
/** Schedule time of the fixture's first sample as heard (lateness included). */
export const FIXTURE_SCHEDULE_S = (WINDOW_START_MS - SCHEDULE_EPOCH_MS - LATENESS_MS) / 1000;
