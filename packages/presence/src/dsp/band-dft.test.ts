import { describe, expect, it } from 'vitest';
import { RealBandDft } from './band-dft';
import { ComplexFft, RealFft } from './fft';
import { Rng } from './random';

describe('RealBandDft', () => {
  it.each([
    // size, subSize, samples, first bin, last bin: bands narrower and wider than a subtransform,
    // at both ends of the spectrum, with and without zero padding and an odd tail
    [64, 8, 64, 0, 32],
    [64, 16, 50, 3, 9],
    [256, 32, 203, 100, 128],
    [1024, 64, 1000, 17, 300],
    [4096, 256, 3001, 1500, 2048],
  ])('gives the real FFT bins (size %i, subSize %i, %i samples, bins %i-%i)', (n, l, count, kFrom, kTo) => {
    const rng = new Rng(n + l + count);
    const x = Float32Array.from({ length: count + 5 }, () => rng.normal());
    const offset = 3;
    const fullRe = new Float64Array(n / 2 + 1);
    const fullIm = new Float64Array(n / 2 + 1);
    new RealFft(n).forward(x, fullRe, fullIm, offset, count);
    const re = new Float64Array(kTo - kFrom + 1);
    const im = new Float64Array(kTo - kFrom + 1);
    new RealBandDft(n, l).forward(x, re, im, offset, count, kFrom, kTo);
    let scale = 0;
    for (let k = kFrom; k <= kTo; k++) scale = Math.max(scale, Math.hypot(fullRe[k]!, fullIm[k]!));
    for (let k = kFrom; k <= kTo; k++) {
      expect(Math.abs(re[k - kFrom]! - fullRe[k]!)).toBeLessThan(1e-12 * scale);
      expect(Math.abs(im[k - kFrom]! - fullIm[k]!)).toBeLessThan(1e-12 * scale);
    }
  });

  it('rejects sizes that do not split', () => {
    expect(() => new RealBandDft(64, 64)).toThrow(RangeError);
    expect(() => new RealBandDft(96, 8)).toThrow(RangeError);
  });
});

describe('ComplexFft.inverseUnscaled', () => {
  it('equals inverse bit for bit once the input carries the 1/size', () => {
    const n = 512;
    const rng = new Rng(9);
    const re = Float64Array.from({ length: n }, () => rng.normal());
    const im = Float64Array.from({ length: n }, () => rng.normal());
    const fft = new ComplexFft(n);
    const a = re.slice();
    const b = im.slice();
    fft.inverse(a, b);
    const c = re.map((v) => v / n);
    const d = im.map((v) => v / n);
    fft.inverseUnscaled(c, d);
    expect(Array.from(c)).toEqual(Array.from(a));
    expect(Array.from(d)).toEqual(Array.from(b));
  });
});
