import { describe, expect, it } from 'vitest';
import { Rng } from '../dsp/random';
import { DEFAULT_PROOF_THRESHOLDS } from '../proof/proof-thresholds';
import { addChirp, synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule, type ScheduledChirp } from '../schedule/tone-schedule';
import { correlateChirps } from './chirp-correlations';
import { crossTalkTable } from './cross-talk';
import { timeLockedSearch, type TimeLockedMatch } from './time-locked-search';

const schedule = new ToneSchedule('5b0e3f9a1c7d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f');
const config = DEFAULT_SCHEDULE_CONFIG;
const RATE = 48000;
const FROM = 600.3;

describe('crossTalkTable', () => {
  const table = crossTalkTable(config);

  it('finds the shapes that dwell on one band edge about three quarters of a chirp apart', () => {
    // An up chirp easing in dwells at the low edge first; a down chirp easing out dwells there last.
    const before = table.get('up:ease_in>down:ease_out')!;
    expect(before.some((i) => i.minS < -0.12 && i.maxS > -0.12)).toBe(true);
    const after = table.get('down:ease_out>up:ease_in')!;
    expect(after.some((i) => i.minS < 0.12 && i.maxS > 0.12)).toBe(true);
    // Never a template on its own chirp (that peak is the chirp itself).
    for (const key of table.keys()) expect(key.split('>')[0]).not.toBe(key.split('>')[1]);
    expect(crossTalkTable(config)).toBe(table);
  });

  it('holds the intervals of chirps longer than the default', () => {
    const long = crossTalkTable({ ...config, chirpS: 0.6, periodS: 1.2, minGapS: 0.1 });
    const before = long.get('up:ease_in>down:ease_out')!;
    // Three quarters of a 0.6-s chirp before it, as 0.12 s is for 0.16 s.
    expect(before.some((i) => i.minS < -0.4 && i.maxS > -0.5)).toBe(true);
  });
});

/** 5 s of the schedule from FROM, loud and clean, with `extra` chirps added. */
function recording(extra: ScheduledChirp[] = [], from = FROM): Float32Array {
  const rng = new Rng(3);
  const out = synthesizeSpan(schedule, from, 5, RATE);
  for (const chirp of extra) addChirp(out, from, RATE, chirp, config);
  return out.map((v) => 0.05 * v + 0.0005 * rng.normal());
}

function search(samples: Float32Array, crossTalkExplained: boolean): TimeLockedMatch {
  // A dry clip's cross-talk reaches ncc 0.35 at most (rooms raise it): a slightly lower event ncc
  // than the verifier's keeps these events clear of that edge.
  const tuning = { ...DEFAULT_PROOF_THRESHOLDS, eventNcc: 0.3 };
  const corr = correlateChirps(samples, RATE, config, 6);
  return timeLockedSearch(corr, schedule, { allowed: { min: FROM - 0.3, max: FROM + 0.3 } }, tuning, {
    crossTalkExplained,
  })!;
}

describe('strong events read with the cross-talk (presence-0021)', () => {
  it("counts a clean recording's own cross-talk as explained", () => {
    const strict = search(recording(), false);
    const read = search(recording(), true);
    expect(strict.startS).toBeCloseTo(FROM, 2);
    // Read strictly, the events sit 0.09-0.16 s from a chirp of their slot: the schedule's own.
    expect(strict.unexplained.length).toBeGreaterThan(1);
    const chirps = schedule.chirpsBetween(FROM - 1, FROM + 6);
    for (const e of strict.unexplained) {
      const gaps = chirps.filter((c) => c.slot === e.slot).map((c) => Math.abs(e.atS - (c.startS - FROM)));
      expect(Math.min(...gaps)).toBeGreaterThan(0.09);
      expect(Math.min(...gaps)).toBeLessThan(0.16);
    }
    expect(read.unexplained).toEqual([]);
    expect(read.score).toBe(strict.score);
  });

  it('still reports a chirp no scheduled chirp of its slot explains', () => {
    // A chirp of the schedule's slot 0, played again where slot 0 has no chirp within 0.6 s.
    const chirps = schedule.chirpsBetween(FROM, FROM + 5);
    const lone = [...Array(80).keys()]
      .map((k) => FROM + 0.5 + k * 0.05)
      .find((t) => chirps.every((c) => c.slot !== 0 || Math.abs(c.startS - t) > 0.6))!;
    const template = chirps.find((c) => c.slot === 0)!;
    const read = search(recording([{ ...template, startS: lone }]), true);
    expect(read.unexplained.map((e) => e.slot)).toContain(0);
    expect(read.unexplained.some((e) => Math.abs(e.atS - (lone - FROM)) < 0.02)).toBe(true);
  });

  it('still reports the chirps of another moment', () => {
    // The tone of 10 s earlier, claimed as now: its chirps are no cross-talk of this moment's.
    const earlier = recording([], FROM - 10);
    const strict = search(earlier, false);
    const read = search(earlier, true);
    expect(read.unexplained.length).toBeGreaterThan(DEFAULT_PROOF_THRESHOLDS.maxUnexplainedChirps);
    expect(read.unexplained.length).toBeGreaterThanOrEqual(0.8 * strict.unexplained.length);
  });
});
