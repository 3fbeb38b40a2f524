// Worker entry: runs planner calls posted by the runner, one at a time, and answers each by id.
import { parentPort } from 'node:worker_threads';
import { plannerTasks } from './planner-tasks';
import type { PlannerRequest, PlannerResponse, SerializedPlannerError } from './planner-tasks';

if (!parentPort) throw new Error('planner-worker must run in a worker thread');
const port = parentPort;

function serialize(err: unknown): SerializedPlannerError {
  const error = err instanceof Error ? err : new Error(String(err));
  const issues = (error as { issues?: unknown }).issues;
  return {
    name: error.name,
    message: error.message,
    ...(Array.isArray(issues) ? { issues: issues.map(String) } : {}),
  };
}

port.on('message', (request: PlannerRequest) => {
  void (async () => {
    let response: PlannerResponse;
    try {
      const task = plannerTasks[request.task] as (input: unknown) => Promise<unknown>;
      response = { kind: 'result', id: request.id, ok: true, result: await task(request.input) };
    } catch (err) {
      response = { kind: 'result', id: request.id, ok: false, error: serialize(err) };
    }
    port.postMessage(response);
  })();
});

port.postMessage({ kind: 'ready' } satisfies PlannerResponse);
