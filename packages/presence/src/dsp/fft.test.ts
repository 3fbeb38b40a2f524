import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crossCorrelate } from './correlate';
import { ComplexFft, RealFft, nextPowerOfTwo } from './fft';
import { Rng } from './random';

function dft(re: number[], im: number[]): { re: number[]; im: number[] } {
  const n = re.length;
  const outRe: number[] = [];
  const outIm: number[] = [];
  for (let k = 0; k < n; k++) {
    let sr = 0;
    let si = 0;
    for (let t = 0; t < n; t++) {
      const a = (-2 * Math.PI * k * t) / n;
      sr += re[t]! * Math.cos(a) - im[t]! * Math.sin(a);
      si += re[t]! * Math.sin(a) + im[t]! * Math.cos(a);
    }
    outRe.push(sr);
    outIm.push(si);
  }
  return { re: outRe, im: outIm };
}

describe('ComplexFft', () => {
  it.each([1, 2, 4, 8, 16, 32, 64, 128])('matches the brute-force DFT for size %i', (n) => {
    const rng = new Rng(n);
    const re = Array.from({ length: n }, () => rng.normal());
    const im = Array.from({ length: n }, () => rng.normal());
    const a = Float64Array.from(re);
    const b = Float64Array.from(im);
    new ComplexFft(n).forward(a, b);
    const ref = dft(re, im);
    for (let k = 0; k < n; k++) {
      expect(a[k]).toBeCloseTo(ref.re[k]!, 9);
      expect(b[k]).toBeCloseTo(ref.im[k]!, 9);
    }
  });

  // The tiled permutation (presence-0017) must move every value where the element-by-element one
  // did: a transform equals its butterflies run on the input written at `bitReversed`, bit for bit,
  // at the sizes with tiles (64 and up) and without.
  it.each([2, 8, 32, 64, 128, 512, 4096, 16384, 65536])(
    'permutes exactly as bitReversed says for size %i',
    (n) => {
      const rng = new Rng(n + 1);
      const re = Float64Array.from({ length: n }, () => rng.normal());
      const im = Float64Array.from({ length: n }, () => rng.normal());
      const fft = new ComplexFft(n);
      const placedRe = new Float64Array(n);
      const placedIm = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        placedRe[fft.bitReversed[i]!] = re[i]!;
        placedIm[fft.bitReversed[i]!] = im[i]!;
      }
      fft.forward(re, im);
      fft.forwardFromBitReversed(placedRe, placedIm);
      expect(Buffer.from(re.buffer).equals(Buffer.from(placedRe.buffer))).toBe(true);
      expect(Buffer.from(im.buffer).equals(Buffer.from(placedIm.buffer))).toBe(true);
    },
  );

  // Digests of the transforms as computed before presence-0017 (the tiled permutation, the first
  // passes taken block by block for each j): the same butterflies on the same values must give the
  // same bits, whatever order the independent butterflies of a pass are done in.
  it.each([
    [4096, 'b51dc60ac8c58108', 'beb23dd65479f492'],
    [8192, '608aaa005b78e3ba', '1b3abb79cd8b4f19'],
    [16384, '859336eb8daa53ec', '0aa3c2e40ebfc369'],
  ])("gives the earlier code's bits at size %i", (n, forwardDigest, inverseDigest) => {
    const rng = new Rng(n + 7);
    const re = Float64Array.from({ length: n }, () => rng.normal());
    const im = Float64Array.from({ length: n }, () => rng.normal());
    const digest = (): string =>
      createHash('sha256')
        .update(Buffer.from(re.buffer))
        .update(Buffer.from(im.buffer))
        .digest('hex')
        .slice(0, 16);
    const fft = new ComplexFft(n);
    fft.forward(re, im);
    expect(digest()).toBe(forwardDigest);
    fft.inverseUnscaled(re, im);
    expect(digest()).toBe(inverseDigest);
  });

  it('inverse undoes forward', () => {
    const rng = new Rng(3);
    const re = Float64Array.from({ length: 1024 }, () => rng.normal());
    const im = Float64Array.from({ length: 1024 }, () => rng.normal());
    const a = re.slice();
    const b = im.slice();
    const fft = new ComplexFft(1024);
    fft.forward(a, b);
    fft.inverse(a, b);
    for (let i = 0; i < 1024; i++) {
      expect(a[i]).toBeCloseTo(re[i]!, 10);
      expect(b[i]).toBeCloseTo(im[i]!, 10);
    }
  });

  it('rejects sizes that are not powers of two', () => {
    expect(() => new ComplexFft(12)).toThrow(RangeError);
    expect(nextPowerOfTwo(1000)).toBe(1024);
  });
});

