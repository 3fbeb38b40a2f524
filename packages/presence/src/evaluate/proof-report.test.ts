import { describe, expect, it } from 'vitest';
import type { ProofCaseClass } from '../corpus/proof-cases';
import type { ProofOutcome } from './proof-outcome';
import { storedOutcome } from '../../test/stored-outcome';
import { rejudgedVerdict } from './proof-outcome';
import {
  formatProofReport,
  summarizeProof,
  verdictWithCheckRequired,
  verdictWithUntimedReview,
} from './proof-report';

const outcome = (cls: ProofCaseClass, verdict: ProofOutcome['verdict'], band: 'heard' | 'not_heard') =>
  storedOutcome(cls, verdict, { band });

const times = (n: number, make: () => ProofOutcome): ProofOutcome[] => Array.from({ length: n }, make);

describe('the report with the two-way check required (presence-0018)', () => {
  it('sends a present verdict to review only where the band was not heard', () => {
    expect(verdictWithCheckRequired(outcome('T2f2w', 'present', 'not_heard'))).toBe('needs_review');
    expect(verdictWithCheckRequired(outcome('T2f2w', 'present', 'heard'))).toBe('present');
    expect(verdictWithCheckRequired(outcome('present2w', 'absent', 'not_heard'))).toBe('absent');
    expect(verdictWithCheckRequired(outcome('present2w', 'needs_review', 'heard'))).toBe('needs_review');
  });

  it('counts relays accepted only where checked, and the present students it sends to review', () => {
    const outcomes = [
      // Relays: 1 accepted where checked (of 10), 6 accepted one-way where not heard (of 8).
      outcome('T2f2w', 'present', 'heard'),
      ...times(9, () => outcome('T2f2w', 'absent', 'heard')),
      ...times(6, () => outcome('T2f2w', 'present', 'not_heard')),
      ...times(2, () => outcome('T2f2w', 'absent', 'not_heard')),
      // Present students: 4 present where checked, 1 absent there; 5 present one-way.
      ...times(4, () => outcome('present2w', 'present', 'heard')),
      outcome('present2w', 'absent', 'heard'),
      ...times(5, () => outcome('present2w', 'present', 'not_heard')),
    ];
    const report = summarizeProof(outcomes, [1], 'test');
    const byGroup = new Map(report.twoWayRequired.map((r) => [r.group, r]));
    expect(byGroup.get('T2f2w (accepts)')).toMatchObject({ cases: 18, errors: 1, review: 6 });
    expect(byGroup.get('present2w <= 15 m (absent verdicts)')).toMatchObject({
      cases: 10,
      errors: 1,
      review: 5,
    });
    // Without the requirement the same outcomes accept 7 relays.
    expect(report.falseAcceptByClass.find((r) => r.group === 'T2f2w')).toMatchObject({ errors: 7 });
    expect(formatProofReport(report)).toContain('with the two-way check required');
  });
});

describe('the report with marks the tone cannot time sent to review (presence-0027)', () => {
  const original = (
    cls: ProofCaseClass,
    verdict: ProofOutcome['verdict'],
    reasons: ProofOutcome['reasons'],
  ) => storedOutcome(cls, verdict, { reasons, client: 'flutter16' });

  it('sends only a present verdict whose tone time was unbounded to review', () => {
    expect(verdictWithUntimedReview({ verdict: 'present', reasons: ['tone_time_unbounded'] })).toBe(
      'needs_review',
    );
    expect(verdictWithUntimedReview({ verdict: 'present', reasons: [] })).toBe('present');
    expect(
      verdictWithUntimedReview({ verdict: 'absent', reasons: ['tone_time_unbounded', 'ambient_mismatch'] }),
    ).toBe('absent');
  });

  it("counts the attacks it stops and the original client's present students it sends to review", () => {
    const outcomes = [
      ...times(3, () => original('T2T4', 'present', ['tone_time_unbounded'])),
      ...times(5, () => original('T2T4', 'absent', ['tone_not_detected'])),
      // Our client's accept is not the setting's to move.
      storedOutcome('T2T4', 'present'),
      ...times(4, () => original('present', 'present', ['tone_time_unbounded'])),
      original('present', 'absent', ['tone_wrong_time']),
      storedOutcome('present', 'present'),
    ];
    const report = summarizeProof(outcomes, [1], 'test');
    expect(report.falseAcceptByClass.find((r) => r.group === 'T2T4')).toMatchObject({ errors: 4 });
    const byGroup = new Map(report.untimedReview.map((r) => [r.group, r]));
    expect(byGroup.get('T2T4 (accepts)')).toMatchObject({ cases: 9, errors: 1, review: 3 });
    expect(byGroup.get('present <= 15 m, original client (absent verdicts)')).toMatchObject({
      cases: 5,
      errors: 1,
      review: 4,
    });
    expect(formatProofReport(report)).toContain('with marks the tone cannot time sent to review');
  });
});

describe('stored outcomes re-judged under presence-0019 (an unheard challenge goes to review)', () => {
  it('turns an absent verdict to review where the unheard challenge was its only absent reason', () => {
    expect(rejudgedVerdict({ verdict: 'absent', reasons: ['challenge_not_heard'] })).toBe('needs_review');
    expect(
      rejudgedVerdict({ verdict: 'absent', reasons: ['challenge_self_unheard', 'challenge_not_heard'] }),
    ).toBe('needs_review');
    expect(
      rejudgedVerdict({ verdict: 'absent', reasons: ['ambient_uninformative', 'challenge_not_heard'] }),
    ).toBe('needs_review');
  });

  it('keeps every other verdict, and an absent one with another absent reason beside it', () => {
    expect(
      rejudgedVerdict({ verdict: 'absent', reasons: ['tone_not_detected', 'challenge_not_heard'] }),
    ).toBe('absent');
    expect(rejudgedVerdict({ verdict: 'absent', reasons: ['ambient_mismatch'] })).toBe('absent');
    expect(rejudgedVerdict({ verdict: 'present', reasons: [] })).toBe('present');
    // Idempotent: an outcome judged under the rule comes back as it is.
    expect(rejudgedVerdict({ verdict: 'needs_review', reasons: ['challenge_not_heard'] })).toBe(
      'needs_review',
    );
  });
});
