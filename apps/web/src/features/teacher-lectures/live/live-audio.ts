import { openRawMicrophone, stopStream } from '../../../lib/audio/microphone';
import { startPcmCapture } from '../../../lib/audio/pcm-capture';
import { PcmChunker, type ChunkSink } from './pcm-chunker';
import { playLiveTone } from './live-tone';
import { measureLinkMbps } from './link-speed';

/** Heartbeats go out twice a second while the device is silent (contract §8.2). */
const HEARTBEAT_MS = 500;
/** How long without any frame before the teacher is warned (product spec §8). */
const NO_AUDIO_WARNING_MS = 2000;

/**
 * Streams the microphone as one raw PCM16 chunk per second (see `PcmChunker`), sends heartbeats
 * while no frames arrive, and calls `onNoAudio` once each time the device stays silent for two
 * seconds (again after sound came back). Returns the stop function.
 */
export async function startMicStreaming(
  stream: MediaStream,
  sink: ChunkSink,
  onNoAudio: () => void,
): Promise<() => Promise<void>> {
  let chunker: PcmChunker | null = null;
  let lastFrameAt = Date.now();
  let warned = false;
  const capture = await startPcmCapture(stream, (frames, sampleRate) => {
    chunker ??= new PcmChunker(sampleRate, sink);
    const now = Date.now();
    chunker.push(frames, now);
    lastFrameAt = now;
    warned = false;
  });
  const heartbeat = setInterval(() => {
    const now = Date.now();
    if (chunker) chunker.tick(now);
    else sink(new ArrayBuffer(0), now);
    if (!warned && now - lastFrameAt >= NO_AUDIO_WARNING_MS) {
      warned = true;
      onNoAudio();
    }
  }, HEARTBEAT_MS);
  return async () => {
    clearInterval(heartbeat);
    await capture.stop();
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
