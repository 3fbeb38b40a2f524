import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PresenceInputError } from '../errors';
import { decodeTeacherChunk } from './decode-teacher-chunk';
import { decodeWav } from './decode-wav';
import { encodePcm16, encodeWav, type WavEncoding } from './encode-wav';
import { pcm16ToFloat } from './pcm16';

const ramp = Float32Array.from({ length: 480 }, (_, i) => Math.sin(i / 7) * 0.8);

function expectClose(actual: Float32Array, expected: Float32Array, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
  expect(worst).toBeLessThanOrEqual(tolerance);
}

function chunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  for (let i = 0; i < 4; i++) out[i] = id.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, body.length, true);
  out.set(body, 8);
  return out;
}

function riff(...chunks: Uint8Array[]): Uint8Array {
  const size = chunks.reduce((s, c) => s + c.length, 4);
  const out = new Uint8Array(8 + size);
  out.set([0x52, 0x49, 0x46, 0x46]);
  new DataView(out.buffer).setUint32(4, size, true);
  out.set([0x57, 0x41, 0x56, 0x45], 8);
  let at = 12;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function fmtBody(format: number, channels: number, rate: number, bits: number): Uint8Array {
  const body = new Uint8Array(16);
  const v = new DataView(body.buffer);
  v.setUint16(0, format, true);
  v.setUint16(2, channels, true);
  v.setUint32(4, rate, true);
  v.setUint32(8, (rate * channels * bits) / 8, true);
  v.setUint16(12, (channels * bits) / 8, true);
  v.setUint16(14, bits, true);
  return body;
}

function expectInputError(bytes: Uint8Array, code: string): void {
  try {
    decodeWav(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(PresenceInputError);
    expect((err as PresenceInputError).code).toBe(code);
    return;
  }
  throw new Error(`expected PresenceInputError ${code}`);
}

describe('decodeWav: supported variants', () => {
  const cases: [WavEncoding, number][] = [
    ['pcm8', 1 / 64],
    ['pcm16', 1 / 16384],
    ['pcm24', 1e-6],
    ['pcm32', 1e-8],
    ['float32', 1e-7],
  ];
  it.each(cases)('round-trips %s', (encoding, tolerance) => {
    const decoded = decodeWav(encodeWav(ramp, 44100, { encoding }));
    expect(decoded.sampleRate).toBe(44100);
    expectClose(decoded.samples, ramp, tolerance);
  });

  it.each(cases)('reads WAVE_FORMAT_EXTENSIBLE %s', (encoding, tolerance) => {
    const decoded = decodeWav(encodeWav(ramp, 48000, { encoding, extensible: true }));
    expect(decoded.sampleRate).toBe(48000);
    expectClose(decoded.samples, ramp, tolerance);
  });

  it('folds stereo to mono by averaging the channels', () => {
    const left = new Int16Array([1000, -2000, 3000]);
    const right = new Int16Array([3000, 2000, -3000]);
    const data = new Uint8Array(12);
    const v = new DataView(data.buffer);
    for (let i = 0; i < 3; i++) {
      v.setInt16(i * 4, left[i]!, true);
      v.setInt16(i * 4 + 2, right[i]!, true);
    }
    const decoded = decodeWav(riff(chunk('fmt ', fmtBody(1, 2, 16000, 16)), chunk('data', data)));
    expect(Array.from(decoded.samples)).toEqual([2000 / 32768, 0, 0]);
  });

  it('accepts LIST chunks, odd-sized chunks with a pad byte and data before fmt', () => {
    const pcm = encodePcm16(ramp);
    const list = chunk('LIST', new TextEncoder().encode('INFOISFT'));
    const odd = chunk('junk', new Uint8Array([1, 2, 3]));
    const decoded = decodeWav(riff(list, chunk('data', pcm), odd, chunk('fmt ', fmtBody(1, 1, 22050, 16))));
    expect(decoded.sampleRate).toBe(22050);
    expectClose(decoded.samples, ramp, 1 / 16384);
  });

  it('decodes the whole frames of a truncated data chunk', () => {
    const full = encodeWav(ramp, 48000);
    const truncated = full.subarray(0, full.length - 101);
    const decoded = decodeWav(truncated);
    expect(decoded.samples.length).toBe(ramp.length - 51);
    expectClose(decoded.samples, ramp.subarray(0, ramp.length - 51), 1 / 16384);
  });

  it('treats a zero data size (streaming writers) as "to the end of the file"', () => {
    const bytes = encodeWav(ramp, 48000).slice();
    new DataView(bytes.buffer).setUint32(40, 0, true);
    expect(decodeWav(bytes).samples.length).toBe(ramp.length);
  });
});

describe('decodeWav: broken input', () => {
  it('rejects empty, non-RIFF and non-WAVE input', () => {
    expectInputError(new Uint8Array(0), 'empty_input');
    expectInputError(new TextEncoder().encode('hello world, not audio'), 'not_riff');
    const notWave = encodeWav(ramp, 48000).slice();
    notWave.set([0x41, 0x56, 0x49, 0x20], 8);
    expectInputError(notWave, 'not_wave');
  });

  it('rejects missing chunks', () => {
    expectInputError(riff(chunk('data', new Uint8Array(4))), 'missing_fmt');
    expectInputError(riff(chunk('fmt ', fmtBody(1, 1, 48000, 16))), 'missing_data');
  });

  it('rejects unsupported encodings and impossible headers', () => {
    const data = chunk('data', new Uint8Array(64));
    expectInputError(riff(chunk('fmt ', fmtBody(2, 1, 48000, 16)), data), 'unsupported_format');
    expectInputError(riff(chunk('fmt ', fmtBody(1, 1, 48000, 12)), data), 'unsupported_bit_depth');
    expectInputError(riff(chunk('fmt ', fmtBody(1, 0, 48000, 16)), data), 'bad_channel_count');
    expectInputError(riff(chunk('fmt ', fmtBody(1, 1, 0, 16)), data), 'bad_sample_rate');
    expectInputError(riff(chunk('fmt ', new Uint8Array(10)), data), 'bad_fmt');
    expectInputError(
      riff(chunk('fmt ', fmtBody(1, 1, 48000, 16)), chunk('data', new Uint8Array(1))),
      'no_samples',
    );
  });

  it('never throws anything but PresenceInputError on random bytes, and always terminates', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        try {
          const out = decodeWav(bytes);
          expect(out.samples.length).toBeGreaterThan(0);
        } catch (err) {
          expect(err).toBeInstanceOf(PresenceInputError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never crashes on random corruptions of a valid WAV', () => {
    const valid = encodeWav(ramp.subarray(0, 64), 48000, {
      leadingChunks: [{ id: 'LIST', body: new Uint8Array(5) }],
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 12,
        }),
        fc.nat({ max: valid.length }),
        (edits, cut) => {
          const bytes = valid.slice(0, Math.max(cut, 1));
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          try {
            const out = decodeWav(bytes);
            for (const v of out.samples) expect(Math.abs(v)).toBeLessThanOrEqual(1);
          } catch (err) {
            expect(err).toBeInstanceOf(PresenceInputError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('decodeTeacherChunk', () => {
  it('reads raw PCM16 with rate = bytes / 2', () => {
    const second = new Float32Array(16000).fill(0.25);
    const decoded = decodeTeacherChunk(encodePcm16(second));
    expect(decoded.sampleRate).toBe(16000);
    expect(decoded.framing).toBe('raw');
    expect(decoded.samples[100]).toBeCloseTo(0.25, 4);
  });

  it('reads WAV chunks by their RIFF header', () => {
    const decoded = decodeTeacherChunk(encodeWav(new Float32Array(16000), 16000));
    expect(decoded.framing).toBe('wav');
    expect(decoded.sampleRate).toBe(16000);
  });

  it('decodes a partial raw chunk at an assumed rate', () => {
    expect(decodeTeacherChunk(new Uint8Array(9600), 48000).sampleRate).toBe(48000);
  });

  it('rejects heartbeats, odd lengths and implausible rates with typed errors', () => {
    expect(() => decodeTeacherChunk(new Uint8Array(0))).toThrow(PresenceInputError);
    expect(() => decodeTeacherChunk(new Uint8Array(9))).toThrow(PresenceInputError);
    expect(() => decodeTeacherChunk(new Uint8Array(100))).toThrow(PresenceInputError);
  });
});

describe('pcm16ToFloat', () => {
  it('reads what a DataView reads, at even and odd byte offsets', () => {
    const values = [0, 1, -1, 32767, -32768, 12345, -23456];
    const bytes = new Uint8Array(3 + 2 * values.length);
    const view = new DataView(bytes.buffer);
    for (const start of [2, 1]) {
      values.forEach((v, i) => view.setInt16(start + 2 * i, v, true));
      const out = pcm16ToFloat(bytes, start, values.length);
      expect(Array.from(out)).toEqual(values.map((v) => v / 32768));
      // The same through a subarray whose byteOffset shifts the alignment.
      const shifted = pcm16ToFloat(bytes.subarray(1), start - 1, values.length);
      expect(Array.from(shifted)).toEqual(values.map((v) => v / 32768));
    }
  });
});
