import type { Worker } from 'node:worker_threads';
import { spawnTsWorker } from '@rollbook/presence';
import type {
  PlannerRequest,
  PlannerResponse,
  PlannerTaskInput,
  PlannerTaskName,
  PlannerTaskOutput,
  SerializedPlannerError,
} from './planner-tasks';

/** The call ran past its hard deadline; the worker was stopped. Callers usually fall back. */
export class PlannerTimeoutError extends Error {
  constructor(task: string, ms: number) {
    super(`planner call ${task} did not finish within ${ms} ms`);
    this.name = 'PlannerTimeoutError';
  }
}

/** Too many planner calls are already waiting; the caller should answer "busy, retry". */
export class PlannerOverloadedError extends Error {
  constructor(waiting: number) {
    super(`planner queue is full (${waiting} waiting)`);
    this.name = 'PlannerOverloadedError';
  }
}

/** An error the planner threw in the worker, rebuilt with its name, message and input issues. */
export class PlannerTaskError extends Error {
  readonly issues: readonly string[];
  constructor(error: SerializedPlannerError) {
    super(error.message);
    this.name = error.name;
    this.issues = error.issues ?? [];
  }
}

export interface PlannerRunnerOptions {
  /** Calls allowed to wait while one runs (default 4); beyond it `run` rejects at once. */
  maxQueue?: number;
  /** How long a new worker may take to load its modules before it is given up (default 30 s). */
  startTimeoutMs?: number;
}

export interface PlannerRunOptions {
  /**
   * Hard limit from the moment the call starts running in a ready worker. The planner's own time
   * budget should be well inside it: past it the worker is terminated, whatever it is doing
   * (HiGHS presolve can ignore its own time limit), and the call rejects with PlannerTimeoutError.
   */
  hardLimitMs: number;
}

export interface PlannerRunner {
  run<K extends PlannerTaskName>(
    task: K,
    input: PlannerTaskInput<K>,
    options: PlannerRunOptions,
  ): Promise<PlannerTaskOutput<K>>;
  /** Rejects waiting calls and stops the worker. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  task: PlannerTaskName;
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
 * Runs planner calls (see `planner-tasks.ts`) in one worker thread, one call at a time (planning
 * is CPU-bound; the machine's other core keeps serving requests). The worker starts on the first
 * call and is reused; a call past its hard limit, or a crash, costs the worker, and the next call
 * starts a fresh one. Waiting calls are bounded so a burst cannot pile up unbounded work.
 */
export function createPlannerRunner(options: PlannerRunnerOptions = {}): PlannerRunner {
  const maxQueue = options.maxQueue ?? 4;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const entry = new URL('./planner-worker.ts', import.meta.url);
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
    const worker = spawnTsWorker(entry);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`planner worker did not start within ${startTimeoutMs} ms`)),
        startTimeoutMs,
      );
      worker.on('message', (message: PlannerResponse) => {
        if (message.kind === 'ready') {
          clearTimeout(timer);
          resolve();
          return;
        }
        const job = running;
        if (!job || job.id !== message.id) return;
        running = null;
        if (message.ok) job.resolve(message.result);
        else job.reject(new PlannerTaskError(message.error));
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
      worker.on('error', (err) => fail(new Error(`planner worker crashed: ${err.message}`)));
      worker.on('exit', (code) => fail(new Error(`planner worker exited with code ${code}`)));
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
          stop(new PlannerTimeoutError(job.task, job.hardLimitMs));
          pump();
        }, job.hardLimitMs);
        const settle =
          <T>(fn: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            fn(value);
          };
        job.resolve = settle(job.resolve);
        job.reject = settle(job.reject);
        const request: PlannerRequest = { id: job.id, task: job.task, input: job.input };
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
      if (closed) return Promise.reject(new Error('planner runner is closed'));
      if (running && queue.length >= maxQueue) {
        return Promise.reject(new PlannerOverloadedError(queue.length));
      }
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
      for (const job of queue.splice(0)) job.reject(new Error('planner runner is closed'));
      const current = live;
      stop(new Error('planner runner is closed'));
      if (current) await current.worker.terminate();
    },
  };
}
