import { describe, expect, it } from 'vitest';
import { verifyProof } from '../proof/verify-proof';
import { warmUpProofInput, warmUpVerifier } from './warm-up';

describe('the verification thread warm-up', () => {
  it('is a proof every stage of a real verification works on, and passes', () => {
    // A warm-up that failed early (no tone, no teacher audio, no challenge) would leave the later
    // stages cold for the first real student: each must run and pass.
    const input = warmUpProofInput();
    expect(input.teacher.stored).toBe(true);
    const r = verifyProof(input);
    expect(r.checks.map((c) => c.check)).toContain('challenge');
    expect(r.checks.filter((c) => c.status !== 'passed')).toEqual([]);
    expect(r.verdict).toBe('present');
  });

  it('uses a fresh key each time, so it cannot stand for a real session', () => {
    expect(warmUpProofInput().tone.keyHex).not.toBe(warmUpProofInput().tone.keyHex);
  });

  it('reports what it did', () => {
    const outcome = warmUpVerifier();
    expect(outcome.verdict).toBe('present');
    expect(outcome.ms).toBeGreaterThan(0);
  });
});
