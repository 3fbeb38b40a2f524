import { describe, expect, it } from 'vitest';
import { Rng } from '../dsp/random';
import { DEFAULT_PROOF_THRESHOLDS } from '../proof/proof-thresholds';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule } from '../schedule/tone-schedule';
import { correlateChirps } from './chirp-correlations';
import { crossTalkTable, shapeKey } from './cross-talk';
import { timeLockedSearch, type TimeLockedMatch } from './time-locked-search';

const schedule = new ToneSchedule('5b0e3f9a1c7d2e4f6a8b0c1d3e5f7a9b1c3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f');
const RATE = 48000;

describe('crossTalkTable', () => {
  const table = crossTalkTable(DEFAULT_SCHEDULE_CONFIG);

  it('finds the shapes that dwell on one band edge about three quarters of a chirp apart', () => {
    // An up chirp easing in dwells at the low edge first; a down chirp easing out dwells there last.
    const before = table.get('up:ease_in>down:ease_out')!;
    expect(before.some((i) => i.minS < -0.12 && i.maxS > -0.12)).toBe(true);
    const after = table.get('down:ease_out>up:ease_in')!;
    expect(after.some((i) => i.minS < 0.12 && i.maxS > 0.12)).toBe(true);
    // Never a template on its own chirp (that peak is the chirp itself).
    for (const key of table.keys()) expect(key.split('>')[0]).not.toBe(key.split('>')[1]);
    expect(crossTalkTable(DEFAULT_SCHEDULE_CONFIG)).toBe(table);
  });
});

describe('strong events read with the cross-talk (presence-0021)', () => {
  // A loud, clean tone: every template's cross-talk on its neighbours shows. A lower event ncc than
  // the verifier's makes it show in a dry clip (rooms' reflections raise it to the verifier's 0.35).
  const tuning = { ...DEFAULT_PROOF_THRESHOLDS, eventNcc: 0.25 };
  const from = 600.3;
  const rng = new Rng(3);
  const samples = synthesizeSpan(schedule, from, 5, RATE).map((v) => 0.05 * v + 0.0005 * rng.normal());
  const corr = correlateChirps(samples, RATE, DEFAULT_SCHEDULE_CONFIG, 6);
  const search = (crossTalkExplained: boolean): TimeLockedMatch =>
    timeLockedSearch(corr, schedule, { allowed: { min: from - 0.3, max: from + 0.3 } }, tuning, {
      crossTalkExplained,
    })!;

  it('counts the schedule’s own cross-talk as explained, and only that', () => {
    const strict = search(false);
    const read = search(true);
    expect(strict.startS).toBeCloseTo(from, 2);
    // The strict reading finds events the schedule's own chirps explain by their cross-talk...
    const table = crossTalkTable(DEFAULT_SCHEDULE_CONFIG);
    const chirps = schedule.chirpsBetween(from - 1, from + 6);
    const isCrossTalk = (e: { atS: number; slot: number }) =>
      chirps.some(
        (c) =>
          c.slot === e.slot &&
          [...table.entries()].some(
            ([key, intervals]) =>
              key.startsWith(`${shapeKey(c)}>`) &&
              intervals.some((i) => {
                const offset = e.atS - (c.startS - from);
                return offset >= i.minS - 0.01 && offset <= i.maxS + 0.25;
              }),
          ),
      );
    expect(strict.unexplained.length).toBeGreaterThan(0);
    expect(strict.unexplained.every(isCrossTalk)).toBe(true);
    // ...and reading them as such leaves nothing unexplained in a clean recording of the moment.
    expect(read.unexplained).toEqual([]);
    expect(read.score).toBe(strict.score);
  });

  it('still reports the chirps of another moment', () => {
    // The tone of 10 s earlier, claimed as now: its chirps are no cross-talk of this moment's.
    const earlier = synthesizeSpan(schedule, from - 10, 5, RATE).map((v) => 0.05 * v + 0.0005 * rng.normal());
    const other = correlateChirps(earlier, RATE, DEFAULT_SCHEDULE_CONFIG, 6);
    const m = timeLockedSearch(
      other,
      schedule,
      { allowed: { min: from - 0.3, max: from + 0.3 } },
      undefined,
      {
        crossTalkExplained: true,
      },
    )!;
    expect(m.unexplained.length).toBeGreaterThan(3);
  });
});
