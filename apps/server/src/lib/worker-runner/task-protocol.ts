/**
 * The messages between a worker runner and its worker thread. Kept free of runtime code so both
 * sides can import it without loading each other.
 */

/**
 * Calls a worker offers, by name: each takes one structured-clonable input and resolves to a
 * structured-clonable result. (`never` accepts any one-argument function; callers see each call's
 * own types through TaskInput and TaskOutput.)
 */
export type TaskMap = Record<string, (input: never) => unknown>;

export type TaskName<T extends TaskMap> = keyof T & string;
export type TaskInput<T extends TaskMap, K extends TaskName<T>> = Parameters<T[K]>[0];
export type TaskOutput<T extends TaskMap, K extends TaskName<T>> = Awaited<ReturnType<T[K]>>;

/** Message from the runner to the worker: one call. */
export interface TaskRequest {
  id: number;
  task: string;
  input: unknown;
}

/** An error thrown inside the worker, in a form that survives postMessage. */
export interface SerializedTaskError {
  name: string;
  message: string;
  /** Input problems listed by errors that carry an `issues` array (the planner's input errors). */
  issues?: string[];
  /** The file row an unreadable-file error points at (a CSV quote never closed). */
  row?: number;
}

/** Messages from the worker: ready once its modules are loaded, then one answer per request. */
export type TaskResponse =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; ok: true; result: unknown }
  | { kind: 'result'; id: number; ok: false; error: SerializedTaskError };

/** What the runner tells a new worker (its `workerData`). */
export interface WorkerSettings {
  niceness: number;
}
