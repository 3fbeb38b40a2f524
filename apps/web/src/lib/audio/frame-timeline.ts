/**
 * Within this many ms a batch of frames is taken to follow the previous one: the capture times of
 * consecutive batches jitter by a few ms (the audio clock's mapping is read on the page), and a
 * correction for less would cut or pad sound for nothing. Stalls measured on a loaded host lost
 * 30-330 ms of sound at a time.
 */
export const TIMELINE_SLACK_MS = 40;

/** Where a batch of frames goes on the timeline. */
export interface PlacedFrames {
  /** Samples of lost sound to put before `frames` (written as silence). */
  missing: number;
  /** The batch, its head cut where it overlaps what is already on the timeline. */
  frames: Float32Array;
}

/**
 * Lays captured frames on a timeline that keeps pace with the wall clock, from each batch's capture
 * time (`audio-clock.ts`): a sample's place on it is its time since the first sample. When the
 * audio thread was starved, the sound of the stall never reached the page: the next batch is
 * placed after a gap of that length (`missing`), rather than right after the last sample, so what
 * follows keeps its true time. A batch dated before the end of what is already placed (the clock's
 * jitter after a gap) loses its overlapping head.
 */
export class FrameTimeline {
  private startMs: number | null = null;
  /** Samples placed so far, lost ones included. */
  private placed = 0;

  constructor(readonly sampleRate: number) {
    if (!Number.isInteger(sampleRate) || sampleRate <= 0) {
      throw new RangeError(`sample rate must be a positive integer, got ${sampleRate}`);
    }
  }

  /** The wall-clock ms epoch of the timeline's first sample, once frames arrived. */
  get firstSampleMs(): number | null {
    return this.startMs;
  }

  /** Places a batch whose first frame was captured at `capturedAtMs`. */
  place(frames: Float32Array, capturedAtMs: number): PlacedFrames {
    if (this.startMs === null) {
      this.startMs = capturedAtMs;
      this.placed = frames.length;
      return { missing: 0, frames };
    }
    const endMs = this.startMs + (this.placed / this.sampleRate) * 1000;
    const offByMs = capturedAtMs - endMs;
    if (Math.abs(offByMs) <= TIMELINE_SLACK_MS) {
      this.placed += frames.length;
      return { missing: 0, frames };
    }
    const samples = Math.round((Math.abs(offByMs) * this.sampleRate) / 1000);
    if (offByMs > 0) {
      this.placed += samples + frames.length;
      return { missing: samples, frames };
    }
    const kept = frames.subarray(Math.min(samples, frames.length));
    this.placed += kept.length;
    return { missing: 0, frames: kept };
  }
}
