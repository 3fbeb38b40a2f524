import { afterEach, describe, expect, it } from 'vitest';
import { TrackArrays, correlateChirps, type ChirpCorrelations } from '../../detect/chirp-correlations';
import { dilate } from '../../detect/envelope-dilation';
import { synthesizeSpan } from '../../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule } from '../../schedule/tone-schedule';
import { RealBandDft } from '../band-dft';
import { ComplexFft, RealFft } from '../fft';
import { Rng } from '../random';
import {
  arenaFloat32,
  arenaFloat64,
  kernelDispatches,
  kernelsFor,
  simdKernelsActive,
  useSimdKernels,
} from './kernels';

// The kernels must give the TypeScript loops' bits exactly (presence-0028): every test runs the
// same input through both paths and compares every double, -0 told apart from +0.

afterEach(() => {
  useSimdKernels(true);
});

function differing(a: Float64Array, b: Float64Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) count++;
  return count;
}

function randomArena(n: number, rng: Rng): Float64Array {
  const a = arenaFloat64(n);
  for (let i = 0; i < n; i++) a[i] = rng.normal() * 1000;
  return a;
}

describe('SIMD kernels', () => {
  it('run on this runtime (Node 20 has WebAssembly SIMD)', () => {
    expect(simdKernelsActive()).toBe(true);
    const inside = arenaFloat64(8);
    expect(kernelsFor(inside)).not.toBeNull();
    expect(kernelsFor(inside, new Float64Array(8))).toBeNull();
  });

  it('are skipped when turned off', () => {
    expect(useSimdKernels(false)).toBe(true);
    expect(simdKernelsActive()).toBe(false);
    expect(kernelsFor(arenaFloat64(8))).toBeNull();
  });

  it.each([16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 16384, 32768])(
    'give the complex FFT of size %i bit for bit, forward and inverse',
    (n) => {
      const rng = new Rng(n);
      const fft = new ComplexFft(n);
      for (const direction of ['forward', 'inverse'] as const) {
        const re = randomArena(n, rng);
        const im = randomArena(n, rng);
        const jsRe = re.slice();
        const jsIm = im.slice();
        useSimdKernels(true);
        const before = kernelDispatches();
        if (direction === 'forward') fft.forward(re, im);
        else fft.inverse(re, im);
        expect(kernelDispatches()).toBe(before + 1);
        useSimdKernels(false);
        if (direction === 'forward') fft.forward(jsRe, jsIm);
        else fft.inverse(jsRe, jsIm);
        expect(differing(re, jsRe)).toBe(0);
        expect(differing(im, jsIm)).toBe(0);
        // And the transform is a transform: not everything is zero or equal to the input.
        expect(re.some((v, i) => Math.abs(v - jsRe[i]!) > 0 || v !== 0)).toBe(true);
      }
    },
  );

  it('keep signed zeros, infinities and NaN as the TypeScript does', () => {
    const n = 64;
    const fft = new ComplexFft(n);
    const specials = [0, -0, 1, -1, Infinity, -Infinity, NaN, 1e-310, -1e308];
    const re = arenaFloat64(n);
    const im = arenaFloat64(n);
    for (let i = 0; i < n; i++) {
      re[i] = specials[i % specials.length]!;
      im[i] = specials[(i * 5 + 3) % specials.length]!;
    }
    const jsRe = re.slice();
    const jsIm = im.slice();
    const before = kernelDispatches();
    fft.forward(re, im);
    expect(kernelDispatches()).toBe(before + 1);
    useSimdKernels(false);
    fft.forward(jsRe, jsIm);
    // NaN payloads are not compared: every NaN is the same number to the verifier.
    const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
    expect(Array.from(re).filter((v, i) => !same(v, jsRe[i]!))).toEqual([]);
    expect(Array.from(im).filter((v, i) => !same(v, jsIm[i]!))).toEqual([]);
  });

  it('leave arrays outside their memory to the TypeScript loops, with the same result', () => {
    const n = 1024;
    const rng = new Rng(7);
    const fft = new ComplexFft(n);
    const inside = randomArena(n, rng);
    const insideIm = randomArena(n, rng);
    const outside = Float64Array.from(inside);
    const outsideIm = Float64Array.from(insideIm);
    fft.forward(inside, insideIm);
    const before = kernelDispatches();
    fft.forward(outside, outsideIm);
    expect(kernelDispatches()).toBe(before);
    expect(differing(inside, outside)).toBe(0);
    expect(differing(insideIm, outsideIm)).toBe(0);
  });

  it('give the real FFT bit for bit', () => {
    const size = 4096;
    const rng = new Rng(11);
    const input = Float32Array.from({ length: 3000 }, () => rng.normal());
    const fft = new RealFft(size);
    const simd = { re: new Float64Array(size / 2 + 1), im: new Float64Array(size / 2 + 1) };
    const js = { re: new Float64Array(size / 2 + 1), im: new Float64Array(size / 2 + 1) };
    const before = kernelDispatches();
    fft.forward(input, simd.re, simd.im, 0, input.length);
    expect(kernelDispatches()).toBe(before + 1);
    useSimdKernels(false);
    fft.forward(input, js.re, js.im, 0, input.length);
    expect(differing(simd.re, js.re)).toBe(0);
    expect(differing(simd.im, js.im)).toBe(0);
  });

  it.each([
    // [size, subSize, kFrom, kTo]: bands inside one sub-transform's bins, across its wrap, the
    // whole spectrum, single bins at the edges and at the mirror's fixed points.
    [1 << 16, 1 << 12, 10_000, 14_000],
    [1 << 16, 1 << 12, 4_094, 4_099],
    [1 << 16, 1 << 12, 0, 1 << 15],
    [1 << 16, 1 << 12, 0, 0],
    [1 << 16, 1 << 12, 1 << 15, 1 << 15],
    [1 << 16, 1 << 12, 2_048, 2_048],
    [1 << 17, 1 << 14, 45_001, 53_390],
    [1 << 18, 1 << 14, 89_000, 109_000],
  ])('give the band DFT bit for bit (N %i, L %i, bins %i-%i)', (size, subSize, kFrom, kTo) => {
    const rng = new Rng(size + kFrom);
    const input = Float32Array.from({ length: Math.floor(size * 0.7) + 3 }, () => rng.normal());
    const plan = new RealBandDft(size, subSize);
    const bins = kTo - kFrom + 1;
    const simd = { re: arenaFloat64(bins), im: arenaFloat64(bins) };
    const js = { re: new Float64Array(bins), im: new Float64Array(bins) };
    const before = kernelDispatches();
    plan.forward(input, simd.re, simd.im, 0, input.length, kFrom, kTo);
    // Every pair's sub-transform and the bins' assembly.
    expect(kernelDispatches()).toBe(before + size / subSize / 2 + 1);
    useSimdKernels(false);
    plan.forward(input, js.re, js.im, 0, input.length, kFrom, kTo);
    expect(differing(simd.re, js.re)).toBe(0);
    expect(differing(simd.im, js.im)).toBe(0);
    expect(simd.re.some((v) => v !== 0)).toBe(true);
  });

  it.each([
    ['correlation envelopes', (rng: Rng) => Math.abs(rng.normal()) * 0.3],
    ['plateaus and ties', (rng: Rng) => Math.floor(rng.next() * 4) / 4],
    ['negative values (the float path)', (rng: Rng) => rng.normal()],
    ['a NaN among them', (rng: Rng, i: number) => (i === 17 ? NaN : Math.abs(rng.normal()))],
    ['an infinity among them', (rng: Rng, i: number) => (i === 40 ? Infinity : Math.abs(rng.normal()))],
  ] as const)('give the dilation bit for bit: %s', (_name, draw) => {
    for (const n of [5, 6, 7, 8, 9, 64, 1001]) {
      const rng = new Rng(n);
      const values = arenaFloat32(n);
      for (let i = 0; i < n; i++) values[i] = draw(rng, i);
      const before = kernelDispatches();
      const simd = dilate(values, arenaFloat32(n), arenaFloat32(n));
      expect(kernelDispatches()).toBe(before + 1);
      useSimdKernels(false);
      const js = dilate(values, new Float32Array(n), new Float32Array(n));
      useSimdKernels(true);
      const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
      expect(Array.from(simd).filter((v, i) => !same(v, js[i]!))).toEqual([]);
    }
  });

  it.each([true, false])(
    "give the correlation's product and envelope bit for bit, odd and even lags (levels: %s)",
    (levels) => {
      const rate = 48000;
      const parities = new Set<number>();
      for (const seconds of [5, 4.9999]) {
        const rng = new Rng(3);
        const tone = synthesizeSpan(new ToneSchedule('ab'.repeat(32)), 12.3, seconds, rate);
        const samples = tone.map((v) => 0.01 * v + 0.003 * rng.normal());
        const run = (keep: TrackArrays): ChirpCorrelations =>
          correlateChirps(samples, rate, DEFAULT_SCHEDULE_CONFIG, 6, { keep, levels });
        const before = kernelDispatches();
        const simd = run(new TrackArrays());
        const dispatched = kernelDispatches() - before;
        useSimdKernels(false);
        const js = run(new TrackArrays());
        useSimdKernels(true);
        // Every template's product, inverse transform, envelope and dilation ran in the kernels.
        expect(dispatched).toBeGreaterThanOrEqual(4 * simd.tracks.size);
        const lags = simd.tracks.values().next().value!.ncc.length;
        parities.add(lags % 2);
        for (const [key, track] of simd.tracks) {
          const other = js.tracks.get(key)!;
          for (const field of ['ncc', 'z', 'level'] as const) {
            expect(track[field].length).toBe(other[field].length);
            const differ = Array.from(track[field]).filter((v, i) => !Object.is(v, other[field][i]));
            expect(differ).toEqual([]);
          }
          expect(track.level.length).toBe(levels ? lags : 0);
        }
        expect(Math.max(...Array.from(simd.tracks.values(), (t) => Math.max(...t.ncc)))).toBeGreaterThan(0.3);
      }
      // The envelope kernel's two-lag loop and its odd last lag both ran.
      expect([...parities].sort()).toEqual([0, 1]);
    },
  );
});
