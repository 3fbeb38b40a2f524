import { describe, expect, it } from 'vitest';
import {
  createSessionTone,
  DEFAULT_THRESHOLDS,
  PresenceInputError,
  verifyPresence,
} from '@rollbook/presence';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp({ presenceWorkers: 1, presenceMaxQueue: 1 });

describe('presence plugin', () => {
  it('starts its worker pool on first use and verifies off the event loop', async () => {
    expect(t.app.presence.stats()).toBeNull();
    const tone = createSessionTone({ seed: 42 });
    // The tone file itself as the "recording": the tone is there, but no teacher audio covers it.
    const input = { tone: tone.params, studentWav: tone.wav, studentStartMs: Date.now(), teacherChunks: [] };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const result = await t.app.presence.verify(input);
    clearInterval(timer);
    // The worker ran the engine itself: the same answer as verifying in this thread, the tone found.
    expect({ ...result, timings: null }).toEqual({ ...verifyPresence(input), timings: null });
    expect(result.ncc).toBeGreaterThanOrEqual(DEFAULT_THRESHOLDS.nccMin);
    expect(result.similarity).toBeNull();
    expect(result.reasons).toContain('no_teacher_audio');
    expect(t.app.presence.stats()?.completed).toBe(1);
    // The event loop kept turning while the worker computed.
    expect(ticks).toBeGreaterThan(0);
  });

  it('passes malformed audio back as a typed input error', async () => {
    const tone = createSessionTone({ seed: 1 });
    await expect(
      t.app.presence.verify({
        tone: tone.params,
        studentWav: new Uint8Array([1, 2, 3]),
        studentStartMs: 0,
        teacherChunks: [],
      }),
    ).rejects.toBeInstanceOf(PresenceInputError);
  });

  it('answers a full queue with a 503 overloaded error instead of queuing without bound', async () => {
    const tone = createSessionTone({ seed: 3 });
    const input = { tone: tone.params, studentWav: tone.wav, studentStartMs: 0, teacherChunks: [] };
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => t.app.presence.verify(input)));
    // One worker busy, one verification waiting (maxQueue 1): the other four are refused at once.
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of rejected) expect(r.reason).toMatchObject({ code: 'overloaded', status: 503 });
  });
});
