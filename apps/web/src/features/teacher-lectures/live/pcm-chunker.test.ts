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
    for (let i = 0; i < 788; i += 1)
      chunker.push(new Float32Array(128).fill(0.5), 1_000_000 + (i * 128) / 48);
    expect(sent).toHaveLength(2);
    expect(sent.map((chunk) => chunk.bytes.byteLength / 2)).toEqual([48_000, 48_000]);
    const view = new DataView(sent[0]!.bytes);
    expect(view.getInt16(0, true)).toBe(16384);
    expect(view.getInt16(2 * 47_999, true)).toBe(16384);
  });

  it('stamps chunk i with the first sample time plus i seconds', () => {
    const { chunker, sent } = collect(1000);
    chunker.push(new Float32Array(250), 10_000); // the first sample was captured at 10 000
    chunker.push(new Float32Array(2000), 10_250);
    chunker.push(new Float32Array(750), 12_250);
    expect(sent.map((chunk) => chunk.timestamp)).toEqual([10_000, 11_000, 12_000]);
  });

  it('keeps samples in order across chunk boundaries', () => {
    const { chunker, sent } = collect(4);
    chunker.push(new Float32Array([0.1, 0.2, 0.3]), 0);
    chunker.push(new Float32Array([0.4, 0.5, 0.6, 0.7, 0.8]), 750);
    const values = sent.flatMap((chunk) => {
      const view = new DataView(chunk.bytes);
      return [0, 1, 2, 3].map((i) => Math.round((view.getInt16(i * 2, true) / 32767) * 10) / 10);
    });
    expect(values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]);
  });

  it('keeps each chunk on its second after a stall: the lost sound is silence in its place', () => {
    const { chunker, sent } = collect(1000);
    chunker.push(new Float32Array(600).fill(0.5), 20_000);
    // The audio thread stalled 300 ms: the next frames were captured at 20 900, not 20 600.
    chunker.push(new Float32Array(1100).fill(0.25), 20_900);
    expect(sent.map((chunk) => chunk.timestamp)).toEqual([20_000, 21_000]);
    const view = new DataView(sent[0]!.bytes);
    expect(view.getInt16(599 * 2, true)).toBe(16384);
    expect(view.getInt16(600 * 2, true)).toBe(0);
    expect(view.getInt16(899 * 2, true)).toBe(0);
    expect(view.getInt16(900 * 2, true)).toBe(8192);
  });

  it('sends no chunk for seconds that lost more than half their sound, and stamps the next ones true', () => {
    const { chunker, sent } = collect(1000);
    chunker.push(new Float32Array(400), 30_000);
    // 3.4 s lost: 30 400-31 000 (the rest of second 0, more than half), 31 000-33 000 (whole),
    // 33 000-33 800 (most of second 3).
    chunker.push(new Float32Array(1200), 33_800);
    expect(sent.map((chunk) => chunk.timestamp)).toEqual([34_000]);
    chunker.push(new Float32Array(1000), 35_000);
    expect(sent.map((chunk) => chunk.timestamp)).toEqual([34_000, 35_000]);
    expect(sent.every((chunk) => chunk.bytes.byteLength === 2000)).toBe(true);
  });

  it('cuts the head of frames dated before the end of what it already holds', () => {
    const { chunker, sent } = collect(1000);
    chunker.push(new Float32Array(500).fill(0.5), 40_000);
    // Dated 100 ms early (beyond the clock's slack): its first 100 frames overlap.
    chunker.push(new Float32Array(700).fill(0.25), 40_400);
    expect(sent).toHaveLength(1);
    const view = new DataView(sent[0]!.bytes);
    expect(view.getInt16(499 * 2, true)).toBe(16384);
    expect(view.getInt16(500 * 2, true)).toBe(8192);
    chunker.push(new Float32Array(900), 41_100);
    expect(sent.map((chunk) => chunk.timestamp)).toEqual([40_000, 41_000]);
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
