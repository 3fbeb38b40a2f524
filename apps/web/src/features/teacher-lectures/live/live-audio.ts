import { mediaPath } from '@rollbook/contract';
import { apiBaseUrl } from '../../../lib/env';
import { openRawMicrophone, stopStream } from '../../../lib/audio/microphone';
import { startPcmCapture } from '../../../lib/audio/pcm-capture';
import { PcmChunker, type ChunkSink } from './pcm-chunker';

/** Heartbeats go out twice a second while the device is silent (contract §8.2). */
const HEARTBEAT_MS = 500;
/** How long without any frame before the teacher is warned (product spec §8). */
const NO_AUDIO_WARNING_MS = 2000;

/**
 * Fetches the session tone (public, no Authorization header: contract §7) and loops it through the
 * speakers until the returned stop function is called.
 */
export async function playToneLoop(audioUrl: string): Promise<() => void> {
  const response = await fetch(`${apiBaseUrl()}${mediaPath(audioUrl)}`);
  if (!response.ok) throw new Error(`the session tone could not be loaded (HTTP ${response.status})`);
  const bytes = await response.arrayBuffer();
  const context = new AudioContext();
  try {
    const tone = await context.decodeAudioData(bytes);
    const source = context.createBufferSource();
    source.buffer = tone;
    source.loop = true;
    source.connect(context.destination);
    source.start();
    await context.resume();
    return () => {
      source.stop();
      void context.close();
    };
  } catch (error) {
    void context.close();
    throw error;
  }
}

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
 * The browser audio the live session uses, gathered in one object so unit tests (jsdom has no
 * microphone or Web Audio) can replace its members with `vi.spyOn`; the app never swaps them.
 */
export const liveAudio = {
  openMicrophone: openRawMicrophone,
  releaseMicrophone: stopStream,
  playToneLoop,
  startMicStreaming,
};
