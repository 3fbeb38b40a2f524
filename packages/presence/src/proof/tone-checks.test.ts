import { describe, expect, it } from 'vitest';
import type { TimeLockedMatch } from '../detect/time-locked-search';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule } from '../schedule/tone-schedule';
import { DEFAULT_PROOF_THRESHOLDS as th } from './proof-thresholds';
import type { RecordingWindow } from './timing-window';
import { toneChecks } from './tone-checks';

// The tone_time check's reading of a time-locked match's score and its best fit elsewhere
// (presence-0026), on matches built by hand: the gate and its two boundaries.

const window: RecordingWindow = {
  startMs: { min: 1_000_000, max: 1_000_200 },
  allowedMs: { min: 995_000, max: 1_000_500 },
  scheduleS: { min: 100.0, max: 100.2 },
  timeLocked: true,
  timeline: new ToneSchedule('ab'.repeat(32), DEFAULT_SCHEDULE_CONFIG),
};

function match(score: number, elsewhere: number | null): TimeLockedMatch {
  return {
    startS: 100.1,
    score,
    chirps: [],
    heard: 8,
    ncc: 0.2,
    magnitude: 0.01,
    slotScores: [],
    slotLevelsDb: [],
    unexplained: [],
    elsewhere: elsewhere === null ? null : { startS: 93.4, score: elsewhere },
  };
}

const timeCheck = (m: TimeLockedMatch) => toneChecks(true, m, window, th)[1]!;

describe('toneChecks: a faint time-locked tone must lead its best fit elsewhere', () => {
  const faint = th.toneScoreMin + 0.5;

  it.each([
    ['leads by more than the margin', faint, faint - th.toneDistinctMargin - 0.1, 'passed'],
    ['leads by exactly the margin', faint, faint - th.toneDistinctMargin, 'passed'],
    ['leads by less than the margin', faint, faint - th.toneDistinctMargin + 0.1, 'review'],
    ['trails its best fit elsewhere by less than elsewhereMargin', faint, faint + 0.5, 'review'],
    ['has nothing scored elsewhere to compare with', faint, null, 'passed'],
    [
      'is clear (toneScoreMinAlone) with a rival just behind',
      th.toneScoreMinAlone,
      th.toneScoreMinAlone - 0.1,
      'passed',
    ],
    [
      'is just under clear with a rival just behind',
      th.toneScoreMinAlone - 0.01,
      th.toneScoreMinAlone - 0.1,
      'review',
    ],
  ] as const)('a tone that %s: %s', (_what, score, elsewhere, status) => {
    const check = timeCheck(match(score, elsewhere));
    expect(check.status).toBe(status);
    expect(check.reasons).toEqual(status === 'review' ? ['tone_not_distinct'] : []);
  });

  it('says by how much it led and where the rival fit was', () => {
    const check = timeCheck(match(6.0, 5.36));
    expect(check.summary).toContain('a lead of 0.64 over the best fit -6.7 s away, score 5.36');
  });

  it('leaves a clearly better fit elsewhere to tone_wrong_time (absent)', () => {
    const check = timeCheck(match(faint, faint + th.elsewhereMargin + 0.1));
    expect(check).toMatchObject({ status: 'failed', reasons: ['tone_wrong_time'] });
  });

  it('does not act where the tone cannot prove the moment (the looped file bounded by its download)', () => {
    const loose = { ...window, scheduleS: { min: 97, max: 103 }, timeLocked: false };
    const [tone, time] = toneChecks(
      true,
      match(th.toneScoreMinLoopWide + 0.5, th.toneScoreMinLoopWide),
      loose,
      th,
    );
    expect(tone!.status).toBe('passed');
    expect(time).toMatchObject({ status: 'not_applicable', reasons: ['tone_time_unbounded'] });
  });

  it('sends a tone that cannot prove the moment to review when the institution asks, and nothing else', () => {
    const loose = { ...window, scheduleS: { min: 97, max: 103 }, timeLocked: false };
    const clear = match(th.toneScoreMinLoopWide + 0.5, th.toneScoreMinLoopWide);
    const [tone, time] = toneChecks(true, clear, loose, th, { reviewUntimed: true });
    expect(tone!.status).toBe('passed');
    expect(time).toMatchObject({ status: 'review', reasons: ['tone_time_unbounded', 'tone_time_room_only'] });
    // A time-locked tone and a tone refused on its time are the setting's to leave alone.
    expect(toneChecks(true, match(faint, null), window, th, { reviewUntimed: true })[1]).toMatchObject({
      status: 'passed',
      reasons: [],
    });
    const wrong = match(faint, faint + th.elsewhereMargin + 0.1);
    expect(toneChecks(true, wrong, loose, th, { reviewUntimed: true })[1]).toMatchObject({
      status: 'failed',
      reasons: ['tone_wrong_time'],
    });
  });
});
