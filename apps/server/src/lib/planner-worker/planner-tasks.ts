import { allocateLoad, planDivisions } from '@rollbook/planner';

/**
 * The planner calls that may run in the planner worker, by name. Each takes one structured-clonable
 * input and resolves to a structured-clonable result. Add a planner call here to run it off the
 * request thread through `app.planner.run(name, input)`.
 */
export const plannerTasks = {
  allocateLoad,
  planDivisions,
} as const;

export type PlannerTasks = typeof plannerTasks;
export type PlannerTaskName = keyof PlannerTasks;
export type PlannerTaskInput<K extends PlannerTaskName> = Parameters<PlannerTasks[K]>[0];
export type PlannerTaskOutput<K extends PlannerTaskName> = Awaited<ReturnType<PlannerTasks[K]>>;

/** Message from the runner to the worker: one call. */
export interface PlannerRequest {
  id: number;
  task: PlannerTaskName;
  input: unknown;
}

/** An error thrown inside the worker, in a form that survives postMessage. */
export interface SerializedPlannerError {
  name: string;
  message: string;
  /** Input problems listed by the planner's input errors (AllocationInputError, PlannerInputError). */
  issues?: string[];
}

/** Messages from the worker: ready once its modules are loaded, then one answer per request. */
export type PlannerResponse =
  | { kind: 'ready' }
  | { kind: 'result'; id: number; ok: true; result: unknown }
  | { kind: 'result'; id: number; ok: false; error: SerializedPlannerError };
