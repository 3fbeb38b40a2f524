import { describe, expect, it } from 'vitest';
import { Rng } from '../dsp/random';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, LoopedSchedule, ToneSchedule } from '../schedule/tone-schedule';
import { TrackArrays, correlateChirps, type ChirpCorrelations } from './chirp-correlations';
import { dilate } from './envelope-dilation';
import { DEFAULT_PROOF_THRESHOLDS } from '../proof/proof-thresholds';
import {
  constantLagPlusK,
  holdingAlignments,
  lagOf,
  timeLockedScore,
  timeLockedSearch,
} from './time-locked-search';

const SCORE_MIN = DEFAULT_PROOF_THRESHOLDS.toneScoreMin;

const KEY = '3c9a0f7e1d2b4a6c8e0f1a3b5c7d9e1f2a4b6c8d0e1f3a5b7c9d1e2f4a6b8c0d';
const schedule = new ToneSchedule(KEY);
const RATE = 48000;

/** 5 s heard from schedule time `fromS` at `gain`, in white noise of RMS 0.003. */
function heard(
  fromS: number,
  gain: number,
  seed = 1,
  timeline: ToneSchedule | LoopedSchedule = schedule,
): Float32Array {
  const rng = new Rng(seed);
  const tone = synthesizeSpan(timeline, fromS, 5, RATE);
  return tone.map((v) => gain * v + 0.003 * rng.normal());
}

function search(samples: Float32Array, allowedFrom: number, allowedTo: number) {
  const corr = correlateChirps(samples, RATE, DEFAULT_SCHEDULE_CONFIG, 6);
  return timeLockedSearch(corr, schedule, { allowed: { min: allowedFrom, max: allowedTo } })!;
}

describe('time-locked chirp detection', () => {
  it('finds when the recording was made, to the millisecond', () => {
    const m = search(heard(300.4567, 0.003), 299, 302);
    expect(Math.abs(m.startS - 300.4567)).toBeLessThan(0.002);
    expect(m.score).toBeGreaterThan(2 * SCORE_MIN);
    expect(m.heard).toBe(m.chirps.length);
    expect(m.unexplained).toEqual([]);
    // Each expected chirp sits where the schedule put it.
    for (const c of m.chirps)
      expect(Math.abs(c.atS - (schedule.chirp(c.index).startS - 300.4567))).toBeLessThan(0.002);
  });

  it('integrates chirps too weak to hear one by one', () => {
    // About -31 dB below the noise in the recording: single chirps are not clear, the sequence is.
    const m = search(heard(300.4567, 0.00025), 299, 302);
    expect(m.heard).toBeLessThan(m.chirps.length);
    expect(m.score).toBeGreaterThan(SCORE_MIN);
    const none = search(heard(300.4567, 0), 299, 302);
    expect(none.score).toBeLessThan(SCORE_MIN);
  });

  it('places a recording of another moment outside the allowed range and reports its chirps as unexplained', () => {
    // The tone of schedule time 290 s, claimed as 300 s.
    const m = search(heard(290.2, 0.003), 299, 302);
    expect(m.score).toBeLessThan(SCORE_MIN);
    expect(m.unexplained.length).toBeGreaterThan(3);
    expect(m.elsewhere).not.toBeNull();
    expect(Math.abs(m.elsewhere!.startS - 290.2)).toBeLessThan(0.01);
    expect(m.elsewhere!.score).toBeGreaterThan(2 * SCORE_MIN);
  });

  it("does not detect another key's tone", () => {
    const other = new ToneSchedule('ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100');
    const rng = new Rng(3);
    const samples = synthesizeSpan(other, 300, 5, RATE).map((v) => 0.003 * v + 0.003 * rng.normal());
    const m = search(samples, 299, 302);
    expect(m.score).toBeLessThan(SCORE_MIN);
  });

  it('reports a band the sample rate cannot hold', () => {
    const corr = correlateChirps(new Float32Array(16000 * 5), 16000, DEFAULT_SCHEDULE_CONFIG, 6);
    expect(corr.bandCaptured).toBe(false);
    expect(timeLockedSearch(corr, schedule, { allowed: { min: 0, max: 1 } })).toBeNull();
  });

  it("recovers a looped file's playing phase", () => {
    const loop = new LoopedSchedule(schedule, 60);
    const corr = correlateChirps(heard(37.25, 0.003, 4, loop), RATE, DEFAULT_SCHEDULE_CONFIG, 6);
    const m = timeLockedSearch(corr, loop, { allowed: { min: 0, max: 60 } })!;
    expect(Math.abs(m.startS - 37.25)).toBeLessThan(0.002);
  });
});

describe('kept track arrays', () => {
  const bitsOf = (corr: ChirpCorrelations): string[] =>
    [...corr.tracks].map(
      ([key, t]) =>
        `${key} ${Buffer.from(t.ncc.buffer, t.ncc.byteOffset, t.ncc.byteLength).toString('hex')}` +
        ` ${Buffer.from(t.z.buffer, t.z.byteOffset, t.z.byteLength).toString('hex')}` +
        ` ${Buffer.from(t.level.buffer, t.level.byteOffset, t.level.byteLength).toString('hex')}`,
    );

  it('hold the very bits of fresh ones, call after call, whatever the previous call left in them', () => {
    const keep = new TrackArrays();
    // A long recording, then a shorter one over the longer one's leftovers, then another long one.
    for (const [fromS, seconds] of [
      [12.3, 6],
      [40.1, 2.5],
      [55.7, 6],
    ] as const) {
      const samples = heard(fromS, 0.003, 3).subarray(0, Math.round(seconds * RATE));
      const fresh = correlateChirps(samples, RATE, DEFAULT_SCHEDULE_CONFIG, 6);
      const kept = correlateChirps(samples, RATE, DEFAULT_SCHEDULE_CONFIG, 6, { keep });
      expect(bitsOf(kept)).toEqual(bitsOf(fresh));
    }
  });
});

