// Does the server's path give the corpus's verdicts? The evaluation verifies the teacher's chunks
// raw; a server keeps them packed (ambient features at arrival, the tone and challenge band as
// baseband: docs/decisions/sessions-0011) and verifies those. This verifies planned corpus cases
// both ways and counts differing verdicts and the largest score differences.
// Run: nice -n 5 npx tsx bench/presence/stored-vs-raw.ts --per-class 100 --classes present2w,T2f2w --seed 6765
import { planProofCasesByClass, type ProofCaseClass } from '../../packages/presence/src/corpus/proof-cases';
import { gatedProofInput } from '../../packages/presence/src/evaluate/proof-outcome';
import { verifyProof, type ProofResult } from '../../packages/presence/src/proof/verify-proof';
import { numberOption, textOption } from '../lib/options';
import { asServerKeepsIt } from './bench-cases';

const perClass = numberOption('per-class', 100);
const seed = numberOption('seed', 6765);
const classes = textOption('classes', 'present,present2w,T2f2w,T2T4').split(',') as ProofCaseClass[];

const score = (r: ProofResult, which: 'tone' | 'challenge'): number | null =>
  which === 'tone' ? (r.details.tone?.score ?? null) : (r.details.challenge?.score ?? null);
const gap = (a: number | null, b: number | null): number => (a === null || b === null ? 0 : Math.abs(a - b));

for (const cls of classes) {
  let differing = 0;
  const largest = { tone: 0, challenge: 0, similarity: 0 };
  const specs = planProofCasesByClass(perClass, seed, [cls]);
  for (const spec of specs) {
    const { input } = gatedProofInput(spec);
    const raw = verifyProof({ ...input, cacheTeacherFeatures: false });
    const stored = verifyProof({ ...asServerKeepsIt(input), cacheTeacherFeatures: false });
    if (raw.verdict !== stored.verdict || raw.reasons.join() !== stored.reasons.join()) {
      differing++;
      console.log(
        `  ${spec.id} (${spec.client}): ${raw.verdict} [${raw.reasons.join(', ')}] raw, ${stored.verdict} [${stored.reasons.join(', ')}] stored`,
      );
    }
    largest.tone = Math.max(largest.tone, gap(score(raw, 'tone'), score(stored, 'tone')));
    largest.challenge = Math.max(largest.challenge, gap(score(raw, 'challenge'), score(stored, 'challenge')));
    largest.similarity = Math.max(largest.similarity, gap(raw.similarity, stored.similarity));
  }
  console.log(
    `${cls} (seed ${seed}): ${differing} of ${specs.length} verdicts or reasons differ; largest difference: tone score ${largest.tone.toFixed(3)}, challenge score ${largest.challenge.toFixed(3)}, similarity ${largest.similarity.toFixed(3)}`,
  );
}
