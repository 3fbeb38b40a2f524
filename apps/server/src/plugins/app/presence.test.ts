import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SCHEDULE_CONFIG,
  encodeWav,
  PresenceInputError,
  synthesizeSpan,
  ToneSchedule,
  verifyProof,
  type ProofInput,
} from '@rollbook/presence';
import { roomSound } from '../../testing/audio';
import { useTestApp } from '../../testing/test-app';
import { WAIT_MS } from '../../testing/wait';

const t = useTestApp({ presenceWorkers: 1, presenceMaxQueue: 1 });

const KEY = '0f'.repeat(32);
const EPOCH_MS = 1_800_000_000_000;
const START_MS = EPOCH_MS + 30_000;

/** The live schedule as the recording (no room, no teacher stream): the tone proves the moment. */
function input(): ProofInput {
  const schedule = new ToneSchedule(KEY, DEFAULT_SCHEDULE_CONFIG);
  // A room's sound with the tone in it (the detector's statistics need a noise floor).
  const room = roomSound(5, 5);
  const wav = encodeWav(
    synthesizeSpan(schedule, 30, 5, 48000).map((v, i) => 0.02 * v + 0.5 * room[i]!),
    48000,
  );
  return {
    tone: {
      keyHex: KEY,
      config: DEFAULT_SCHEDULE_CONFIG,
      playback: { kind: 'live', epochMs: EPOCH_MS, offsetMs: 0, toleranceMs: 50 },
    },
    studentWav: wav,
    timing: { claimedStartMs: START_MS, uploadReceivedMs: START_MS + 5500, clockToleranceMs: 250 },
    teacher: { streaming: false, final: true, chunks: [] },
  };
}

describe('presence plugin', () => {
  it('starts its worker pool on first use and verifies off the event loop', async () => {
    expect(t.app.presence.stats()).toBeNull();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const result = await t.app.presence.verifyProof(input());
    clearInterval(timer);
    // The worker ran the engine itself: the same answer as verifying in this thread.
    expect({ ...result, timings: null }).toEqual({ ...verifyProof(input()), timings: null });
    expect(result.verdict).toBe('present');
    expect(result.reasons).toContain('no_teacher_stream');
    expect(t.app.presence.stats()?.completed).toBe(1);
    expect(t.app.presence.verdicts()).toMatchObject({ present: 1, absent: 0, needs_review: 0 });
    // The event loop kept turning while the worker computed.
    expect(ticks).toBeGreaterThan(0);
  });

  it('passes malformed audio back as a typed input error', async () => {
    await expect(
      t.app.presence.verifyProof({ ...input(), studentWav: new Uint8Array([1, 2, 3]) }),
    ).rejects.toBeInstanceOf(PresenceInputError);
  });

  it('answers a full queue with a 503 overloaded error instead of queuing without bound', async () => {
    const one = input();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => t.app.presence.verifyProof(one)),
    );
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

describe('presence plugin started at boot', () => {
  const booted = useTestApp({ presenceWorkers: 1, presenceWarmUp: true });
  it('starts its workers when told to (the server does at boot) and warms them, before any verification', async () => {
    expect(booted.app.presence.stats()).toBeNull();
    booted.app.presence.start();
    expect(booted.app.presence.stats()).toMatchObject({ size: 1, completed: 0 });
    // The worker verifies a made-up proof of its own (presence-0022), counted apart from real work.
    await vi.waitFor(() => expect(booted.app.presence.stats()?.warmedUp).toBe(1), { timeout: WAIT_MS });
    expect(booted.app.presence.stats()).toMatchObject({ completed: 0, failed: 0, warmUpFailed: 0 });
    expect((await booted.app.presence.verifyProof(input())).verdict).toBe('present');
  });
});
