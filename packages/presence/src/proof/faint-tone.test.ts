import { describe, expect, it } from 'vitest';
import { plannedCase } from '../evaluate/planned-case';
import { DEFAULT_PROOF_THRESHOLDS } from './proof-thresholds';
import { verifyProof, type ProofResult } from './verify-proof';

// A tone heard faintly where it is not backed by a proof of the moment or by the room sound
// (presence-0025). Cases of seed 987 (the balanced slot order), found accepted by the old rules.

const check = (r: ProofResult, name: string) => r.checks.find((c) => c.check === name)!;
// The old rule: toneScoreMin (5.5) held up to 8 s of alignments, so ~5.6 s were judged at 5.5.
const OLD_SPAN = { toneScoreMinLoopWide: DEFAULT_PROOF_THRESHOLDS.toneScoreMin };
// (Also the rule before presence-0026, which acts below toneScoreMinAlone only.)
const OLD_ALONE = { toneScoreMinAlone: DEFAULT_PROOF_THRESHOLDS.toneScoreMin };

describe('verifyProof: a faint tone that cannot prove the moment', () => {
  it("sends a chance fit in an 8 kHz relay, over the original app's download-bounded file, to review", () => {
    // T2-02152: a call relay that cannot carry the tone; the file's phase known to ~5.6 s. Its chance
    // fit is with the 180-s loop the app was given then (presence-0029 gave it the lecture-long file):
    // the recording holds no tone, so only the timeline searched differs.
    const planned = plannedCase('T2', 2152, 987);
    const { spec } = planned;
    expect(spec.client).toBe('flutter16');
    const playback = planned.input.tone.playback;
    if (playback.kind !== 'file') throw new Error('T2-02152 of seed 987 is the original app');
    const input = {
      ...planned.input,
      tone: { ...planned.input.tone, playback: { ...playback, loopS: 180 } },
    };
    const old = verifyProof({ ...input, thresholds: OLD_SPAN });
    expect(old.verdict).toBe('present');
    expect(old.reasons).toEqual(['tone_time_unbounded']);
    const span = old.details.scheduleS!.max - old.details.scheduleS!.min;
    expect(span).toBeGreaterThan(DEFAULT_PROOF_THRESHOLDS.maxTimeLockS);
    expect(span).toBeLessThan(8);

    const now = verifyProof(input);
    expect(now.details.tone!.score).toBe(old.details.tone!.score);
    expect(check(now, 'tone')).toMatchObject({ status: 'review', reasons: ['tone_unconfirmed_loop_wide'] });
    expect(now.verdict).toBe('needs_review');
  });

  it('still accepts a present student of the original app heard clearly', () => {
    // present-00000 of seed 987: the original app, 3.7 m, a loud lecture room.
    const { input, spec } = plannedCase('present', 0, 987);
    expect(spec.client).toBe('flutter16');
    const r = verifyProof(input);
    expect(r.details.tone!.score).toBeGreaterThan(DEFAULT_PROOF_THRESHOLDS.toneScoreMinLoopWide);
    expect(r.verdict).toBe('present');
  });
});

describe('verifyProof: a faint tone deciding alone', () => {
  it('sends a chance fit at home, where the room is too quiet to compare, to review', () => {
    // T4-01943: our web client; the tone file played at home with the TV on, the classroom silent.
    const { input } = plannedCase('T4', 1943, 987);
    const old = verifyProof({ ...input, thresholds: OLD_ALONE });
    expect(old.verdict).toBe('present');
    expect(old.reasons).toEqual(['ambient_uninformative']);

    // presence-0025 on its own: presence-0026 (the tone hardly leads its fits elsewhere) reviews it too.
    const without0026 = { toneDistinctMargin: -Infinity };
    const now = verifyProof({ ...input, thresholds: without0026 });
    expect(now.details.tone!.score).toBeLessThan(DEFAULT_PROOF_THRESHOLDS.toneScoreMinAlone);
    expect(check(now, 'ambient')).toMatchObject({
      status: 'review',
      reasons: ['ambient_uninformative', 'tone_faint_alone'],
    });
    expect(now.verdict).toBe('needs_review');
    // The same recording with the teacher not streaming: the tone would decide alone there too.
    const unstreamed = verifyProof({
      ...input,
      teacher: { streaming: false, final: true, chunks: [] },
      thresholds: without0026,
    });
    expect(unstreamed.reasons).toEqual(['no_teacher_stream', 'tone_faint_alone']);
    expect(unstreamed.verdict).toBe('needs_review');
    // Both rules in force: the tone no longer proves the moment, and the quiet room cannot either.
    const both = verifyProof(input);
    expect(check(both, 'tone_time')).toMatchObject({ status: 'review', reasons: ['tone_not_distinct'] });
    expect(both.reasons).toEqual(['tone_not_distinct', 'ambient_uninformative', 'tone_time_unproven']);
    expect(both.verdict).toBe('needs_review');
  });
});
