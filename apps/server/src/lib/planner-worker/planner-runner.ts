import { createWorkerRunner } from '../worker-runner/worker-runner';
import { workerEntry } from '../worker-runner/worker-entry';
import type {
  PlannerTaskInput,
  PlannerTaskName,
  PlannerTaskOutput,
  PlannerTasks,
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

/**
 * Runs planner calls (see `planner-tasks.ts`) in one worker thread, one call at a time (planning
 * is CPU-bound; the machine's other core keeps serving requests), through the shared worker runner:
 * started on the first call, reused, replaced after a timeout or crash, with a bounded queue.
 */
export function createPlannerRunner(options: PlannerRunnerOptions = {}): PlannerRunner {
  return createWorkerRunner<PlannerTasks>({
    name: 'planner',
    entry: workerEntry(import.meta.url, 'planner-worker'),
    ...options,
    errors: {
      timeout: (task, ms) => new PlannerTimeoutError(task, ms),
      overloaded: (waiting) => new PlannerOverloadedError(waiting),
      task: (error) => new PlannerTaskError(error),
    },
  });
}
