import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeacherChunk } from '@rollbook/presence';
import { createMemoryLiveStore } from '../../plugins/app/live-store-memory';
import type { LiveStore } from '../../plugins/app/live-store';
import {
  TEACHER_AUDIO_STALLED_MS,
  TEACHER_AUDIO_WAIT_MS,
  teacherAudioFor,
  type TeacherAudio,
} from './teacher-audio';

const T0 = Date.parse('2026-11-02T03:30:00Z');
const WINDOW_MS = 60_000;
const chunk = (startMs: number): TeacherChunk => ({ timestampMs: startMs, bytes: new Uint8Array(96_000) });

/** Runs `teacherAudioFor` and reports whether it has answered yet. */
function watch(store: LiveStore, window: { startMs: number; endMs: number; toleranceMs: number }) {
  const state: { answer?: TeacherAudio } = {};
  void teacherAudioFor(store, 's1', window).then((a) => (state.answer = a));
  return state;
}

describe("waiting for the teacher's audio of a recording's window", () => {
  let store: LiveStore;
  beforeEach(() => {
    // Fake time: the wait's bound and the store's arrival times, without sleeping.
    vi.useFakeTimers({ now: T0 });
    store = createMemoryLiveStore();
  });
  afterEach(() => vi.useRealTimers());

  const window = { startMs: T0 - 4000, endMs: T0 + 1000, toleranceMs: 1500 };

  async function streamUpTo(lastStartMs: number) {
    for (let s = T0 - 5000; s <= lastStartMs; s += 1000)
      await store.appendTeacherChunk('s1', chunk(s), WINDOW_MS);
  }

  it('waits while the flowing stream has not reached the window end, then answers with the late seconds', async () => {
    await streamUpTo(T0 - 1000);
    const state = watch(store, window);
    await vi.advanceTimersByTimeAsync(700);
    expect(state.answer).toBeUndefined();
    await store.appendTeacherChunk('s1', chunk(T0), WINDOW_MS);
    await vi.advanceTimersByTimeAsync(200);
    expect(state.answer?.stream).toBe('flowing');
    expect(state.answer?.chunks.map((c) => c.timestampMs)).toContain(T0);
  });

  it('wakes when the chunk is kept, with no timer running (a signal, not polling)', async () => {
    await streamUpTo(T0 - 1000);
    const state = watch(store, window);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.answer).toBeUndefined();
    await store.appendTeacherChunk('s1', chunk(T0), WINDOW_MS);
    // Not a millisecond of (fake) time passes: only the store's signal can have woken the wait.
    await vi.advanceTimersByTimeAsync(0);
    expect(state.answer?.final).toBe(true);
    expect(state.answer?.chunks.map((c) => c.timestampMs)).toContain(T0);
  });

  it('gives up at its bound when the seconds do not come', async () => {
    await streamUpTo(T0 - 2000);
    const state = watch(store, window);
    await vi.advanceTimersByTimeAsync(TEACHER_AUDIO_WAIT_MS - 200);
    expect(state.answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(400);
    expect(state.answer).toBeDefined();
    expect(state.answer!.chunks.map((c) => c.timestampMs)).not.toContain(T0);
  });

  it('does not wait for a stream that stopped, nor for one that never started', async () => {
    await streamUpTo(T0 - 2000);
    vi.setSystemTime(T0 + TEACHER_AUDIO_STALLED_MS + 1);
    const stopped = watch(store, window);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped.answer?.stream).toBe('stopped');

    const none = await teacherAudioFor(createMemoryLiveStore(), 's1', window);
    expect(none).toEqual({ chunks: [], stream: 'none', final: true });
  });

  it('answers at once when the window is already covered', async () => {
    await streamUpTo(T0 + 1000);
    const state = watch(store, window);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.answer?.stream).toBe('flowing');
    expect(state.answer!.chunks.length).toBeGreaterThanOrEqual(5);
  });
});
