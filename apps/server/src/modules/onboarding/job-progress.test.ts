import { describe, expect, it } from 'vitest';
import type { ImportJobPatch } from './import-jobs.repository';
import { jobProgress } from './job-progress';

describe('an import job’s progress writes', () => {
  it('writes each phase at once, in order, and settles after the last write', async () => {
    const written: ImportJobPatch[] = [];
    let release: () => void = () => {};
    const firstWriteHeld = new Promise<void>((resolve) => (release = resolve));
    const tracker = jobProgress(
      async (patch) => {
        if (written.length === 0) await firstWriteHeld;
        written.push(patch);
      },
      () => new Date('2026-11-02T09:00:00Z'),
      () => {},
    );
    tracker.progress.phase('Reading the file');
    tracker.progress.total(10);
    tracker.progress.phase('Checking Branches');
    tracker.progress.advance(4);
    tracker.progress.phase('Checking Students');
    tracker.progress.advance(100);

    // The first write is still held: nothing after it has overtaken it.
    expect(written).toEqual([]);
    release();
    await tracker.settle();

    // Each phase once, in order, then the rows counted since the last phase (capped at the total).
    expect(written.map((w) => [w.phase, w.done])).toEqual([
      ['Reading the file', 0],
      ['Checking Branches', 0],
      ['Checking Students', 4],
      ['Checking Students', 10],
    ]);
    expect(written.at(-1)).toMatchObject({ done: 10, total: 10 });
    expect(tracker.current()).toEqual({ phase: 'Checking Students', done: 10, total: 10 });
  });

  it('keeps going when a write fails, reporting the failure', async () => {
    const failures: unknown[] = [];
    const tracker = jobProgress(
      () => Promise.reject(new Error('database busy')),
      () => new Date(),
      (err) => failures.push(err),
    );
    tracker.progress.phase('Checking Branches');
    tracker.progress.phase('Checking Streams');
    await tracker.settle();
    expect(failures).toHaveLength(2);
  });
});
