import type { ProofInput, ProofResult } from '../proof/verify-proof';
import type { TeacherToneLevelInput } from '../proof/teacher-tone-level';
import type { ToneLevelReport } from '../proof/tone-level';
import type { VerifyInput, VerifyResult } from '../verify/verify-presence';
import type { PackedChunks } from './packed-chunks';
import type { ThreadPriorityOutcome } from './thread-priority';
import type { WarmUpOutcome } from './warm-up';

/** A tone-level check as posted: the chunks packed into one transferred buffer. */
export type PackedToneLevelInput = Omit<TeacherToneLevelInput, 'chunks'> & { chunks: PackedChunks };

/**
 * Message from the pool to a worker: one verification, v1 (`verifyPresence`) or v2
 * (`verifyProof`), or one tone-level check on the teacher's stream (`teacherToneLevel`).
 */
export type VerifyRequest =
  | { id: number; kind: 'v1'; input: VerifyInput }
  | { id: number; kind: 'v2'; input: ProofInput }
  | { id: number; kind: 'tone-level'; input: PackedToneLevelInput };

/** Serialisable form of an error thrown inside a worker. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

/** Message from a worker back to the pool. */
export type VerifyResponse =
  | { id: number; ok: true; result: VerifyResult | ProofResult | ToneLevelReport | null }
  | { id: number; ok: false; error: SerializedError };

/** What a worker is started with (`workerData`). */
export interface WorkerSettings {
  /** Nice steps below the event loop (see `lowerThreadPriority`); 0 leaves the priority alone. */
  niceness: number;
  /** Verify a made-up proof a few times before any work (`warmUpVerifier`; presence-0022). */
  warmUp: boolean;
}

/** Sent once by a worker when it starts, before any response: the priority it runs at. */
export interface WorkerStartedNotice {
  notice: 'started';
  priority: ThreadPriorityOutcome;
}

/** How a worker's warm-up went: its outcome, or the error that ended it (the worker carries on cold). */
export type WorkerWarmUpReport = ({ ok: true } & WarmUpOutcome) | { ok: false; message: string };

/** Sent once by a worker that was asked to warm up, after the warm-up and before any response. */
export interface WorkerWarmedUpNotice {
  notice: 'warmed-up';
  report: WorkerWarmUpReport;
}

/** Anything a worker posts to the pool: a response, or one of its notices. */
export type WorkerMessage = VerifyResponse | WorkerStartedNotice | WorkerWarmedUpNotice;