describe("the two-way check's shortcuts (presence-0017)", () => {
  it('a correlation without levels has the very ncc and z of one with them', () => {
    const samples = heard(77.7, 0.002, 4);
    const full = correlateChirps(samples, RATE, DEFAULT_SCHEDULE_CONFIG, 6);
    const lean = correlateChirps(samples, RATE, DEFAULT_SCHEDULE_CONFIG, 6, { levels: false });
    expect([...lean.tracks.keys()]).toEqual([...full.tracks.keys()]);
    for (const [key, t] of lean.tracks) {
      expect(t.level.length).toBe(0);
      expect(Buffer.from(t.ncc.buffer, t.ncc.byteOffset, t.ncc.byteLength)).toEqual(
        Buffer.from(full.tracks.get(key)!.ncc.buffer, full.tracks.get(key)!.ncc.byteOffset, t.ncc.byteLength),
      );
      expect(Array.from(t.z)).toEqual(Array.from(full.tracks.get(key)!.z));
    }
  });

  it("the score alone is the full search's start, score and best fit elsewhere", () => {
    for (const [fromS, gain, seed] of [
      [300.4567, 0.003, 1],
      [12.2, 0.0004, 2],
      [50, 0, 3],
    ] as const) {
      const corr = correlateChirps(heard(fromS, gain, seed), RATE, DEFAULT_SCHEDULE_CONFIG, 6);
      const range = { allowed: { min: fromS - 1.2, max: fromS + 0.4 } };
      const full = timeLockedSearch(corr, schedule, range)!;
      expect(timeLockedScore(corr, schedule, range)).toEqual({
        startS: full.startS,
        score: full.score,
        elsewhere: full.elsewhere,
      });
    }
  });
});

describe('the search and envelope shortcuts', () => {
  it('dilate equals its plain definition (refined peaks, then the maximum over +-2 lags)', () => {
    const rng = new Rng(5);
    // Plain noise, plateaus and zeros (ties), and values below zero (which the bit-pattern maxima
    // cannot order: the float comparisons take over), at lengths up to a correlation track's.
    const kinds = [
      () => Math.abs(rng.normal()) * 0.3,
      () => Math.round(Math.abs(rng.normal()) * 3) / 8,
      () => rng.normal() * 0.3,
    ];
    for (const [n, kind] of [1, 2, 3, 4, 5, 6, 9, 200, 7001].flatMap((n) =>
      kinds.map((k) => [n, k] as const),
    )) {
      const v = Float32Array.from({ length: n }, kind);
      const r = Float32Array.from(v);
      for (let i = 1; i < n - 1; i++) {
        const [y0, y1, y2] = [v[i - 1]!, v[i]!, v[i + 1]!];
        const curvature = y0 - 2 * y1 + y2;
        if (y1 >= y0 && y1 >= y2 && curvature < 0)
          r[i] = Math.min(1, y1 - ((y0 - y2) * (y0 - y2)) / (8 * curvature));
      }
      const expected = Array.from(r, (_, i) => Math.max(...r.slice(Math.max(0, i - 2), i + 3)));
      expect(Array.from(dilate(v))).toEqual(expected);
    }
  });

  it('reads lag c - k exactly where the formula does, and falls back on a half lag', () => {
    const rng = new Rng(8);
    let wrongRun = 0;
    let wrongLag = 0;
    let shortcuts = 0;
    for (let trial = 0; trial < 300; trial++) {
      const rate = [1500, 1498.5, 1378.125][trial % 3]!;
      const grid = { from: rng.uniform(100, 5100), step: 1 / rate, rate, lastStartS: 5 };
      const startS = grid.from + rng.uniform(0, 20);
      const kFirst = Math.max(0, Math.floor((startS - grid.lastStartS - grid.from) / grid.step) - 1);
      const kLast = Math.ceil((startS - grid.from) / grid.step) + 1;
      const span = holdingAlignments(grid, startS, kFirst, kLast);
      // The run is exactly the alignments the two tests accept.
      for (let k = kFirst; k <= kLast; k++) {
        const s0 = grid.from + k * grid.step;
        const holds = startS >= s0 && startS - s0 <= grid.lastStartS;
        if ((span !== null && k >= span.kA && k <= span.kB) !== holds) wrongRun++;
      }
      if (!span) continue;
      const c = constantLagPlusK(grid, startS, span.kA, span.kB);
      if (c === null) continue;
      shortcuts++;
      for (let k = span.kA; k <= span.kB; k++) if (lagOf(grid, startS, k) !== c - k) wrongLag++;
    }
    expect(wrongRun).toBe(0);
    expect(wrongLag).toBe(0);
    expect(shortcuts).toBeGreaterThan(250);
    // A chirp whose unrounded lag sits on a half takes the formula's way.
    const grid = { from: 0, step: 1 / 1000, rate: 1000, lastStartS: 5 };
    expect(constantLagPlusK(grid, 0.0105, 0, 5)).toBeNull();
  });
});
