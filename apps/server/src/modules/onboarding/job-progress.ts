import type { ImportProgress } from './progress';
import type { ImportJobPatch } from './import-jobs.repository';

/** Progress writes come at most this often; a poll every second sees a moving bar. */
const WRITE_EVERY_MS = 300;

/**
 * An import's progress, written to its job row in the background: the latest phase and counts
 * are kept in memory and written at most every few hundred milliseconds, one write at a time, in
 * order. The import never waits for these writes (with the embedded database they wait until the
 * import's transaction ends), and `settle` waits for the last of them before the final write.
 */
export function jobProgress(
  write: (patch: ImportJobPatch) => Promise<void>,
  now: () => Date,
  onError: (err: unknown) => void,
) {
  let state = { phase: '', done: 0, total: 0 };
  let chain: Promise<void> = Promise.resolve();
  let lastWrite = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    lastWrite = Date.now();
    const snapshot = { ...state, updatedAt: now() };
    chain = chain.then(() => write(snapshot)).catch(onError);
  };
  const touch = (force = false) => {
    if (force || Date.now() - lastWrite >= WRITE_EVERY_MS) flush();
    else if (!scheduled) {
      scheduled = true;
      setTimeout(() => scheduled && flush(), WRITE_EVERY_MS).unref();
    }
  };

  const progress: ImportProgress = {
    phase(text) {
      state = { ...state, phase: text };
      touch(true);
    },
    total(rows) {
      state = { ...state, total: rows, done: Math.min(state.done, rows) };
      touch();
    },
    advance(rows) {
      state = { ...state, done: Math.min(state.total, state.done + rows) };
      touch();
    },
  };
  return {
    progress,
    /** Waits for every progress write made so far (none is pending after). */
    async settle(): Promise<void> {
      scheduled = false;
      await chain;
    },
    current: () => state,
  };
}
