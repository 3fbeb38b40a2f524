import { frameTime, readAudioClock, type FrameTime } from './audio-clock';

/**
 * Receives mono frames, the rate they were captured at, and when the first of them entered the
 * audio graph (from the audio clock when it can tell: see `audio-clock.ts`).
 */
export type FrameSink = (frames: Float32Array, sampleRate: number, time: FrameTime) => void;

/** A running capture of raw microphone frames. */
export interface PcmCapture {
  /** The rate of the frames: the device's own rate (the AudioContext default). */
  sampleRate: number;
  /** Disconnects the graph and closes the audio context. */
  stop: () => Promise<void>;
}

// The worklet is tiny and must be a module URL; a Blob URL keeps it inside this file instead of a
// separately served asset. It copies each render quantum (128 mono frames) to the main thread with
// the context time it was rendered at.
const TAP_PROCESSOR = 'rollbook-pcm-tap';
const TAP_SOURCE = `
class PcmTap extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel && channel.length > 0) this.port.postMessage({ frames: channel.slice(0), time: currentTime });
    return true;
  }
}
registerProcessor('${TAP_PROCESSOR}', PcmTap);
`;

/** Hands frames rendered at `contextTime` to the sink with their date (exported for its test). */
export function deliverFrames(
  context: AudioContext,
  frames: Float32Array,
  contextTime: number,
  onFrames: FrameSink,
): void {
  const rate = context.sampleRate;
  onFrames(frames, rate, frameTime(readAudioClock(context), contextTime, frames.length, rate));
}

async function tapWithWorklet(
  context: AudioContext,
  source: MediaStreamAudioSourceNode,
  onFrames: FrameSink,
): Promise<AudioNode> {
  const url = URL.createObjectURL(new Blob([TAP_SOURCE], { type: 'text/javascript' }));
  try {
    await context.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
  const node = new AudioWorkletNode(context, TAP_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    // Down-mix whatever the device delivers to one channel inside the audio graph.
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
  });
  node.port.onmessage = (event: MessageEvent<{ frames: Float32Array; time: number }>) =>
    deliverFrames(context, event.data.frames, event.data.time, onFrames);
  source.connect(node);
  return node;
}

function tapWithScriptProcessor(
  context: AudioContext,
  source: MediaStreamAudioSourceNode,
  onFrames: FrameSink,
): AudioNode {
  // Browsers without AudioWorklet (old Safari) still have the deprecated ScriptProcessor.
  const node = context.createScriptProcessor(4096, 1, 1);
  // Chromium sets `playbackTime` one buffer after the frame the event fires at, and the input
  // buffer is the one that ended at that frame: it began two buffers before `playbackTime`.
  node.onaudioprocess = (event) =>
    deliverFrames(
      context,
      event.inputBuffer.getChannelData(0).slice(),
      event.playbackTime - 2 * event.inputBuffer.duration,
      onFrames,
    );
  source.connect(node);
  return node;
}

/**
 * Starts delivering the stream's audio as mono float frames at the device's rate. The tap node is
 * connected to the destination only so the graph pulls it; it outputs silence, so nothing is heard.
 */
export async function startPcmCapture(stream: MediaStream, onFrames: FrameSink): Promise<PcmCapture> {
  const context = new AudioContext();
  try {
    const source = context.createMediaStreamSource(stream);
    const tap =
      'audioWorklet' in context && typeof AudioWorkletNode === 'function'
        ? await tapWithWorklet(context, source, onFrames)
        : tapWithScriptProcessor(context, source, onFrames);
    tap.connect(context.destination);
    await context.resume();
    return {
      sampleRate: context.sampleRate,
      stop: async () => {
        source.disconnect();
        tap.disconnect();
        if (context.state !== 'closed') await context.close();
      },
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
