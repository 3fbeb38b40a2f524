import { AUDIO_CHUNK_MS } from '@rollbook/contract';
import { writePcm16 } from '../../../lib/audio/pcm16';

/** Receives one chunk: raw PCM s16le mono bytes and its ms epoch timestamp. */
export type ChunkSink = (chunk: ArrayBuffer, timestamp: number) => void;

/**
 * Cuts the teacher's microphone frames into the chunks of contract §8.2: each full chunk holds
 * exactly AUDIO_CHUNK_MS (one second: `sampleRate` samples) of raw PCM16 little-endian mono without
 * a header, so the server reads the rate as `byteLength / 2`; chunk `i` is stamped
 * `start + i × AUDIO_CHUNK_MS` where `start` is the wall-clock time of the first sample. While the device delivers no frames, each
 * `tick` sends a zero-length heartbeat instead, so the server can tell silence from a lost stream.
 */
export class PcmChunker {
  private readonly pending: Float32Array;
  private readonly chunkSamples: number;
  private filled = 0;
  private index = 0;
  private startMs: number | null = null;
  private framesSinceTick = false;

  constructor(
    readonly sampleRate: number,
    private readonly sink: ChunkSink,
  ) {
    if (!Number.isInteger(sampleRate) || sampleRate <= 0) {
      throw new RangeError(`sample rate must be a positive integer, got ${sampleRate}`);
    }
    this.chunkSamples = Math.round((sampleRate * AUDIO_CHUNK_MS) / 1000);
    this.pending = new Float32Array(this.chunkSamples);
  }

  /** Adds captured frames; sends every chunk they complete. */
  push(frames: Float32Array, nowMs: number): void {
    if (frames.length === 0) return;
    this.framesSinceTick = true;
    this.startMs ??= nowMs - (frames.length / this.sampleRate) * 1000;
    let offset = 0;
    while (offset < frames.length) {
      const take = Math.min(frames.length - offset, this.chunkSamples - this.filled);
      this.pending.set(frames.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.chunkSamples) this.sendChunk();
    }
  }

  /** Called every half second: sends a heartbeat when no frames arrived since the last tick. */
  tick(nowMs: number): void {
    if (!this.framesSinceTick) this.sink(new ArrayBuffer(0), nowMs);
    this.framesSinceTick = false;
  }

  private sendChunk(): void {
    const bytes = new ArrayBuffer(this.chunkSamples * 2);
    writePcm16(new DataView(bytes), 0, this.pending);
    this.sink(bytes, (this.startMs ?? 0) + this.index * AUDIO_CHUNK_MS);
    this.index += 1;
    this.filled = 0;
  }
}
