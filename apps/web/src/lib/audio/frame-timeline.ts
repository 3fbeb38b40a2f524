import type { FrameTime } from './audio-clock';

/**
 * Within this many ms a batch of frames is taken to follow the previous one: the audio clock's
 * mapping, read on the page, jitters by a few ms, and a correction for less would cut or pad sound
 * for nothing. Stalls measured on a loaded host lost 30-330 ms of sound at a time.
 */
export const TIMELINE_SLACK_MS = 40;
/**
 * A correction is made only when this many batches in a row are off the same way: one date that
 * jumps (a late reading) is not taken for lost sound, which the next batch would then have to cut.
 * The first batch after a stall is placed before its gap instead of after it: 2.7 ms of sound for
 * a 128-frame quantum.
 */
export const TIMELINE_CONFIRM_BATCHES = 2;

/** Where a batch of frames goes on the timeline. */
export interface PlacedFrames {
  /** Samples of lost sound to put before `frames` (written as silence). */
  missing: number;
  /** The batch, its head cut where it overlaps what is already on the timeline. */
  frames: Float32Array;
}

/**
 * Lays captured frames on a timeline that keeps pace with the wall clock, from each batch's date
 * (`audio-clock.ts`): a sample's place on it is its time since the first sample. When the audio
 * thread was starved, the sound of the stall never reached the page: once batches dated by the
 * audio clock confirm it, the next one is placed after a gap of that length (`missing`), rather
 * than right after the last sample, so what follows keeps its true time. Batches confirmed to be
 * dated before the end of what is placed lose their overlapping head.
 *
 * A batch dated by its arrival (no usable audio clock) follows the last one: its date is late by
 * however long the page was busy, which is not lost sound. It places the timeline's start when it
 * comes first, and the first batch dated by the audio clock moves that start to its own reading.
 */
export class FrameTimeline {
  private startMs: number | null = null;
  private startByAudioClock = false;
  /** Samples placed so far, lost ones included. */
  private placed = 0;
  /** Batches in a row dated off the timeline the same way, and the smallest amount, ms. */
  private streak = 0;
  private streakOffMs = 0;

  constructor(readonly sampleRate: number) {
    if (!Number.isInteger(sampleRate) || sampleRate <= 0) {
      throw new RangeError(`sample rate must be a positive integer, got ${sampleRate}`);
    }
  }

  /** The wall-clock ms epoch of the timeline's first sample, once frames arrived. */
  get firstSampleMs(): number | null {
    return this.startMs;
  }

  /** Places a batch whose first frame is dated `time`. */
  place(frames: Float32Array, time: FrameTime): PlacedFrames {
    if (this.startMs === null) {
      this.startMs = time.ms;
      this.startByAudioClock = time.byAudioClock;
      return this.follow(frames);
    }
    if (!time.byAudioClock) return this.follow(frames);
    if (!this.startByAudioClock) {
      this.startMs = time.ms - this.placedMs();
      this.startByAudioClock = true;
      return this.follow(frames);
    }
    const offByMs = time.ms - (this.startMs + this.placedMs());
    if (Math.abs(offByMs) <= TIMELINE_SLACK_MS) return this.follow(frames);
    const sameWay = this.streak > 0 && Math.sign(offByMs) === Math.sign(this.streakOffMs);
    this.streakOffMs = sameWay
      ? Math.sign(offByMs) * Math.min(Math.abs(this.streakOffMs), Math.abs(offByMs))
      : offByMs;
    this.streak = sameWay ? this.streak + 1 : 1;
    if (this.streak < TIMELINE_CONFIRM_BATCHES) {
      this.placed += frames.length;
      return { missing: 0, frames };
    }
    const samples = Math.round((Math.abs(this.streakOffMs) * this.sampleRate) / 1000);
    const lost = this.streakOffMs > 0;
    this.streak = 0;
    if (lost) {
      this.placed += samples + frames.length;
      return { missing: samples, frames };
    }
    const kept = frames.subarray(Math.min(samples, frames.length));
    this.placed += kept.length;
    return { missing: 0, frames: kept };
  }

  private follow(frames: Float32Array): PlacedFrames {
    this.streak = 0;
    this.placed += frames.length;
    return { missing: 0, frames };
  }

  private placedMs(): number {
    return (this.placed / this.sampleRate) * 1000;
  }
}
