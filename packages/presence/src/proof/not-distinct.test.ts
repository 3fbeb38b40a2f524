import { describe, expect, it } from 'vitest';
import { plannedCase } from '../evaluate/planned-case';
import { DEFAULT_PROOF_THRESHOLDS } from './proof-thresholds';
import { verifyProof, type ProofResult } from './verify-proof';

// A faint time-locked tone must lead the recording's own chance fits elsewhere (presence-0026).
// Cases of the evaluation corpus, found accepted (or reviewed) by the rule before it.

const check = (r: ProofResult, name: string) => r.checks.find((c) => c.check === name)!;
const lead = (r: ProofResult): number => r.details.tone!.score - r.details.tone!.elsewhere!.score;
// The rule before presence-0026: any lead will do.
const BEFORE = { toneDistinctMargin: -Infinity };

describe('verifyProof: a faint tone that hardly beats its chance fits elsewhere', () => {
  it('sends a chance fit in a 24 kHz call relay, the room sound relayed, to review', () => {
    // T2-00655 of seed 987: our web client; the relay cannot carry the tone's band.
    const { input, spec } = plannedCase('T2', 655, 987);
    expect(spec.client).toBe('web48');
    const before = verifyProof({ ...input, thresholds: BEFORE });
    expect(before.verdict).toBe('present');
    expect(check(before, 'ambient').status).toBe('passed');

    const now = verifyProof(input);
    expect(now.details.tone!.score).toBe(before.details.tone!.score);
    expect(now.details.tone!.score).toBeLessThan(DEFAULT_PROOF_THRESHOLDS.toneScoreMinAlone);
    expect(lead(now)).toBeLessThan(DEFAULT_PROOF_THRESHOLDS.toneDistinctMargin);
    expect(check(now, 'tone').status).toBe('passed');
    expect(check(now, 'tone_time')).toMatchObject({ status: 'review', reasons: ['tone_not_distinct'] });
    expect(now.verdict).toBe('needs_review');
  });

  it('refuses one whose room sound does not match either (no longer proved by the tone)', () => {
    // T4-01169 of seed 1597: the tone recorded earlier, played at home with the TV on.
    const { input } = plannedCase('T4', 1169, 1597);
    const before = verifyProof({ ...input, thresholds: BEFORE });
    expect(before.verdict).toBe('needs_review');
    expect(before.reasons).toEqual(['ambient_mismatch']);

    const now = verifyProof(input);
    expect(now.reasons).toEqual(['tone_not_distinct', 'ambient_mismatch']);
    expect(check(now, 'ambient').status).toBe('failed');
    expect(now.verdict).toBe('absent');
  });

  it('still accepts a steep phone whose faint tone stands out from the fits around it', () => {
    // present-00588 of seed 610: our web client, a phone rolling off above 17 kHz.
    const { input, spec } = plannedCase('present', 588, 610);
    expect(spec.client).not.toBe('flutter16');
    const r = verifyProof(input);
    expect(r.details.tone!.score).toBeLessThan(DEFAULT_PROOF_THRESHOLDS.toneScoreMinAlone);
    expect(lead(r)).toBeGreaterThanOrEqual(DEFAULT_PROOF_THRESHOLDS.toneDistinctMargin);
    expect(check(r, 'tone_time').status).toBe('passed');
    expect(r.verdict).toBe('present');
  });
});
