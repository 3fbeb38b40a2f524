import { channel } from 'node:diagnostics_channel';
import { AppError } from '../app-error';
import { createWorkerRunner, WorkerCrashError } from '../worker-runner/worker-runner';
import { workerEntry } from '../worker-runner/worker-entry';
import type { SheetRow } from './sheet-row';
import { megabytes, SPREADSHEET_LIMITS, type SpreadsheetLimits } from './spreadsheet-limits';
import { SpreadsheetTooLargeError, UnreadableFileError } from './spreadsheet-errors';
import { spreadsheetKind } from './read-spreadsheet';
import type { SpreadsheetTasks } from './spreadsheet-tasks';

/**
 * Published when a file is handed to the worker and when its answer is back (`{ filename, bytes }`,
 * then `{ filename, ok }`): for probes and tests that need to act while a file is being read.
 */
export const spreadsheetReadStart = channel('rollbook:spreadsheet-read:start');
export const spreadsheetReadEnd = channel('rollbook:spreadsheet-read:end');

export interface SpreadsheetReader {
  /**
   * Reads the first sheet of an uploaded .xlsx or CSV file into rows of text, off the request
   * thread. Rejects with UnreadableFileError (400), SpreadsheetTooLargeError (413) or a 503 when
   * other uploads fill the queue.
   */
  read(file: { filename: string; data: Buffer }): Promise<SheetRow[]>;
  close(): Promise<void>;
}

export interface SpreadsheetReaderOptions {
  limits?: SpreadsheetLimits;
  /** Reads allowed to wait while one runs (default 4). */
  maxQueue?: number;
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

/** Rebuilds the worker's refusals as the AppErrors they were; anything else is a server fault. */
function rebuild(error: { name: string; message: string; row?: number }): Error {
  if (error.name === 'UnreadableFileError') return new UnreadableFileError(error.message, error.row);
  if (error.name === 'SpreadsheetTooLargeError') return new SpreadsheetTooLargeError(error.message);
  const unexpected = new Error(error.message);
  unexpected.name = error.name;
  return unexpected;
}

/**
 * The spreadsheet worker: one worker thread, started on the first upload, that reads files within
 * the limits (spreadsheet-limits.ts) and is terminated past the time limit or its heap limit, so a
 * big or malicious file costs the worker, never the request thread.
 */
export function createSpreadsheetReader(options: SpreadsheetReaderOptions = {}): SpreadsheetReader {
  const limits = options.limits ?? SPREADSHEET_LIMITS;
  const runner = createWorkerRunner<SpreadsheetTasks>({
    name: 'spreadsheet',
    entry: workerEntry(import.meta.url, 'spreadsheet-worker'),
    maxQueue: options.maxQueue ?? 4,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    // Reading can wait a little; answering the other requests should not.
    niceness: 10,
    errors: {
      timeout: () =>
        new SpreadsheetTooLargeError(
          `The file took too long to read (over ${duration(limits.maxMs)}), so nothing was saved. Split it into smaller files and upload them one at a time`,
        ),
      overloaded: () =>
        new AppError('overloaded', 'The server is busy reading other uploads. Please try again in a moment'),
      task: rebuild,
    },
  });

  return {
    async read(file) {
      const kind = spreadsheetKind(file);
      spreadsheetReadStart.publish({ filename: file.filename, bytes: file.data.length });
      let ok = false;
      try {
        const rows = await runner.run(
          'readSpreadsheet',
          { kind, data: file.data, limits },
          { hardLimitMs: limits.maxMs },
        );
        ok = true;
        return rows;
      } catch (err) {
        if (err instanceof WorkerCrashError && err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new SpreadsheetTooLargeError(
            `The file needs more memory to read than the server allows (${megabytes(limits.maxHeapMb * 1024 * 1024)}), so nothing was saved. Split it into smaller files and upload them one at a time`,
          );
        }
        throw err;
      } finally {
        spreadsheetReadEnd.publish({ filename: file.filename, ok });
      }
    },
    close: () => runner.close(),
  };
}
