import { describe, expect, it, vi } from 'vitest';
import type { FrameTime } from './audio-clock';
import { deliverFrames } from './pcm-capture';

/** The parts of an AudioContext that dating a batch reads. */
function contextWith(clock: Partial<AudioContext>): AudioContext {
  return { sampleRate: 48_000, baseLatency: 0.01, outputLatency: 0.03, ...clock } as AudioContext;
}

function deliveredTime(context: AudioContext, contextTime: number): FrameTime {
  const sink = vi.fn<(frames: Float32Array, rate: number, time: FrameTime) => void>();
  const frames = new Float32Array(128);
  deliverFrames(context, frames, contextTime, sink);
  expect(sink).toHaveBeenCalledWith(frames, 48_000, expect.anything());
  return sink.mock.calls[0]![2];
}

describe('deliverFrames', () => {
  it('dates a batch by the audio clock: heard at the output timestamp, rendered the latency before', () => {
    // The frame at context time 10 s is heard 50 ms before now; the batch was rendered 10 ms earlier.
    const context = contextWith({
      getOutputTimestamp: () => ({ contextTime: 10, performanceTime: performance.now() - 50 }),
    });
    const before = Date.now();
    const time = deliveredTime(context, 9.99);
    expect(time.byAudioClock).toBe(true);
    // 50 + 10 ms before now, less the 40 ms of latency (and the ms that passed while reading).
    expect(time.ms).toBeGreaterThanOrEqual(before - 100 - 5);
    expect(time.ms).toBeLessThanOrEqual(Date.now() - 100 + 5);
  });

  it('dates a batch by its arrival where the context has no output timestamp or odd latencies', () => {
    const context = contextWith({
      getOutputTimestamp: undefined,
      baseLatency: Number.NaN,
      outputLatency: undefined,
    });
    const before = Date.now();
    const time = deliveredTime(context, 9.99);
    expect(time.byAudioClock).toBe(false);
    expect(time.ms).toBeGreaterThanOrEqual(before - 3);
    expect(time.ms).toBeLessThanOrEqual(Date.now());
  });
});
