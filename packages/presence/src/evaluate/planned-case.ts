import {
  planProofCasesByClass,
  renderProofCase,
  type ProofCaseClass,
  type ProofCorpusCase,
} from '../corpus/proof-cases';

/**
 * Case `index` of class `cls` in seed `seed`'s plan, rendered: the case an evaluation names
 * `${cls}-${index}` (zero-padded), for tests and re-checks of one decision.
 */
export function plannedCase(cls: ProofCaseClass, index: number, seed: number): ProofCorpusCase {
  const spec = planProofCasesByClass(index + 1, seed, [cls])[index];
  if (!spec) throw new Error(`seed ${seed} plans no case ${index} of ${cls}`);
  return renderProofCase(spec);
}
