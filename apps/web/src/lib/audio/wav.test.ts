import { describe, expect, it } from 'vitest';
import { floatToPcm16 } from './pcm16';
import { CLIP_LOST_MESSAGE, ClipCollector, joinFrames } from './record-clip';

const at = (ms: number) => ({ ms, byAudioClock: true });
import { encodeWavMono16 } from './wav';

function ascii(bytes: Uint8Array, from: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(from, from + length));
}

describe('floatToPcm16', () => {
  it('writes signed 16-bit little-endian samples, full scale both ways, clipping beyond', () => {
    const bytes = floatToPcm16(new Float32Array([0, 1, -1, 0.5, 2, -3]));
    const view = new DataView(bytes.buffer);
    expect(bytes.byteLength).toBe(12);
    expect([0, 1, 2, 3, 4, 5].map((i) => view.getInt16(i * 2, true))).toEqual([
      0, 32767, -32768, 16384, 32767, -32768,
    ]);
    // Little endian: 32767 = 0x7fff is stored as ff 7f.
    expect([bytes[2], bytes[3]]).toEqual([0xff, 0x7f]);
  });
});

describe('encodeWavMono16', () => {
  it('writes a RIFF/WAVE PCM header for one channel at the given rate, then the samples', () => {
    const samples = new Float32Array([0.25, -0.25, 0]);
    const wav = encodeWavMono16(samples, 48_000);
    const view = new DataView(wav.buffer);
    expect(wav.byteLength).toBe(44 + 6);
    expect(ascii(wav, 0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(ascii(wav, 8, 4)).toBe('WAVE');
    expect(ascii(wav, 12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(96_000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
    expect([0, 1, 2].map((i) => view.getInt16(44 + i * 2, true))).toEqual([8192, -8192, 0]);
  });

  it('keeps a 44.1 kHz rate and five seconds of samples intact', () => {
    const samples = new Float32Array(44_100 * 5).map((_, i) => Math.sin(i / 10) * 0.5);
    const wav = encodeWavMono16(samples, 44_100);
    const view = new DataView(wav.buffer);
    expect(view.getUint32(24, true)).toBe(44_100);
    expect(view.getUint32(40, true)).toBe(44_100 * 5 * 2);
    expect(view.getInt16(44 + 2 * 1234, true)).toBe(
      Math.round(Math.sin(123.4) * 0.5 * (Math.sin(123.4) < 0 ? 0x8000 : 0x7fff)),
    );
  });

  it('refuses a rate that is not a positive integer', () => {
    expect(() => encodeWavMono16(new Float32Array(1), 0)).toThrow(/sample rate/);
    expect(() => encodeWavMono16(new Float32Array(1), 44_100.5)).toThrow(/sample rate/);
  });
});

describe('ClipCollector', () => {
  it('completes after exactly the requested duration and dates the clip from its first sample', () => {
    const collector = new ClipCollector(1000);
    const quantum = new Float32Array(400).fill(0.1);
    expect(collector.add(quantum, 1000, at(10_000))).toBe(false);
    expect(collector.add(quantum, 1000, at(10_400))).toBe(false);
    expect(collector.add(new Float32Array(400).fill(0.2), 1000, at(10_800))).toBe(true);
    const clip = collector.clip();
    expect(clip.sampleRate).toBe(1000);
    expect(clip.samples.length).toBe(1000);
    expect(clip.startedAt).toBe(10_000);
    expect(clip.samples[799]).toBeCloseTo(0.1);
    expect(clip.samples[999]).toBeCloseTo(0.2);
  });

  it('puts sound lost in a stall back as silence, so the clip spans its duration from its start', () => {
    const collector = new ClipCollector(1000);
    expect(collector.add(new Float32Array(300).fill(0.1), 1000, at(10_000))).toBe(false);
    // The audio thread stalled from 10 300 to 10 600; the second batch after it confirms the loss.
    expect(collector.add(new Float32Array(10).fill(0.2), 1000, at(10_600))).toBe(false);
    expect(collector.add(new Float32Array(290).fill(0.2), 1000, at(10_610))).toBe(false);
    expect(collector.add(new Float32Array(300).fill(0.3), 1000, at(10_900))).toBe(true);
    const clip = collector.clip();
    expect(clip.startedAt).toBe(10_000);
    expect(clip.samples.length).toBe(1000);
    expect(clip.samples[299]).toBeCloseTo(0.1);
    expect(clip.samples[300]).toBeCloseTo(0.2); // the batch that came first after the stall
    expect(clip.samples[310]).toBe(0);
    expect(clip.samples[609]).toBe(0);
    expect(clip.samples[610]).toBeCloseTo(0.2);
    expect(clip.samples[900]).toBeCloseTo(0.3);
  });

  it('completes with silence when the sound stops coming, but refuses a clip that lost over half', () => {
    const collector = new ClipCollector(1000);
    collector.add(new Float32Array(300), 1000, at(10_000));
    collector.add(new Float32Array(10), 1000, at(10_990));
    // 690 ms lost (10 310-11 000): the silence completes the clip.
    expect(collector.add(new Float32Array(100), 1000, at(11_000))).toBe(true);
    expect(() => collector.clip()).toThrow(CLIP_LOST_MESSAGE);
  });

  it('keeps a clip that lost half its sound or less', () => {
    const collector = new ClipCollector(1000);
    collector.add(new Float32Array(490), 1000, at(10_000));
    collector.add(new Float32Array(10), 1000, at(10_990));
    expect(collector.add(new Float32Array(100), 1000, at(11_000))).toBe(true); // 500 ms lost
    expect(collector.clip().samples.length).toBe(1000);
  });

  it('refuses to hand out an unfinished clip', () => {
    const collector = new ClipCollector(1000);
    collector.add(new Float32Array(10), 1000, at(0));
    expect(() => collector.clip()).toThrow(/not complete/);
  });

  it('joins frames and cuts the tail', () => {
    expect(Array.from(joinFrames([new Float32Array([1, 2]), new Float32Array([3, 4])], 3))).toEqual([
      1, 2, 3,
    ]);
  });
});
