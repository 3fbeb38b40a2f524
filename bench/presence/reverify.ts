// Re-verifies, with this tree's code, the stored outcomes that a verifier change can alter, and keeps
// every other outcome as stored: exact when the change provably leaves those others alone (each
// caller says why its selection is complete). Writes all outcomes (same order) and prints the
// verdicts that changed, by class; `presence evaluate --from <out>` then prints the report.
import { writeFileSync } from 'node:fs';
import { runProofCase } from '../../packages/presence/src/evaluate/proof-outcome';
import { readStoredOutcomes } from '../../packages/presence/src/evaluate/stored-outcomes';

type StoredOutcome = ReturnType<typeof readStoredOutcomes>[number];

export function reverifyStored(usage: string, affected: (o: StoredOutcome) => boolean): void {
  const [from, to] = process.argv.slice(2);
  if (!from || !to) throw new Error(`usage: ${usage} <outcomes.jsonl[.gz]> <out.jsonl>`);
  const stored = readStoredOutcomes(from);
  const changed = new Map<string, number>();
  let redone = 0;
  const out = stored.map((o) => {
    if (!affected(o)) return o;
    redone++;
    const now = runProofCase(o.spec);
    if (now.verdict !== o.verdict) {
      const key = `${o.spec.cls}: ${o.verdict} -> ${now.verdict}`;
      changed.set(key, (changed.get(key) ?? 0) + 1);
      console.log(
        `${o.spec.id} (${o.spec.variant}, ${o.spec.client}): ${o.verdict} -> ${now.verdict} [${o.reasons.join(', ')}] -> [${now.reasons.join(', ')}]`,
      );
    }
    return now;
  });
  writeFileSync(to, out.map((o) => JSON.stringify(o)).join('\n') + '\n');
  console.log(`${redone} of ${stored.length} outcomes re-verified; verdicts changed:`);
  for (const [key, n] of [...changed].sort()) console.log(`  ${key}: ${n}`);
  if (changed.size === 0) console.log('  none');
}
