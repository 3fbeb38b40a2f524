import { Worker } from 'node:worker_threads';
import {
  highsModule,
  highsOptions,
  NOT_STARTED_PAST_DEADLINE,
  PRESOLVE_MAX_ROWS,
  runMip,
  runNotStarted,
} from './highs-runner';
import type { MipRun, MipRunOptions } from './highs-runner';

// How often the parent looks at its clock while the worker solves (ms of wall time). The call ends
// at most this much plus one thread termination after its deadline.
const POLL_MS = 5;

/** What mip-worker.mjs posts. */
type WorkerMessage =
  | { readonly kind: 'loaded'; readonly names: readonly string[] }
  | { readonly kind: 'incumbent'; readonly values: Float64Array; readonly objective?: number }
  | { readonly kind: 'bound'; readonly dualBound: number }
  | {
      readonly kind: 'done';
      readonly status: MipRun['status'];
      readonly values: Float64Array | null;
      readonly objective: number | null;
      readonly dualBound: number | null;
      readonly detail: string;
    }
  | { readonly kind: 'failed'; readonly detail: string };

/** Options of {@link runIsolatedMip}: those of an in-thread MIP run (no LP relaxation). */
export type IsolatedMipOptions = Omit<MipRunOptions, 'relax'>;

/**
 * Models with more rows than this are solved in a worker that is ended at the deadline. Measured
 * on the divisions bench (CPU time of the gaps between HiGHS's interrupt polls, no limit): at
 * 610-1,061 rows (120 mixed, 240 tracked students) the polls came every 20-60 ms, at 3,000-6,300
 * rows (360-600 tracked, 240-360 mixed) gaps of 0.2-0.7 s (tracked) and 3.3-4.1 s (mixed, right
 * after the root LP) followed. Below it a thread start (60-100 ms of CPU, more in a process's
 * first runs) would cost more than HiGHS can overshoot, and these are the models the MIP solves
 * to optimality within the budget. The same limit as presolve's, whose work also ignores limits.
 */
export const ISOLATE_ABOVE_ROWS = PRESOLVE_MAX_ROWS;

/** True when a model of about `rows` rows is solved in a worker thread (see {@link runBoundedMip}). */
export function solvesInWorker(rows: number): boolean {
  return rows > ISOLATE_ABOVE_ROWS;
}

/**
 * What ending a worker may cost before three have ended in this process, in `performance.now()` ms
 * (CPU ms under the benches' CPU clock): the thread's end waits for the compiling V8 does for the
 * code it ran. On the bench machine (allocation cost models, 40-150 teachers) the first two or three
 * workers of a process took 100-540 ms of CPU to end, whether HiGHS had finished or the parent ended
 * it (595 ms with a single V8 platform thread); later ones 4-40 ms.
 */
export const COLD_WORKER_STOP_MS = 500;
/** How many of the last ends {@link workerStopMs} looks at. */
const STOP_HISTORY = 3;
/** The last ends' costs, the cold cost standing in for those not yet seen. */
const recentStops: number[] = Array.from({ length: STOP_HISTORY }, () => COLD_WORKER_STOP_MS);

/**
 * Least time {@link workerStopMs} keeps: after a warm-up's three short runs, the first worker ended
 * in a larger model still took 110-230 ms (V8 compiles code that run made hot), against 4-20 ms
 * once it has run.
 */
const WARM_WORKER_STOP_MS = 100;

/**
 * Time to keep between a worker's deadline and the caller's own end: the most the last three ends
 * of a worker took in this process (the cold cost until three have ended), at least
 * WARM_WORKER_STOP_MS. A caller whose budget must hold gives the worker its deadline less this.
 */
export function workerStopMs(): number {
  return Math.max(WARM_WORKER_STOP_MS, ...recentStops);
}

/** Detail of a run that the parent ended at its deadline. */
export const STOPPED_AT_DEADLINE = 'worker ended at the deadline';

function valuesByName(names: readonly string[] | null, values: Float64Array | null) {
  if (!names || !values) return null;
  const byName = new Map<string, number>();
  names.forEach((name, index) => byName.set(name, values[index] ?? 0));
  return byName;
}

