import { spawnTsWorker, workerEntry } from '@rollbook/presence';
import type { RawWorkbook, WorkbookFile } from './read-workbook';

const WORKER = workerEntry(import.meta.url, 'read-workbook.worker');

/** How long reading may take before the worker is stopped (a hostile file, a stuck parser). */
const READ_LIMIT_MS = 120_000;

/**
 * Reads a workbook in a worker thread of its own: unpacking and parsing a large .xlsx takes most of
 * a second of CPU, which would otherwise stall every other request of this server. One worker per
 * read, stopped when it answers; the main thread only receives the rows.
 */
export function readWorkbookInWorker(files: WorkbookFile[]): Promise<RawWorkbook> {
  return new Promise((resolve, reject) => {
    const worker = spawnTsWorker(WORKER, { files: files.map((f) => ({ name: f.name, data: f.data })) });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`reading the workbook took longer than ${READ_LIMIT_MS / 1000} s`));
    }, READ_LIMIT_MS);
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    worker.once('message', (message: { ok: true; result: RawWorkbook } | { ok: false; message: string }) =>
      finish(() => (message.ok ? resolve(message.result) : reject(new Error(message.message)))),
    );
    worker.once('error', (err) => finish(() => reject(err)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the workbook reader stopped (exit ${code})`))),
    );
  });
}
