import { getPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticCase } from '../../test/fixtures';
import { proofCase } from '../../test/proof-fixtures';
import { verifyProof } from '../proof/verify-proof';
import { PresenceInputError, PresenceOverloadedError, PresenceWorkerError } from '../errors';
import { verifyPresence } from '../verify/verify-presence';
import { createVerifierPool, type VerifierPool } from './verifier-pool';

let pool: VerifierPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

// Worker start-up compiles TypeScript in each thread; on a loaded 2-core machine that takes seconds.
describe('createVerifierPool', { timeout: 60_000 }, () => {
  it('runs verifications in TypeScript workers with the same results as in-thread', async () => {
    pool = createVerifierPool({ size: 2 });
    const input = syntheticCase();
    const [fromPool, direct] = [await pool.verify(input), verifyPresence(input)];
    expect(fromPool.verdict).toBe('present');
    expect(fromPool.ncc).toBeCloseTo(direct.ncc, 9);
    expect(fromPool.similarity).toBeCloseTo(direct.similarity!, 9);
  });

  it('runs v2 verifications (verifyProof) in the same workers, with the same results', async () => {
    pool = createVerifierPool({ size: 1 });
    const input = proofCase();
    const fromPool = await pool.verifyProof(input);
    const direct = verifyProof(input);
    expect(fromPool.verdict).toBe('present');
    expect(fromPool.checks).toEqual(direct.checks);
    expect(fromPool.details.tone!.score).toBeCloseTo(direct.details.tone!.score, 9);
    await expect(pool.verifyProof({ ...input, studentWav: new Uint8Array([1]) })).rejects.toBeInstanceOf(
      PresenceInputError,
    );
  });

  it('completes a burst with nothing lost and counts it', async () => {
    pool = createVerifierPool({ size: 2, maxQueue: 64 });
    const present = syntheticCase();
    const absent = syntheticCase({ toneGain: 0 });
    const burst = Array.from({ length: 16 }, (_, i) => pool!.verify(i % 2 === 0 ? present : absent));
    const results = await Promise.all(burst);
    expect(results).toHaveLength(16);
    expect(results.filter((r) => r.verdict === 'present')).toHaveLength(8);
    const stats = pool.stats();
    expect(stats.completed).toBe(16);
    expect(stats.queued).toBe(0);
    expect(stats.busy).toBe(0);
  });

  it('refuses work beyond the queue bound with PresenceOverloadedError and keeps the rest', async () => {
    pool = createVerifierPool({ size: 1, maxQueue: 2 });
    const input = syntheticCase();
    const accepted = [pool.verify(input), pool.verify(input), pool.verify(input)];
    await expect(pool.verify(input)).rejects.toBeInstanceOf(PresenceOverloadedError);
    expect(pool.stats().rejected).toBe(1);
    expect((await Promise.all(accepted)).every((r) => r.verdict === 'present')).toBe(true);
  });

  it('passes input errors back typed, with their code', async () => {
    pool = createVerifierPool({ size: 1 });
    const error = await pool
      .verify({ ...syntheticCase(), studentWav: new Uint8Array(10) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PresenceInputError);
    expect((error as PresenceInputError).code).toBe('not_riff');
    expect(pool.stats().failed).toBe(1);
  });

  it('drains queued work on close and refuses new work afterwards', async () => {
    pool = createVerifierPool({ size: 1 });
    const pending = pool.verify(syntheticCase());
    const closing = pool.close();
    await expect(pool.verify(syntheticCase())).rejects.toBeInstanceOf(PresenceWorkerError);
    expect((await pending).verdict).toBe('present');
    await closing;
  });

  // Per-thread nice values are Linux's (presence-0020); elsewhere the pool leaves priorities alone.
  it.runIf(process.platform === 'linux')(
    'runs its workers below the calling thread, whose own priority stays as it was',
    async () => {
      const before = getPriority(0);
      const processBefore = getPriority(process.pid);
      const reported: unknown[] = [];
      pool = createVerifierPool({ size: 2, workerNice: 7, onWorkerStarted: (p) => reported.push(p) });
      await vi.waitFor(() => expect(reported).toHaveLength(2), { timeout: 30_000 });
      const expected = Math.min(19, before + 7);
      expect(reported).toEqual([
        { applied: true, nice: expected, steps: expected - before },
        { applied: true, nice: expected, steps: expected - before },
      ]);
      expect(getPriority(0)).toBe(before);
      expect(getPriority(process.pid)).toBe(processBefore);
      // Still verifies, at the lower priority.
      expect((await pool.verify(syntheticCase())).verdict).toBe('present');
    },
  );

  it('warms each worker up on a made-up proof before its first task when asked, and not by default', async () => {
    const reports: unknown[] = [];
    pool = createVerifierPool({ size: 2, warmUp: true, onWorkerWarmedUp: (r) => reports.push(r) });
    // Posted at once: it waits in the pool's queue until a worker has warmed up (no worker takes
    // work before), then is answered as usual.
    const first = pool.verifyProof(proofCase());
    expect(pool.stats()).toMatchObject({ queued: 1, busy: 0 });
    await vi.waitFor(() => expect(reports).toHaveLength(2), { timeout: 30_000 });
    for (const report of reports) expect(report).toMatchObject({ ok: true, verdict: 'present' });
    expect((await first).verdict).toBe('present');
    expect(pool.stats()).toMatchObject({ warmedUp: 2, warmUpFailed: 0, completed: 1, failed: 0 });
    await pool.close();
    const started: unknown[] = [];
    pool = createVerifierPool({ size: 1, onWorkerStarted: (p) => started.push(p) });
    // Without the warm-up a worker takes work at once (the request waits in its port until it runs).
    const at = pool.verifyProof(proofCase());
    expect(pool.stats()).toMatchObject({ queued: 0, busy: 1 });
    await at;
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 30_000 });
    expect((await pool.verifyProof(proofCase())).verdict).toBe('present');
    expect(pool.stats()).toMatchObject({ warmedUp: 0, warmUpFailed: 0, completed: 2 });
  });

  it('stops at the lowest priority, and leaves it alone by default', async () => {
    const reported: unknown[] = [];
    pool = createVerifierPool({ size: 1, workerNice: 40, onWorkerStarted: (p) => reported.push(p) });
    await vi.waitFor(() => expect(reported).toHaveLength(1), { timeout: 30_000 });
    if (process.platform === 'linux') expect(reported[0]).toMatchObject({ applied: true, nice: 19 });
    else expect(reported[0]).toMatchObject({ applied: false });
    await pool.close();
    reported.length = 0;
    pool = createVerifierPool({ size: 1, onWorkerStarted: (p) => reported.push(p) });
    await vi.waitFor(() => expect(reported).toHaveLength(1), { timeout: 30_000 });
    if (process.platform === 'linux') {
      expect(reported[0]).toEqual({ applied: true, nice: getPriority(0), steps: 0 });
    }
  });
});
