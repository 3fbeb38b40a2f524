import { randomBytes } from 'node:crypto';
import { challengeConfigFor, deriveChallengeKey, synthesizeChallenge } from '../challenge/challenge-sequence';
import { Rng } from '../dsp/random';
import { speechLikeBursts } from '../dsp/speech-like-bursts';
import { verifyProof, type ProofInput, type ProofResult } from '../proof/verify-proof';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule } from '../schedule/tone-schedule';
import { keptTeacherBand, packTeacherChunk } from '../verify/stored-teacher-chunk';
import { encodePcm16, encodeWav } from '../wav/encode-wav';

// A verification thread's first verification pays for making the verifier fast: V8 compiles and
// optimises its hot loops, the transforms' tables and scratch buffers are allocated, the default
// tone's cross-talk table is built. Measured on a 2-core AMD EPYC: 200-290 ms for the first call
// against 20-30 ms for the next ones. A thread that verifies a made-up proof when it starts, before
// any student's upload reaches it, takes that cost off the first marks after a server starts
// (presence-0022).

const RATE = 48_000;
const ROOM_S = 8;
const RECORDING_S = 5;
// Where the recording starts in the teacher's stream, and how late the tone reaches the phone.
const RECORDING_AT_S = 2.5;
const LATENESS_MS = 80;
const ATTEMPT_ID = 'warm-up';
const CLASSROOM = { latitude: 19.07283, longitude: 72.88261 };
// V8 optimises the hot loops over a few calls: the first two real answers of a fresh two-worker pool
// came after a median 166 ms with one round, 130 ms with three, 126 ms with six (cold: ~500 ms;
// bench/presence/first-verification.bench.ts). Three cost ~0.35 s of CPU per thread at start.
const WARM_UP_ROUNDS = 3;

/** What a thread's warm-up verification did. */
export interface WarmUpOutcome {
  /** How long it took, ms (wall time of the thread). */
  ms: number;
  verdict: ProofResult['verdict'];
}

/**
 * A present student of our web client with the two-way check, in the server's stored form (packed
 * teacher chunks): every stage a real verification runs. A fresh key each call, and times near now,
 * so nothing here can be mistaken for a real session's.
 */
export function warmUpProofInput(nowMs: number = Date.now()): ProofInput {
  const keyHex = randomBytes(32).toString('hex');
  const config = DEFAULT_SCHEDULE_CONFIG;
  const room = speechLikeBursts(1, ROOM_S, RATE);
  const rng = new Rng(2);
  const streamStartMs = nowMs - 60_000;
  const recordingStartMs = streamStartMs + RECORDING_AT_S * 1000;
  const epochMs = streamStartMs - 600_000;
  const tone = synthesizeSpan(
    new ToneSchedule(keyHex, config),
    (recordingStartMs - epochMs - LATENESS_MS) / 1000,
    RECORDING_S,
    RATE,
  );
  const at = RECORDING_AT_S * RATE;
  const student = Float32Array.from(
    { length: RECORDING_S * RATE },
    (_, i) => 0.5 * room[at + i]! + 0.01 * tone[i]! + 0.0005 * rng.normal(),
  );
  // The phone plays its challenge 60 ms into the recording; the teacher's microphone hears it 20 ms
  // later, faintly.
  const challenge = synthesizeChallenge(
    deriveChallengeKey(keyHex, ATTEMPT_ID),
    challengeConfigFor(config),
    RATE,
  );
  const emitted = Math.round(0.06 * RATE);
  const heard = at + emitted + Math.round(0.02 * RATE);
  const teacherSound = Float32Array.from(room);
  for (let i = 0; i < challenge.length; i++) {
    if (emitted + i < student.length) student[emitted + i] = student[emitted + i]! + 0.2 * challenge[i]!;
    if (heard + i < teacherSound.length)
      teacherSound[heard + i] = teacherSound[heard + i]! + 0.01 * challenge[i]!;
  }
  const band = keptTeacherBand(config);
  const chunks = Array.from({ length: ROOM_S }, (_, k) => ({
    timestampMs: streamStartMs + k * 1000,
    bytes: packTeacherChunk(encodePcm16(teacherSound.subarray(k * RATE, (k + 1) * RATE)), band),
  }));
  return {
    tone: {
      keyHex,
      config,
      playback: { kind: 'live', epochMs, offsetMs: LATENESS_MS + 10, toleranceMs: 50 },
    },
    studentWav: encodeWav(student, RATE),
    timing: {
      claimedStartMs: recordingStartMs + 40,
      uploadReceivedMs: recordingStartMs + RECORDING_S * 1000 + 900,
      clockToleranceMs: 250,
    },
    teacher: { streaming: true, final: true, chunks, stored: true },
    challenge: { attemptId: ATTEMPT_ID },
    position: { latitude: CLASSROOM.latitude + 0.0001, longitude: CLASSROOM.longitude, accuracyM: 10 },
    classroom: CLASSROOM,
  };
}

/** Verifies a made-up proof (`warmUpProofInput`) a few times in this thread; the results are thrown away. */
export function warmUpVerifier(): WarmUpOutcome {
  const input = warmUpProofInput();
  const started = performance.now();
  let result = verifyProof(input);
  // Later rounds recompute the teacher's features too, as a new student's window would.
  for (let i = 1; i < WARM_UP_ROUNDS; i++) result = verifyProof({ ...input, cacheTeacherFeatures: false });
  return { ms: performance.now() - started, verdict: result.verdict };
}
