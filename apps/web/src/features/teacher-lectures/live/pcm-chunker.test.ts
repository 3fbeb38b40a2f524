import { describe, expect, it } from 'vitest';
import { PcmChunker } from './pcm-chunker';

function collect(sampleRate: number) {
  const sent: Array<{ bytes: ArrayBuffer; timestamp: number }> = [];
  const chunker = new PcmChunker(sampleRate, (bytes, timestamp) => sent.push({ bytes, timestamp }));
  return { chunker, sent };
}

describe('PcmChunker', () => {
  it('sends exactly one second of PCM16 LE per chunk, so the rate is byteLength / 2', () => {
    const { chunker, sent } = collect(48_000);
    // 128-frame render quanta, as an AudioWorklet delivers them, for 2.1 s.
    for (let i = 0; i < 788; i += 1) chunker.push(new Float32Array(128).fill(0.5), 1_000_000 + i * 2.67);
    expect(sent).toHaveLength(2);
    expect(sent.map((chunk) => chunk.bytes.byteLength / 2)).toEqual([48_000, 48_000]);
    const view = new DataView(sent[0]!.bytes);
    expect(view.getInt16(0, true)).toBe(16384);
    expect(view.getInt16(2 * 47_999, true)).toBe(16384);
  });

  it('stamps chunk i with the first sample time plus i seconds', () => {
    const { chunker, sent } = collect(1000);
    chunker.push(new Float32Array(250), 10_250); // the first 250 frames started at 10 000
    chunker.push(new Float32Array(2000), 12_250);
    chunker.push(new Float32Array(750), 13_000);
    expect(sent.map((chunk) => chunk.timestamp)).toEqual([10_000, 11_000, 12_000]);
  });

  it('keeps samples in order across chunk boundaries', () => {
    const { chunker, sent } = collect(4);
    chunker.push(new Float32Array([0.1, 0.2, 0.3]), 0);
    chunker.push(new Float32Array([0.4, 0.5, 0.6, 0.7, 0.8]), 0);
    const values = sent.flatMap((chunk) => {
      const view = new DataView(chunk.bytes);
      return [0, 1, 2, 3].map((i) => Math.round((view.getInt16(i * 2, true) / 32767) * 10) / 10);
    });
    expect(values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]);
  });

  it('sends a zero-length heartbeat on a tick without frames, and none while frames flow', () => {
    const { chunker, sent } = collect(1000);
    chunker.tick(500);
    expect(sent).toEqual([{ bytes: new ArrayBuffer(0), timestamp: 500 }]);
    chunker.push(new Float32Array(100), 600);
    chunker.tick(1000);
    expect(sent).toHaveLength(1);
    chunker.tick(1500);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.bytes.byteLength).toBe(0);
  });

  it('refuses a rate that is not a positive integer', () => {
    expect(() => collect(0)).toThrow(/sample rate/);
  });
});
