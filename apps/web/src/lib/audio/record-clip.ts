import { openRawMicrophone, stopStream } from './microphone';
import type { FrameTime } from './audio-clock';
import { FrameTimeline } from './frame-timeline';
import { startPcmCapture } from './pcm-capture';

/** A finished recording. */
export interface RecordedClip {
  samples: Float32Array;
  sampleRate: number;
  /** Wall-clock ms epoch of the first sample (what `start_time` reports to the server). */
  startedAt: number;
}

/** Joins the captured frames and cuts them to exactly `length` samples. */
export function joinFrames(parts: readonly Float32Array[], length: number): Float32Array {
  const joined = new Float32Array(length);
  let offset = 0;
  for (const part of parts) {
    if (offset >= length) break;
    const take = Math.min(part.length, length - offset);
    joined.set(part.subarray(0, take), offset);
    offset += take;
  }
  return joined;
}

/** A clip that lost more of its sound than this share is refused: there is too little to check. */
export const CLIP_MAX_LOST_SHARE = 0.5;
export const CLIP_LOST_MESSAGE =
  'the phone was too busy to hear most of the recording. Close other apps and record again';

/**
 * Collects frames until `durationMs` of wall-clock time is covered. The start time is the first
 * frame's date, so it marks the first sample rather than the moment the microphone was
 * requested. Sound the audio thread lost while starved is put back as silence in its place
 * (`FrameTimeline`): the clip then spans exactly `durationMs` from its start, and the session
 * tone's chirps after a stall stay where the server expects them, instead of moving earlier by
 * the time lost. A clip that lost more than half its sound is refused (`clip()` throws).
 */
export class ClipCollector {
  private readonly parts: Float32Array[] = [];
  private collected = 0;
  private lost = 0;
  private timeline: FrameTimeline | null = null;

  constructor(private readonly durationMs: number) {}

  /** Adds frames whose first is dated `time`; answers true once the clip is complete. */
  add(frames: Float32Array, sampleRate: number, time: FrameTime): boolean {
    if (this.isComplete()) return true;
    this.timeline ??= new FrameTimeline(sampleRate);
    const placed = this.timeline.place(frames, time);
    if (placed.missing > 0) {
      const silence = Math.min(placed.missing, this.needed() - this.collected);
      this.lost += silence;
      this.keep(new Float32Array(silence));
    }
    this.keep(placed.frames);
    return this.isComplete();
  }

  isComplete(): boolean {
    return this.timeline !== null && this.collected >= this.needed();
  }

  /** The clip, cut to exactly the requested duration. */
  clip(): RecordedClip {
    const startedAt = this.timeline?.firstSampleMs ?? null;
    if (!this.isComplete() || this.timeline === null || startedAt === null) {
      throw new Error('the recording is not complete');
    }
    if (this.lost > CLIP_MAX_LOST_SHARE * this.needed()) throw new Error(CLIP_LOST_MESSAGE);
    return {
      samples: joinFrames(this.parts, this.needed()),
      sampleRate: this.timeline.sampleRate,
      startedAt,
    };
  }

  private keep(frames: Float32Array): void {
    this.parts.push(frames);
    this.collected += frames.length;
  }

  private needed(): number {
    return this.timeline === null
      ? Infinity
      : Math.round((this.timeline.sampleRate * this.durationMs) / 1000);
  }
}

/** How long past the clip's duration to wait for enough sound before giving up. */
const GRACE_MS = 3000;
/** Product spec §8: the student is warned when no sound at all has arrived 2 s after the start. */
const SILENCE_WARNING_MS = 2000;

export interface RecordClipOptions {
  /** Called once when no sound at all has arrived `SILENCE_WARNING_MS` after the start. */
  onSilence?: () => void;
  /** Called once when the first frames arrive: the recording has started (the two-way check plays then). */
  onFirstFrames?: () => void;
}

/**
 * Records `durationMs` of raw microphone audio at the device's rate. Warns through `onSilence`
 * when nothing arrives within `SILENCE_WARNING_MS` (the recording goes on: a slow device may still
 * deliver). Rejects when the microphone delivers too little sound within `durationMs` plus a grace
 * period (a muted or dead device), or when the device lost more than half the clip's sound.
 */
export async function recordClip(
  durationMs: number,
  { onSilence, onFirstFrames }: RecordClipOptions = {},
): Promise<RecordedClip> {
  const stream = await openRawMicrophone();
  try {
    const collector = new ClipCollector(durationMs);
    let finish: () => void = () => undefined;
    const complete = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let heard = false;
    const capture = await startPcmCapture(stream, (frames, sampleRate, time) => {
      if (!heard) onFirstFrames?.();
      heard = true;
      if (collector.add(frames, sampleRate, time)) finish();
    });
    const silenceTimer = setTimeout(() => {
      if (!heard) onSilence?.();
    }, SILENCE_WARNING_MS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooQuiet = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('no sound reached the page from the microphone')),
        durationMs + GRACE_MS,
      );
    });
    try {
      await Promise.race([complete, tooQuiet]);
    } finally {
      clearTimeout(timer);
      clearTimeout(silenceTimer);
      await capture.stop();
    }
    return collector.clip();
  } finally {
    stopStream(stream);
  }
}
