import { openRawMicrophone, stopStream } from '../../../lib/audio/microphone';
import { startPcmCapture, type PcmCapture } from '../../../lib/audio/pcm-capture';
import { PcmChunker, type ChunkSink } from './pcm-chunker';
import { playLiveTone } from './live-tone';
import { measureLinkMbps } from './link-speed';

/** Heartbeats go out twice a second while the device is silent (contract §8.2). */
const HEARTBEAT_MS = 500;
/** How long without any frame before the teacher is warned (product spec §8). */
const NO_AUDIO_WARNING_MS = 2000;

/** A microphone being streamed. */
export interface MicStreaming {
  /** Settles once the capture runs; rejects when it cannot start (the caller says why). */
  started: Promise<void>;
  /** Stops the heartbeats at once and the capture, now or whenever it starts. */
  stop: () => Promise<void>;
}

/**
 * Streams the microphone as one raw PCM16 chunk per second (see `PcmChunker`), sends heartbeats
 * while no frames arrive, and calls `onNoAudio` once each time the device stays silent for two
 * seconds (again after sound came back).
 *
 * The heartbeats and that watchdog start with the streaming, not with the capture: starting the
 * capture waits on the browser's audio (a worklet to load, an audio context to resume) with no
 * bound, and a capture that never starts is silence the teacher must be told about like a silent
 * microphone, not a sheet that quietly streams nothing.
 */
export function startMicStreaming(
  stream: MediaStream,
  sink: ChunkSink,
  onNoAudio: () => void,
  /** The capture (the browser's; a test's stand-in: jsdom has no Web Audio). */
  startCapture: typeof startPcmCapture = startPcmCapture,
): MicStreaming {
  let chunker: PcmChunker | null = null;
  let lastFrameAt = Date.now();
  let warned = false;
  let stopped = false;
  let capture: PcmCapture | null = null;
  const heartbeat = setInterval(() => {
    const now = Date.now();
    if (chunker) chunker.tick(now);
    else sink(new ArrayBuffer(0), now);
    if (!warned && now - lastFrameAt >= NO_AUDIO_WARNING_MS) {
      warned = true;
      onNoAudio();
    }
  }, HEARTBEAT_MS);
  const started = startCapture(stream, (frames, sampleRate, time) => {
    chunker ??= new PcmChunker(sampleRate, sink);
    chunker.push(frames, time);
    lastFrameAt = Date.now();
    warned = false;
  }).then(
    async (running) => {
      if (stopped) await running.stop();
      else capture = running;
    },
    (error: unknown) => {
      clearInterval(heartbeat);
      throw error;
    },
  );
  return {
    started,
    stop: async () => {
      stopped = true;
      clearInterval(heartbeat);
      await capture?.stop();
    },
  };
}

/**
 * The browser audio the live session uses (and the tone download's timing), gathered in one object
 * so unit tests (jsdom has no microphone or Web Audio) can replace its members with `vi.spyOn`; the
 * app never swaps them.
 */
export const liveAudio = {
  openMicrophone: openRawMicrophone,
  releaseMicrophone: stopStream,
  playLiveTone,
  startMicStreaming,
  /** Times the start of the tone file's download (contract §13's slow-network test). */
  measureToneLink: (url: string) => measureLinkMbps(url),
};
