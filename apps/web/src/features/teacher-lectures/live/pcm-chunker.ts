import { AUDIO_CHUNK_MS } from '@rollbook/contract';
import { writePcm16 } from '../../../lib/audio/pcm16';
import type { FrameTime } from '../../../lib/audio/audio-clock';
import { FrameTimeline } from '../../../lib/audio/frame-timeline';

/** Receives one chunk: raw PCM s16le mono bytes and its ms epoch timestamp. */
export type ChunkSink = (chunk: ArrayBuffer, timestamp: number) => void;

/**
 * Cuts the teacher's microphone frames into the chunks of contract §8.2: each full chunk holds
 * exactly AUDIO_CHUNK_MS (one second: `sampleRate` samples) of raw PCM16 little-endian mono without
 * a header, so the server reads the rate as `byteLength / 2`; chunk `i` is stamped
 * `start + i × AUDIO_CHUNK_MS` where `start` is the wall-clock time of the first sample. While the
 * device delivers no frames, each `tick` sends a zero-length heartbeat instead, so the server can
 * tell silence from a lost stream.
 *
 * Frames are laid on a timeline that keeps pace with the wall clock (`FrameTimeline`): sound the
 * audio thread lost while starved is written as silence in its place, so each chunk holds the
 * second its stamp names. Counting frames alone dated a loaded teacher's chunks ever earlier (30 s
 * after 5 minutes on a loaded host), and students' recordings then found no teacher audio for
 * their moment. A second that lost more than half its sound is not sent: the server then knows
 * the audio of that moment is missing, instead of comparing a student's recording with silence.
 */
export class PcmChunker {
  private readonly pending: Float32Array;
  private readonly chunkSamples: number;
  private readonly timeline: FrameTimeline;
  /** Samples of the current chunk placed so far, lost ones included. */
  private filled = 0;
  private lost = 0;
  /** The current chunk's number on the timeline (skipped chunks count). */
  private index = 0;
  private framesSinceTick = false;

  constructor(
    readonly sampleRate: number,
    private readonly sink: ChunkSink,
  ) {
    this.timeline = new FrameTimeline(sampleRate);
    this.chunkSamples = Math.round((sampleRate * AUDIO_CHUNK_MS) / 1000);
    this.pending = new Float32Array(this.chunkSamples);
  }

  /** Adds frames whose first is dated `time`; sends every chunk they complete. */
  push(frames: Float32Array, time: FrameTime): void {
    if (frames.length === 0) return;
    this.framesSinceTick = true;
    const placed = this.timeline.place(frames, time);
    this.writeLost(placed.missing);
    this.write(placed.frames);
  }

  /** Called every half second: sends a heartbeat when no frames arrived since the last tick. */
  tick(nowMs: number): void {
    if (!this.framesSinceTick) this.sink(new ArrayBuffer(0), nowMs);
    this.framesSinceTick = false;
  }

  private write(frames: Float32Array): void {
    let offset = 0;
    while (offset < frames.length) {
      const take = Math.min(frames.length - offset, this.chunkSamples - this.filled);
      this.pending.set(frames.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.chunkSamples) this.finishChunk();
    }
  }

  private writeLost(samples: number): void {
    let left = samples;
    while (left > 0) {
      if (this.filled === 0 && left >= this.chunkSamples) {
        // Whole seconds lost: no chunk at all for them.
        const whole = Math.floor(left / this.chunkSamples);
        this.index += whole;
        left -= whole * this.chunkSamples;
        continue;
      }
      const take = Math.min(left, this.chunkSamples - this.filled);
      this.pending.fill(0, this.filled, this.filled + take);
      this.filled += take;
      this.lost += take;
      left -= take;
      if (this.filled === this.chunkSamples) this.finishChunk();
    }
  }

  private finishChunk(): void {
    if (this.lost * 2 <= this.chunkSamples) {
      const bytes = new ArrayBuffer(this.chunkSamples * 2);
      writePcm16(new DataView(bytes), 0, this.pending);
      this.sink(bytes, (this.timeline.firstSampleMs ?? 0) + this.index * AUDIO_CHUNK_MS);
    }
    this.index += 1;
    this.filled = 0;
    this.lost = 0;
  }
}