/**
 * {@link runMip} in a worker thread that is ended at the deadline. HiGHS does not poll its
 * interrupt callbacks or time limit during some of its MIP work (at 240-360 mixed students the
 * division MIP spent 3-4 s of CPU after its root LP without one poll, for a 0.65-s limit), so a
 * deadline can only be kept by stopping the thread: the parent checks its clock every few ms and
 * terminates the worker when it has passed, keeping the last incumbent and dual bound the worker
 * reported. When HiGHS finishes first the result is the same as in-thread (same options, start
 * and code), so the run is deterministic whenever the deadline does not cut it. Costs one thread
 * start (~60-100 ms of CPU) per call, so LPs that honour their interrupts stay in-thread.
 */
export async function runIsolatedMip(lpText: string, options: IsolatedMipOptions): Promise<MipRun> {
  const clock = options.clock ?? (() => performance.now());
  const started = performance.now();
  // A worker started past its deadline (60-100 ms of CPU) could only be ended at once.
  if (clock() >= options.deadline) return runNotStarted(NOT_STARTED_PAST_DEADLINE);
  const wasmModule = await highsModule();
  const worker = new Worker(new URL('./mip-worker.mjs', import.meta.url), {
    workerData: {
      wasmModule,
      lpText,
      options: highsOptions(options.deadline - clock(), options.absoluteGap),
      presolveMaxRows: PRESOLVE_MAX_ROWS,
      start: options.start ?? null,
    },
  });
  let names: readonly string[] | null = null;
  let incumbent: { values: Float64Array; objective: number | null } | null = null;
  let dualBound: number | null = null;
  const outcome = await new Promise<Omit<MipRun, 'timeMs'>>((resolve) => {
    let settled = false;
    const settle = (run: Omit<MipRun, 'timeMs'>) => {
      if (settled) return;
      settled = true;
      clearInterval(poll);
      resolve(run);
    };
    const stopped = (status: MipRun['status'], detail: string): Omit<MipRun, 'timeMs'> => ({
      status,
      values: valuesByName(names, incumbent?.values ?? null),
      objective: incumbent?.objective ?? null,
      dualBound,
      detail,
    });
    const poll = setInterval(() => {
      if (clock() >= options.deadline) settle(stopped('limit', STOPPED_AT_DEADLINE));
    }, POLL_MS);
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'loaded') names = message.names;
      else if (message.kind === 'incumbent')
        incumbent = { values: message.values, objective: message.objective ?? null };
      else if (message.kind === 'bound') dualBound = Math.max(dualBound ?? -Infinity, message.dualBound);
      else if (message.kind === 'failed') settle(stopped('error', message.detail));
      else
        settle({
          status: message.status,
          values: valuesByName(names, message.values),
          objective: message.objective,
          dualBound: message.dualBound,
          detail: message.detail,
        });
    });
    // Solver errors are results, never exceptions, so callers can always fall back.
    worker.on('error', (error) => settle(stopped('error', error.message)));
    worker.on('exit', (code) => settle(stopped('error', `mip worker exited with code ${code}`)));
    if (clock() >= options.deadline) settle(stopped('limit', STOPPED_AT_DEADLINE));
  });
  // Timed by performance.now(), not the caller's clock: a test's clock may count its readings.
  const stopping = performance.now();
  await worker.terminate();
  recentStops.push(Math.max(0, performance.now() - stopping));
  recentStops.splice(0, recentStops.length - STOP_HISTORY);
  return { ...outcome, timeMs: performance.now() - started };
}

/**
 * Runs a MIP of about `rows` rows so that it ends by `options.deadline`: in a worker ended at the
 * deadline when the model is large ({@link solvesInWorker}), in this thread otherwise.
 */
export function runBoundedMip(lpText: string, rows: number, options: IsolatedMipOptions): Promise<MipRun> {
  return solvesInWorker(rows) ? runIsolatedMip(lpText, options) : runMip(lpText, options);
}
