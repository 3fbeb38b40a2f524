// Imported first by serve-tasks.ts, so it runs in a new worker before the task modules load (for
// the spreadsheet worker, loading ExcelJS is its heaviest work).
import { getPriority, setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import type { WorkerSettings } from './task-protocol';

const settings = workerData as WorkerSettings | undefined;
// On Linux the nice value belongs to the calling thread alone (elsewhere it would be the whole
// process, request thread included, so it is left alone there). Relative to the server's own.
if (settings?.niceness && process.platform === 'linux') {
  setPriority(Math.min(19, getPriority() + settings.niceness));
}
