import { describe, expect, it } from 'vitest';
import { PcmChunker } from './pcm-chunker';

/** A batch dated by the audio clock at `ms`. */
const at = (ms: number) => ({ ms, byAudioClock: true });
const filled = (n: number, value: number) => new Float32Array(n).fill(value);
const ramp = (n: number, from: number) => Float32Array.from({ length: n }, (_, i) => (from + i) / 32_768);

function collect(sampleRate: number) {
  const sent: Array<{ bytes: ArrayBuffer; timestamp: number }> = [];
  const chunker = new PcmChunker(sampleRate, (bytes, timestamp) => sent.push({ bytes, timestamp }));
  const sample = (chunk: number, index: number) => new DataView(sent[chunk]!.bytes).getInt16(index * 2, true);
  return { chunker, sent, sample, stamps: () => sent.map((chunk) => chunk.timestamp) };
}

describe('PcmChunker', () => {
  it('sends exactly one second of PCM16 LE per chunk, so the rate is byteLength / 2', () => {
    const { chunker, sent, sample } = collect(48_000);
    // 128-frame render quanta, as an AudioWorklet delivers them, for 2.1 s.
    for (let i = 0; i < 788; i += 1) chunker.push(filled(128, 0.5), at(1_000_000 + (i * 128) / 48));
    expect(sent).toHaveLength(2);
    expect(sent.map((chunk) => chunk.bytes.byteLength / 2)).toEqual([48_000, 48_000]);
    expect(sample(0, 0)).toBe(16384);
    expect(sample(0, 47_999)).toBe(16384);
  });

  it('stamps chunk i with the first sample time plus i seconds', () => {
    const { chunker, stamps } = collect(1000);
    chunker.push(new Float32Array(250), at(10_000)); // the first sample entered at 10 000
    chunker.push(new Float32Array(2000), at(10_250));
    chunker.push(new Float32Array(750), at(12_250));
    expect(stamps()).toEqual([10_000, 11_000, 12_000]);
  });

  it('keeps samples in order across chunk boundaries', () => {
    const { chunker, sent } = collect(4);
    chunker.push(new Float32Array([0.1, 0.2, 0.3]), at(0));
    chunker.push(new Float32Array([0.4, 0.5, 0.6, 0.7, 0.8]), at(750));
    const values = sent.flatMap((chunk) => {
      const view = new DataView(chunk.bytes);
      return [0, 1, 2, 3].map((i) => Math.round((view.getInt16(i * 2, true) / 32767) * 10) / 10);
    });
    expect(values).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]);
  });

  it('keeps each chunk on its second after a stall: the lost sound is silence in its place', () => {
    const { chunker, sample, stamps } = collect(1000);
    chunker.push(filled(600, 0.5), at(20_000));
    // The audio thread stalled 300 ms: the batches after it are dated 20 900 and 21 000. The second
    // confirms the loss, and the silence goes before it (the first is placed on, a quantum early).
    chunker.push(filled(100, 0.25), at(20_900));
    chunker.push(filled(1000, 0.125), at(21_000));
    expect(stamps()).toEqual([20_000, 21_000]);
    expect(sample(0, 599)).toBe(16384);
    expect(sample(0, 600)).toBe(8192);
    expect(sample(0, 700)).toBe(0);
    expect(sample(0, 999)).toBe(0);
    expect(sample(1, 0)).toBe(4096);
  });

  it('sends no chunk for seconds that lost more than half their sound, and stamps the next ones true', () => {
    const { chunker, sent, stamps } = collect(1000);
    chunker.push(new Float32Array(300), at(30_000));
    // 3.5 s lost after 30 400 (the first batch after the stall is placed on): second 0 kept 400 ms,
    // seconds 1 and 2 nothing, second 3 the last 100 ms.
    chunker.push(new Float32Array(100), at(33_800));
    chunker.push(new Float32Array(1200), at(33_900));
    expect(stamps()).toEqual([34_000]);
    chunker.push(new Float32Array(900), at(35_100));
    expect(stamps()).toEqual([34_000, 35_000]);
    expect(sent.every((chunk) => chunk.bytes.byteLength === 2000)).toBe(true);
  });

  it('sends a second that lost exactly half its sound', () => {
    const { chunker, stamps } = collect(1000);
    chunker.push(new Float32Array(400), at(50_000));
    chunker.push(new Float32Array(100), at(50_900));
    chunker.push(new Float32Array(500), at(51_000)); // 500 ms lost: 50 500-51 000
    expect(stamps()).toEqual([50_000]);
  });

  it('cuts the head of frames confirmed to be dated before the end of what it already holds', () => {
    const { chunker, sample, stamps } = collect(1000);
    chunker.push(filled(500, 0.5), at(40_000));
    // Dated 100 ms early twice in a row (beyond the clock's slack): the second batch loses 100 frames.
    chunker.push(filled(100, 0.25), at(40_400));
    chunker.push(ramp(600, 1), at(40_500));
    expect(stamps()).toEqual([40_000]);
    expect(sample(0, 499)).toBe(16384);
    expect(sample(0, 500)).toBe(8192);
    expect(sample(0, 600)).toBe(101);
    chunker.push(new Float32Array(900), at(41_100));
    expect(stamps()).toEqual([40_000, 41_000]);
  });

  it('cuts an overlap that crosses into the next second from that second, not the sent one', () => {
    const { chunker, sample, stamps } = collect(1000);
    chunker.push(new Float32Array(900), at(60_000));
    chunker.push(new Float32Array(100), at(60_800)); // completes second 0, 100 ms early
    chunker.push(ramp(300, 1), at(60_900)); // confirms: its first 100 frames were already sent
    chunker.push(new Float32Array(800), at(61_200));
    expect(stamps()).toEqual([60_000, 61_000]);
    expect(sample(1, 0)).toBe(101);
  });

  it('never takes a late arrival for lost sound when no audio clock dated the frames', () => {
    const { chunker, sample, stamps } = collect(1000);
    const byArrival = (ms: number) => ({ ms, byAudioClock: false });
    chunker.push(filled(600, 0.5), byArrival(20_000));
    chunker.push(filled(400, 0.25), byArrival(20_900)); // the page was busy 300 ms
    chunker.push(filled(1000, 0.125), byArrival(21_900));
    expect(stamps()).toEqual([20_000, 21_000]);
    expect(sample(0, 600)).toBe(8192);
    expect(sample(0, 999)).toBe(8192);
  });

  it('sends a zero-length heartbeat on a tick without frames, and none while frames flow', () => {
    const { chunker, sent } = collect(1000);
    chunker.tick(500);
    expect(sent).toEqual([{ bytes: new ArrayBuffer(0), timestamp: 500 }]);
    chunker.push(new Float32Array(100), at(600));
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
