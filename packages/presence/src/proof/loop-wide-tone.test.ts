import { describe, expect, it } from 'vitest';
import type { ProofCaseClass } from '../corpus/proof-cases';
import { plannedCase } from '../evaluate/planned-case';
import { DEFAULT_PROOF_THRESHOLDS } from './proof-thresholds';
import { verifyProof, type ProofInput, type ProofResult } from './verify-proof';

// The loop-wide tone search (presence-0014): with the looped file's phase unknown, every alignment of
// the loop is allowed, and chance patterns in plain noise score above the time-locked threshold.
// Cases of the calibration corpus (seed 7), chosen from bench/presence/loop-wide-null.ts's lines.

const LOOP_S = 180;

/** Case `id` of `cls` (seed 7), played as the looped file with a phase the server does not know. */
function loopWideCase(cls: ProofCaseClass, index: number): ProofInput {
  const { input } = plannedCase(cls, index, 7);
  const known = input.tone.playback.kind === 'file' ? input.tone.playback.startedMs : null;
  // As the server does without a located phase: from long before the recording until it (wider than a loop).
  const max = known ? known.max : input.timing.claimedStartMs;
  return {
    ...input,
    tone: {
      ...input.tone,
      playback: { kind: 'file', loopS: LOOP_S, startedMs: { min: max - 600_000, max } },
    },
  };
}

const toneCheck = (r: ProofResult) => r.checks.find((c) => c.check === 'tone')!;

describe('verifyProof: the loop-wide tone search', () => {
  it('sends a chance match in a recording without the tone to review instead of accepting it', () => {
    // T1-00058: a home with the TV on, no tone; its loop-wide best scores 5.90, above toneScoreMin (5.5)
    // (with the slots in balanced order, presence-0023; T1-00075 was the case before it).
    const input = loopWideCase('T1', 58);
    const old = verifyProof({
      ...input,
      thresholds: { toneScoreMinLoopWide: DEFAULT_PROOF_THRESHOLDS.toneScoreMin },
    });
    expect(old.details.scheduleS).toEqual({ min: 0, max: LOOP_S });
    expect(old.details.tone!.score).toBeGreaterThan(DEFAULT_PROOF_THRESHOLDS.toneScoreMin);
    expect(toneCheck(old).status).toBe('passed');
    expect(old.reasons).toContain('tone_time_unbounded');

    const now = verifyProof(input);
    expect(now.details.tone!.score).toBe(old.details.tone!.score);
    expect(toneCheck(now)).toMatchObject({ status: 'review', reasons: ['tone_unconfirmed_loop_wide'] });
    expect(now.reasons).not.toContain('tone_time_unbounded');
    expect(now.verdict).not.toBe('present');
    // Without the teacher's stream the old rule still reviewed it (tone_time_unproven); now the tone says why too.
    const alone = verifyProof({ ...input, teacher: { streaming: false, final: true, chunks: [] } });
    expect(alone.verdict).toBe('needs_review');
    expect(alone.reasons).toContain('tone_unconfirmed_loop_wide');
  });

  it('still accepts a present student heard over the loop', () => {
    // present-00580: the original client, a lecture, 10.2 m from the speaker, 97 s into its file (the
    // app's file lasts the lecture, presence-0029; its first 180 s are the short loop's first pass).
    const r = verifyProof(loopWideCase('present', 580));
    expect(r.details.scheduleS).toEqual({ min: 0, max: LOOP_S });
    expect(r.details.tone!.score).toBeGreaterThanOrEqual(DEFAULT_PROOF_THRESHOLDS.toneScoreMinLoopWide);
    expect(toneCheck(r).status).toBe('passed');
    expect(r.verdict).toBe('present');
    expect(r.reasons).toEqual(['tone_time_unbounded']);
  });

  it('keeps the time-locked threshold on a narrow search', () => {
    // The same no-tone recording at its own (live, time-locked) alignments: no review, the old rule.
    const r = verifyProof(plannedCase('T1', 58, 7).input);
    expect(r.reasons).not.toContain('tone_unconfirmed_loop_wide');
  });
});
