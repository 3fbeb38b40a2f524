import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import {
  PresenceInputError,
  PresenceOverloadedError,
  PresenceWorkerError,
  type PresenceInputErrorCode,
} from '../errors';
import type { TeacherToneLevelInput } from '../proof/teacher-tone-level';
import type { ToneLevelReport } from '../proof/tone-level';
import type { ProofInput, ProofResult } from '../proof/verify-proof';
import type { VerifyInput, VerifyResult } from '../verify/verify-presence';
import { packChunks } from './packed-chunks';
import type {
  PackedToneLevelInput,
  SerializedError,
  VerifyRequest,
  WorkerMessage,
  WorkerSettings,
  WorkerWarmUpReport,
} from './pool-protocol';
import type { ThreadPriorityOutcome } from './thread-priority';
import { spawnTsWorker } from './spawn-ts-worker';
import { workerEntry } from './worker-entry';

/** Options of `createVerifierPool`. */
export interface VerifierPoolOptions {
  /** Worker threads; default: available cores minus one (at least 1), leaving one for the event loop. */
  size?: number;
  /** Verifications allowed to wait for a worker; beyond it `verify` rejects with PresenceOverloadedError. */
  maxQueue?: number;
  /**
   * Nice steps the workers run below the calling thread (Linux; elsewhere ignored), so that an
   * event loop beside them keeps its CPU when verifications fill the machine (presence-0020).
   * Default 0: unchanged.
   */
  workerNice?: number;
  /** Told, per worker start, what priority the worker got (or why it could not be lowered). */
  onWorkerStarted?: (priority: ThreadPriorityOutcome) => void;
  /**
   * Each worker verifies a made-up proof a few times when it starts, before any work, so that the
   * first real verifications do not pay for compiling the verifier (~10 × a warm one; presence-0022).
   * Work goes only to workers that have finished (a replaced worker's warm-up does not hold up what
   * the others can take). Default false.
   */
  warmUp?: boolean;
  /** Told, per worker that warmed up, how it went. */
  onWorkerWarmedUp?: (report: WorkerWarmUpReport) => void;
}

/** Counters for health checks and metrics. */
export interface VerifierPoolStats {
  size: number;
  busy: number;
  queued: number;
  completed: number;
  failed: number;
  rejected: number;
  restarts: number;
  /**
   * Warm-ups finished (`warmUp`) and failed, running totals since the pool started (a worker that
   * replaces a crashed one warms up again).
   */
  warmedUp: number;
  warmUpFailed: number;
}

/** A pool of worker threads running `verifyPresence` off the event loop. */
export interface VerifierPool {
  /** Queues one verification; rejects with PresenceOverloadedError when the queue is full. */
  verify(input: VerifyInput): Promise<VerifyResult>;
  /** Queues one v2 verification (`verifyProof`), same queue and limits. */
  verifyProof(input: ProofInput): Promise<ProofResult>;
  /**
   * Queues one tone-level check on the teacher's stream (`teacherToneLevel`), same queue and
   * limits. The chunks' bytes are copied once into a buffer the post transfers; the caller's
   * chunks are left as they were.
   */
  toneLevel(input: TeacherToneLevelInput): Promise<ToneLevelReport | null>;
  /** Stops accepting work, lets queued and running verifications finish, then ends the workers. */
  close(): Promise<void>;
  stats(): VerifierPoolStats;
}

type Task = { id: number; reject: (error: Error) => void } & (
  | { kind: 'v1'; input: VerifyInput; resolve: (result: VerifyResult) => void }
  | { kind: 'v2'; input: ProofInput; resolve: (result: ProofResult) => void }
  | { kind: 'tone-level'; input: PackedToneLevelInput; resolve: (result: ToneLevelReport | null) => void }
);

interface Slot {
  worker: Worker;
  task: Task | null;
  /** False while the worker warms up (`warmUp`): work goes to the others, or waits in the queue. */
  ready: boolean;
}

const DEFAULT_MAX_QUEUE = 1000;

