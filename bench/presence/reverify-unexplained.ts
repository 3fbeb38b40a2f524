// Re-verifies, with this tree's code, the stored outcomes that a change in how strong events are read
// can alter (presence-0021): those with at least one unexplained event. Reading more events as
// explained never adds one, so every other outcome stands as stored. Writes the outcomes with those
// re-verified (same order) and prints the verdicts that changed, by class; `presence evaluate --from`
// then prints the report of this tree's code. Exact for rules that only explain more events.
// Run: npx tsx bench/presence/reverify-unexplained.ts <outcomes.jsonl[.gz]> <out.jsonl>
import { writeFileSync } from 'node:fs';
import { runProofCase } from '../../packages/presence/src/evaluate/proof-outcome';
import { readStoredOutcomes } from '../../packages/presence/src/evaluate/stored-outcomes';

const [from, to] = process.argv.slice(2);
if (!from || !to) throw new Error('usage: reverify-unexplained.ts <outcomes.jsonl[.gz]> <out.jsonl>');
const stored = readStoredOutcomes(from);
const changed = new Map<string, number>();
let redone = 0;
const out = stored.map((o) => {
  if ((o.unexplained ?? 0) === 0) return o;
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
