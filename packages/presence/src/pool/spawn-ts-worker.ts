import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/**
 * Starts a worker thread on `entry`, which may be a TypeScript file. Node 20 does not apply
 * `--import tsx` from a worker's execArgv to the worker's own entry module, so a TypeScript entry
 * is started through a two-line bootstrap that registers tsx's ESM hooks in the new thread and
 * then imports the entry. Works the same under tsx, vitest and plain Node; a compiled `.js` entry
 * is started directly. `options` carries the other worker settings, such as `resourceLimits`.
 */
export function spawnTsWorker(
  entry: URL,
  workerData?: unknown,
  options: Omit<WorkerOptions, 'eval' | 'workerData'> = {},
): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { ...options, workerData });
  // tsx's package exports map "./esm/api" (import condition) to this file.
  const api = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs'),
  );
  const bootstrap = `import(${JSON.stringify(api.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true, workerData });
}
