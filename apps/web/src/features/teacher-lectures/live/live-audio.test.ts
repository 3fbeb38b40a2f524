import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameSink, PcmCapture } from '../../../lib/audio/pcm-capture';
import { startMicStreaming } from './live-audio';

/** The capture's stand-in (jsdom has no Web Audio), set by each test. */
const capture = { start: vi.fn<(stream: MediaStream, onFrames: FrameSink) => Promise<PcmCapture>>() };

const stream = {} as MediaStream;

/** The byte sizes of what the streaming sent (0: a heartbeat). */
function recordSent() {
  const sizes: number[] = [];
  return { sizes, sink: (blob: ArrayBuffer) => void sizes.push(blob.byteLength) };
}

describe('startMicStreaming', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    capture.start.mockReset();
  });

  it('warns and sends heartbeats while the capture has not started, and stops them when stopped', async () => {
    capture.start.mockReturnValue(new Promise<PcmCapture>(() => undefined)); // never starts
    const sent = recordSent();
    const noAudio = vi.fn();
    const streaming = startMicStreaming(stream, sent.sink, noAudio, capture.start);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(noAudio).toHaveBeenCalledTimes(1);
    expect(sent.sizes).toEqual([0, 0, 0, 0]);
    await streaming.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.sizes).toHaveLength(4);
    expect(noAudio).toHaveBeenCalledTimes(1);
  });

  it('stops a capture that starts only after the streaming was stopped', async () => {
    let started!: (running: PcmCapture) => void;
    capture.start.mockReturnValue(new Promise<PcmCapture>((resolve) => (started = resolve)));
    const stopCapture = vi.fn(() => Promise.resolve());
    const streaming = startMicStreaming(
      stream,
      () => undefined,
      () => undefined,
      capture.start,
    );
    await streaming.stop();
    started({ sampleRate: 48_000, stop: stopCapture });
    await streaming.started;
    expect(stopCapture).toHaveBeenCalledTimes(1);
  });

  it('streams a running capture without a warning, and stops it when stopped', async () => {
    let onFrames!: FrameSink;
    const stopCapture = vi.fn(() => Promise.resolve());
    capture.start.mockImplementation((_stream: MediaStream, frames: FrameSink) => {
      onFrames = frames;
      return Promise.resolve({ sampleRate: 48_000, stop: stopCapture });
    });
    const sent = recordSent();
    const noAudio = vi.fn();
    const streaming = startMicStreaming(stream, sent.sink, noAudio, capture.start);
    await streaming.started;
    for (let i = 0; i < 25; i++) {
      onFrames(new Float32Array(4_800), 48_000, { ms: Date.now() - 100, byAudioClock: true });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(noAudio).not.toHaveBeenCalled();
    expect(sent.sizes.some((size) => size > 0)).toBe(true);
    await streaming.stop();
    expect(stopCapture).toHaveBeenCalledTimes(1);
  });

  it('rejects `started` and sends nothing more when the capture cannot start', async () => {
    capture.start.mockRejectedValue(new Error('no audio device'));
    const sent = recordSent();
    const streaming = startMicStreaming(stream, sent.sink, () => undefined, capture.start);
    await expect(streaming.started).rejects.toThrow('no audio device');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent.sizes).toEqual([]);
  });
});
