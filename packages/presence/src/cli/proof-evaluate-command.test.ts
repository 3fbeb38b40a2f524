import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProofOutcome } from '../evaluate/proof-outcome';
import { storedOutcome } from '../../test/stored-outcome';
import { evaluateProofCommand } from './proof-evaluate-command';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'proof-evaluate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stored = (verdict: ProofOutcome['verdict'], reasons: ProofOutcome['reasons']) =>
  storedOutcome('present2w', verdict, { reasons });

describe('presence evaluate --from', () => {
  it('re-judges outcomes stored before an unheard challenge went to review, and says how many', async () => {
    // Judged before presence-0019: absent on the unheard challenge alone; absent for the tone too.
    const path = join(dir, 'old.jsonl');
    const outcomes = [
      stored('absent', ['challenge_not_heard']),
      stored('absent', ['tone_not_detected', 'challenge_not_heard']),
      stored('present', []),
    ];
    await writeFile(path, outcomes.map((o) => JSON.stringify(o)).join('\n'));
    const lines: string[] = [];
    const report = await evaluateProofCommand(['--from', path, '--seeds', '1'], (l) => lines.push(l));
    expect(lines).toContain("1 of 3 stored verdicts differ under today's rules and are re-judged");
    // Present students within 15 m: one absent (the tone), one sent to review, one present.
    expect(report).toMatch(/present2w <= 15 m, any teacher mic\s+1\/3\s.*review 1/);
  });
});
