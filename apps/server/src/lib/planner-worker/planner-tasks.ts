import { allocateLoad, planDivisions, warmUpAllocation } from '@rollbook/planner';
import type { SerializedTaskError } from '../worker-runner/task-protocol';

/**
 * The planner calls that may run in the planner worker, by name. Each takes one structured-clonable
 * input and resolves to a structured-clonable result. Add a planner call here to run it off the
 * request thread through `app.planner.run(name, input)`.
 */
export const plannerTasks = {
  allocateLoad,
  planDivisions,
  /** Warms the solver and the allocator's code in this worker (the plugin runs it at boot). */
  warmUpAllocation,
} as const;

export type PlannerTasks = typeof plannerTasks;
export type PlannerTaskName = keyof PlannerTasks;
export type PlannerTaskInput<K extends PlannerTaskName> = Parameters<PlannerTasks[K]>[0];
export type PlannerTaskOutput<K extends PlannerTaskName> = Awaited<ReturnType<PlannerTasks[K]>>;

/** An error thrown inside the worker, in a form that survives postMessage. */
export type SerializedPlannerError = SerializedTaskError;
