import { planProofCasesByClass, type ProofCaseSpec } from '../../packages/presence/src/corpus/proof-cases';

/** The present student of our web client (48 kHz, a lecture room) the speed benches verify. */
export function oneWayBenchCase(): ProofCaseSpec {
  return planProofCasesByClass(60, 1, ['present']).find(
    (s) => s.cls === 'present' && s.variant === 'lecture' && s.studentRate === 48000 && s.client === 'web48',
  )!;
}

/** The same with the two-way check, the teacher's microphone passing the challenge's band. */
export function twoWayBenchCase(): ProofCaseSpec {
  return planProofCasesByClass(60, 1, ['present2w']).find(
    (s) =>
      s.variant === 'lecture' &&
      s.studentRate === 48000 &&
      s.client === 'web48' &&
      (s.teacherRollOffHz ?? 0) > 19000,
  )!;
}
