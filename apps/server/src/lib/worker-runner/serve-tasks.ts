import './worker-priority';
import { parentPort } from 'node:worker_threads';
import type { SerializedTaskError, TaskMap, TaskRequest, TaskResponse } from './task-protocol';

function serialize(err: unknown): SerializedTaskError {
  const error = err instanceof Error ? err : new Error(String(err));
  const { issues, row } = error as { issues?: unknown; row?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(Array.isArray(issues) ? { issues: issues.map(String) } : {}),
    ...(typeof row === 'number' ? { row } : {}),
  };
}

/**
 * The worker side of a worker runner: answers each posted call of `tasks` by id, one at a time
 * (the runner sends the next only after the answer), and says it is ready once its modules are
 * loaded. Call it once from a worker entry file.
 */
export function serveTasks(tasks: TaskMap): void {
  if (!parentPort) throw new Error('a worker entry must run in a worker thread');
  const port = parentPort;
  port.on('message', (request: TaskRequest) => {
    void (async () => {
      let response: TaskResponse;
      try {
        const task = tasks[request.task] as ((input: unknown) => unknown) | undefined;
        if (!task) throw new Error(`unknown worker task ${request.task}`);
        response = { kind: 'result', id: request.id, ok: true, result: await task(request.input) };
      } catch (err) {
        response = { kind: 'result', id: request.id, ok: false, error: serialize(err) };
      }
      port.postMessage(response);
    })();
  });
  port.postMessage({ kind: 'ready' } satisfies TaskResponse);
}