describe('RealFft', () => {
  it.each([4, 8, 32, 256])('matches the DFT of a real signal for size %i', (n) => {
    const rng = new Rng(n + 1);
    const x = Array.from({ length: n }, () => rng.normal());
    const re = new Float64Array(n / 2 + 1);
    const im = new Float64Array(n / 2 + 1);
    new RealFft(n).forward(Float64Array.from(x), re, im);
    const ref = dft(x, new Array<number>(n).fill(0));
    for (let k = 0; k <= n / 2; k++) {
      expect(re[k]).toBeCloseTo(ref.re[k]!, 9);
      expect(im[k]).toBeCloseTo(ref.im[k]!, 9);
    }
  });

  it('zero-pads a shorter input', () => {
    const re = new Float64Array(9);
    const im = new Float64Array(9);
    new RealFft(16).forward([1, 1], re, im, 0, 2);
    expect(re[0]).toBeCloseTo(2, 12);
    expect(re[8]).toBeCloseTo(0, 12);
  });

  // The packing reads whole pairs without a test and the pair the input ends in apart
  // (presence-0017): an input read from an offset, of any length (odd, even, longer than the
  // transform, running off the array's end), gives the bits of the same samples zero-padded by hand.
  it('transforms a windowed frame to the bits of the frame windowed into a buffer first', () => {
    const rng = new Rng(31);
    const source = Float32Array.from({ length: 1000 }, () => rng.normal() * 0.1);
    const fft = new RealFft(256);
    for (const [offset, frame] of [
      [0, 256],
      [5, 240],
      [100, 221],
      [744, 256],
    ] as const) {
      const window = Float64Array.from(
        { length: frame },
        (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / frame),
      );
      const buffer = new Float64Array(256);
      for (let n = 0; n < frame; n++) buffer[n] = source[offset + n]! * window[n]!;
      const got = [new Float64Array(129), new Float64Array(129)] as const;
      const want = [new Float64Array(129), new Float64Array(129)] as const;
      fft.forwardWindowed(source, offset, window, got[0], got[1], 3, 100);
      fft.forward(buffer, want[0], want[1], 0, frame, 3, 100);
      expect(Buffer.from(got[0].buffer).equals(Buffer.from(want[0].buffer))).toBe(true);
      expect(Buffer.from(got[1].buffer).equals(Buffer.from(want[1].buffer))).toBe(true);
    }
    expect(() =>
      fft.forwardWindowed(
        source,
        900,
        new Float64Array(200),
        new Float64Array(129),
        new Float64Array(129),
        0,
        128,
      ),
    ).toThrow(RangeError);
  });

  it('reads a part of its input exactly as the same samples zero-padded', () => {
    const rng = new Rng(29);
    const source = Float64Array.from({ length: 300 }, () => rng.normal());
    const fft = new RealFft(256);
    for (const [offset, length] of [
      [0, 256],
      [0, 255],
      [3, 240],
      [7, 1],
      [10, 0],
      [100, 256],
      [250, 256],
    ] as const) {
      const count = Math.max(0, Math.min(length, 256, source.length - offset));
      const padded = new Float64Array(256);
      padded.set(source.subarray(offset, offset + count));
      const got = [new Float64Array(129), new Float64Array(129)] as const;
      const want = [new Float64Array(129), new Float64Array(129)] as const;
      fft.forward(source, got[0], got[1], offset, length);
      fft.forward(padded, want[0], want[1]);
      expect(Buffer.from(got[0].buffer).equals(Buffer.from(want[0].buffer))).toBe(true);
      expect(Buffer.from(got[1].buffer).equals(Buffer.from(want[1].buffer))).toBe(true);
    }
  });
});

describe('crossCorrelate', () => {
  it('matches the brute-force sum on small random inputs', () => {
    const rng = new Rng(11);
    for (let trial = 0; trial < 20; trial++) {
      const n = rng.int(2, 60);
      const m = rng.int(1, n);
      const signal = Array.from({ length: n }, () => rng.normal());
      const template = Array.from({ length: m }, () => rng.normal());
      const fast = crossCorrelate(signal, template);
      expect(fast.length).toBe(n - m + 1);
      for (let l = 0; l <= n - m; l++) {
        let ref = 0;
        for (let k = 0; k < m; k++) ref += signal[l + k]! * template[k]!;
        expect(fast[l]).toBeCloseTo(ref, 9);
      }
    }
  });

  it('returns nothing when the template is longer than the signal', () => {
    expect(crossCorrelate([1, 2], [1, 2, 3]).length).toBe(0);
  });
});
