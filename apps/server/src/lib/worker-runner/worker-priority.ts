// Imported first by serve-tasks.ts, so it runs in a new worker before the task modules load (for
// the spreadsheet worker, loading ExcelJS is its heaviest work).
import { workerData } from 'node:worker_threads';
// The subpath alone: the whole engine would load before the priority is lowered.
import { lowerThreadPriority, priorityShortfall } from '@rollbook/presence/thread-priority';
import type { WorkerSettings } from './task-protocol';

const settings = workerData as WorkerSettings | undefined;
// This thread alone, relative to the server's own priority (Linux; elsewhere left alone: there the
// value is the whole process's, request thread included).
if (settings?.niceness && process.platform === 'linux') {
  const shortfall = priorityShortfall(lowerThreadPriority(settings.niceness), settings.niceness);
  if (shortfall) process.emitWarning(`worker priority ${shortfall}`);
}
