// Worker entry: reads one workbook (read-workbook.ts) off the main thread and posts the rows back.
import { parentPort, workerData } from 'node:worker_threads';
import { readWorkbook, type WorkbookFile } from './read-workbook';

if (!parentPort) throw new Error('read-workbook.worker must run in a worker thread');
const port = parentPort;
const { files } = workerData as { files: { name: string; data: Uint8Array }[] };
const input: WorkbookFile[] = files.map((f) => ({
  name: f.name,
  data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength),
}));

readWorkbook(input).then(
  (result) => port.postMessage({ ok: true, result }),
  (err: unknown) =>
    port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
);