function reviveError(error: SerializedError): Error {
  if (error.name === 'PresenceInputError' && error.code) {
    return new PresenceInputError(error.code as PresenceInputErrorCode, error.message);
  }
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

/**
 * Starts a pool of worker threads for `verifyPresence`. Work is dispatched to idle workers in
 * arrival order; at most `maxQueue` verifications wait, and the next one is refused at once with
 * `PresenceOverloadedError` (back-pressure the HTTP layer turns into a 503) instead of growing
 * memory without bound. A worker that crashes fails only its own task and is replaced.
 */
export function createVerifierPool(opts: VerifierPoolOptions = {}): VerifierPool {
  const size = Math.max(1, Math.floor(opts.size ?? Math.max(1, availableParallelism() - 1)));
  const maxQueue = Math.max(0, Math.floor(opts.maxQueue ?? DEFAULT_MAX_QUEUE));
  const entry = workerEntry(import.meta.url, 'verify-worker');
  const queue: Task[] = [];
  const slots: Slot[] = [];
  const counters = { completed: 0, failed: 0, rejected: 0, restarts: 0, warmedUp: 0, warmUpFailed: 0 };
  const settings: WorkerSettings = {
    niceness: Math.max(0, Math.floor(opts.workerNice ?? 0)),
    warmUp: opts.warmUp ?? false,
  };
  let nextId = 1;
  let closing = false;
  let drained: (() => void) | null = null;
  let closed: Promise<void> | null = null;

  const spawn = (): Slot => {
    const worker = spawnTsWorker(entry, settings);
    const slot: Slot = { worker, task: null, ready: !settings.warmUp };
    worker.on('message', (message: WorkerMessage) => {
      if ('notice' in message) {
        if (message.notice === 'started') {
          opts.onWorkerStarted?.(message.priority);
          return;
        }
        if (message.report.ok) counters.warmedUp++;
        else counters.warmUpFailed++;
        slot.ready = true;
        opts.onWorkerWarmedUp?.(message.report);
        pump();
        return;
      }
      const response = message;
      const task = slot.task;
      if (!task || task.id !== response.id) return;
      slot.task = null;
      if (response.ok) {
        counters.completed++;
        // The worker answers each kind with its own result type (verify-worker.ts).
        if (task.kind === 'v2') task.resolve(response.result as ProofResult);
        else if (task.kind === 'tone-level') task.resolve(response.result as ToneLevelReport | null);
        else task.resolve(response.result as VerifyResult);
      } else {
        counters.failed++;
        task.reject(reviveError(response.error));
      }
      pump();
    });
    const replace = (why: string): void => {
      const task = slot.task;
      slot.task = null;
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (task) {
        counters.failed++;
        task.reject(new PresenceWorkerError('worker_failed', why));
      }
      if (!closing) {
        counters.restarts++;
        slots.push(spawn());
      }
      pump();
    };
    worker.on('error', (err) => replace(`verifier worker crashed: ${err.message}`));
    worker.on('exit', (code) => {
      if (slots.includes(slot)) replace(`verifier worker exited with code ${code}`);
    });
    return slot;
  };

  const pump = (): void => {
    for (const slot of slots) {
      if (slot.task || !slot.ready) continue;
      const task = queue.shift();
      if (!task) break;
      slot.task = task;
      if (task.kind === 'tone-level') {
        // Moved, not cloned: the packed buffer is the pool's own (packChunks).
        const request: VerifyRequest = { id: task.id, kind: 'tone-level', input: task.input };
        slot.worker.postMessage(request, [task.input.chunks.bytes]);
        continue;
      }
      const request: VerifyRequest =
        task.kind === 'v2'
          ? { id: task.id, kind: 'v2', input: task.input }
          : { id: task.id, kind: 'v1', input: task.input };
      slot.worker.postMessage(request);
    }
    if (closing && drained && queue.length === 0 && slots.every((s) => !s.task)) drained();
  };

  function enqueue<R>(make: (resolve: (r: R) => void, reject: (e: Error) => void) => Task): Promise<R> {
    if (closing) return Promise.reject(new PresenceWorkerError('pool_closed', 'verifier pool is closed'));
    const idle = slots.some((s) => s.ready && !s.task);
    if (!idle && queue.length >= maxQueue) {
      counters.rejected++;
      return Promise.reject(
        new PresenceOverloadedError(
          `verifier queue is full (${queue.length} waiting); retry in a few seconds`,
        ),
      );
    }
    return new Promise<R>((resolve, reject) => {
      queue.push(make(resolve, reject));
      pump();
    });
  }

  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    verify(input: VerifyInput): Promise<VerifyResult> {
      return enqueue<VerifyResult>((resolve, reject) => ({
        id: nextId++,
        kind: 'v1',
        input,
        resolve,
        reject,
      }));
    },
    verifyProof(input: ProofInput): Promise<ProofResult> {
      return enqueue<ProofResult>((resolve, reject) => ({
        id: nextId++,
        kind: 'v2',
        input,
        resolve,
        reject,
      }));
    },
    toneLevel(input: TeacherToneLevelInput): Promise<ToneLevelReport | null> {
      return enqueue<ToneLevelReport | null>((resolve, reject) => ({
        id: nextId++,
        kind: 'tone-level',
        input: { ...input, chunks: packChunks(input.chunks) },
        resolve,
        reject,
      }));
    },
    close(): Promise<void> {
      closed ??= (async () => {
        closing = true;
        await new Promise<void>((resolve) => {
          drained = resolve;
          pump();
        });
        const workers = slots.splice(0, slots.length).map((s) => s.worker);
        await Promise.all(workers.map((w) => w.terminate()));
      })();
      return closed;
    },
    stats(): VerifierPoolStats {
      return {
        size: slots.length,
        busy: slots.filter((s) => s.task).length,
        queued: queue.length,
        ...counters,
      };
    },
  };
}
