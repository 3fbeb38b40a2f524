import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProofOutcome } from '../evaluate/proof-outcome';
import { storedOutcome } from '../../test/stored-outcome';
import { corpusFingerprint } from '../evaluate/corpus-fingerprint';
import { UsageError } from './verify-command';
import { calibrateCommand, evaluateProofCommand, storedCorpus } from './proof-evaluate-command';

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

describe('the corpus model of stored outcomes', () => {
  const current = corpusFingerprint();
  const withCorpus = (corpus: string | undefined): ProofOutcome => ({
    ...stored('present', []),
    ...(corpus === undefined ? {} : { corpus }),
  });

  it("names the stored model, and this tree's only where it differs or was not recorded", () => {
    expect(storedCorpus([withCorpus(current), withCorpus(current)], current)).toBe(`${current} (as stored)`);
    expect(storedCorpus([withCorpus('0123456789abcdef')], current)).toBe(
      `0123456789abcdef as stored; this tree's is ${current}`,
    );
    expect(storedCorpus([withCorpus(undefined)], current)).toBe(
      `not recorded as stored; this tree's is ${current}`,
    );
    expect(storedCorpus([withCorpus(current), withCorpus(undefined), withCorpus(undefined)], current)).toBe(
      `${current} (1 case), not recorded (2 cases) as stored; this tree's is ${current}`,
    );
  });

  it('prints it on a re-report and on re-printed margins', async () => {
    const path = join(dir, 'other-model.jsonl');
    await writeFile(path, JSON.stringify(withCorpus('0123456789abcdef')));
    const report = await evaluateProofCommand(['--from', path], () => undefined);
    expect(report).toContain(`corpus model 0123456789abcdef as stored; this tree's is ${current}`);
    const margins = await calibrateCommand(['--from', path], () => undefined);
    expect(margins).toContain('0123456789abcdef as stored');
  });

  it('refuses to resume an outcomes file rendered with another model, writing nothing', async () => {
    const path = join(dir, 'resume-other.jsonl');
    const line = JSON.stringify(withCorpus('0123456789abcdef'));
    await writeFile(path, line);
    await expect(
      evaluateProofCommand(
        ['--per-class', '1', '--classes', 'T1', '--outcomes', path, '--resume'],
        () => undefined,
      ),
    ).rejects.toThrow(UsageError);
    await expect(
      evaluateProofCommand(
        ['--per-class', '1', '--classes', 'T1', '--outcomes', path, '--resume'],
        () => undefined,
      ),
    ).rejects.toThrow(/rendered with corpus model 0123456789abcdef/);
    expect(await readFile(path, 'utf8')).toBe(line);
  });

  it("writes this tree's model with every outcome it renders", async () => {
    const path = join(dir, 'fresh.jsonl');
    await evaluateProofCommand(
      ['--per-class', '1', '--classes', 'T1', '--seeds', '5', '--outcomes', path],
      () => undefined,
    );
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect((JSON.parse(lines[0]!) as ProofOutcome).corpus).toBe(current);
  });
});
