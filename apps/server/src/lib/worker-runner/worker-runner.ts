import type { ResourceLimits, Worker } from 'node:worker_threads';
import { spawnTsWorker } from '@rollbook/presence';
import type {
  SerializedTaskError,
  TaskInput,
  TaskMap,
  TaskName,
  TaskOutput,
  TaskRequest,
  TaskResponse,
  WorkerSettings,
} from './task-protocol';

/** The worker thread died (crash, exit, or its heap limit); `code` is Node's, e.g. ERR_WORKER_OUT_OF_MEMORY. */
export class WorkerCrashError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'WorkerCrashError';
    this.code = code;
  }
}

/** How a runner turns its failures into the errors its callers know. */
export interface WorkerRunnerErrors {
  /** The call ran past its hard limit; the worker was stopped. */
  timeout(task: string, ms: number): Error;
  /** Too many calls are already waiting. */
  overloaded(waiting: number): Error;
  /** The task itself threw in the worker. */
  task(error: SerializedTaskError): Error;
}

export interface WorkerRunnerOptions {
  /** Named in crash and start-up messages ("planner worker crashed: ..."). */
  name: string;
  /** The worker entry file (see worker-entry.ts); it calls `serveTasks`. */
  entry: URL;
  errors: WorkerRunnerErrors;
  /** Calls allowed to wait while one runs (default 4); beyond it `run` rejects at once. */
  maxQueue?: number;
  /** How long a new worker may take to load its modules before it is given up (default 30 s). */
  startTimeoutMs?: number;
  /** Heap limits of the worker: past them Node stops it, and the call fails with WorkerCrashError. */
  resourceLimits?: ResourceLimits;
  /**
   * Nice value of the worker thread on Linux, added to the server's own (up to 19, the lowest): lets
   * the request thread win the CPU when both want it, so requests keep being answered quickly
   * while the worker is busy. Linux keeps a nice value per thread; elsewhere it is not applied.
   */
  niceness?: number;
}

export interface WorkerRunOptions {
  /**
   * Hard limit from the moment the call starts running in a ready worker: past it the worker is
   * terminated, whatever it is doing, and the call rejects with the runner's timeout error.
   */
  hardLimitMs: number;
}

export interface WorkerRunner<T extends TaskMap> {
  run<K extends TaskName<T>>(
    task: K,
    input: TaskInput<T, K>,
    options: WorkerRunOptions,
  ): Promise<TaskOutput<T, K>>;
  /** Rejects waiting calls and stops the worker. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  hardLimitMs: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Live {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * Runs calls in one worker thread, one call at a time (they are CPU-bound; the machine's other
 * core keeps serving requests). The worker starts on the first call and is reused; a call past its
 * hard limit, or a crash, costs the worker, and the next call starts a fresh one. Waiting calls are
 * bounded so a burst cannot pile up unbounded work.
 */
export function createWorkerRunner<T extends TaskMap>(options: WorkerRunnerOptions): WorkerRunner<T> {
  const { name, entry, errors } = options;
  const maxQueue = options.maxQueue ?? 4;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const queue: Job[] = [];
  let live: Live | null = null;
  let running: Job | null = null;
  let nextId = 1;
  let closed = false;

  const stop = (why: Error): void => {
    const current = live;
    live = null;
    if (current) void current.worker.terminate();
    const job = running;
    running = null;
    job?.reject(why);
  };

  const start = (): Live => {
    const workerData: WorkerSettings = { niceness: options.niceness ?? 0 };
    const worker = spawnTsWorker(entry, workerData, { resourceLimits: options.resourceLimits });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} worker did not start within ${startTimeoutMs} ms`)),
        startTimeoutMs,
      );
      worker.on('message', (message: TaskResponse) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
          return;
        }
        const job = running;
        if (!job || job.id !== message.id) return;
        running = null;
        if (message.ok) job.resolve(message.result);
        else job.reject(errors.task(message.error));
        pump();
      });
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
        if (live?.worker === worker) {
          stop(error);
          pump();
        }
      };
      worker.on('error', (err: Error & { code?: string }) =>
        fail(new WorkerCrashError(`${name} worker crashed: ${err.message}`, err.code)),
      );
      worker.on('exit', (code) => fail(new WorkerCrashError(`${name} worker exited with code ${code}`)));
    });
    // A start failure is reported to the job that waits for it, never as an unhandled rejection.
    ready.catch(() => undefined);
    return { worker, ready };
  };

  const pump = (): void => {
    if (running || closed) return;
    const job = queue.shift();
    if (!job) return;
    running = job;
    live ??= start();
    const current = live;
    current.ready.then(
      () => {
        if (running !== job || live !== current) return;
        const timer = setTimeout(() => {
          if (running !== job) return;
          stop(errors.timeout(job.task, job.hardLimitMs));
          pump();
        }, job.hardLimitMs);
        const settle =
          <V>(fn: (value: V) => void) =>
          (value: V) => {
            clearTimeout(timer);
            fn(value);
          };
        job.resolve = settle(job.resolve);
        job.reject = settle(job.reject);
        const request: TaskRequest = { id: job.id, task: job.task, input: job.input };
        current.worker.postMessage(request);
      },
      (error: Error) => {
        if (running !== job) return;
        stop(error);
        pump();
      },
    );
  };

  return {
    run(task, input, runOptions) {
      if (closed) return Promise.reject(new Error(`${name} runner is closed`));
      if (running && queue.length >= maxQueue) return Promise.reject(errors.overloaded(queue.length));
      return new Promise((resolve, reject) => {
        queue.push({
          id: nextId++,
          task,
          input,
          hardLimitMs: runOptions.hardLimitMs,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error(`${name} runner is closed`));
      const current = live;
      stop(new Error(`${name} runner is closed`));
      if (current) await current.worker.terminate();
    },
  };
}
