import { planProofCasesByClass, type ProofCaseSpec } from '../../packages/presence/src/corpus/proof-cases';
import type { ProofInput } from '../../packages/presence/src/proof/verify-proof';
import { keptTeacherBand, packTeacherChunk } from '../../packages/presence/src/verify/stored-teacher-chunk';

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

/**
 * The input as the server verifies it: the teacher's chunks packed when they arrived
 * (`packTeacherChunk`: ambient features, the tone and challenge band as baseband), opened by the
 * verifier.
 */
export function asServerKeepsIt(input: ProofInput): ProofInput {
  const band = keptTeacherBand(input.tone.config);
  const chunks = input.teacher.chunks.map((c) => ({ ...c, bytes: packTeacherChunk(c.bytes, band) }));
  return { ...input, teacher: { ...input.teacher, chunks, stored: true } };
}
