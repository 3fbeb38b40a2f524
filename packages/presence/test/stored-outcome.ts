import type { ProofCaseClass } from '../src/corpus/proof-cases';
import type { ProofOutcome } from '../src/evaluate/proof-outcome';

let made = 0;

/**
 * A stored evaluation outcome with only what the report reads: a student (or attacker) 5 m away on
 * our web client (or `client`), the teacher's microphone hearing the challenge band when `band` is `heard`.
 */
export function storedOutcome(
  cls: ProofCaseClass,
  verdict: ProofOutcome['verdict'],
  options: {
    reasons?: ProofOutcome['reasons'];
    band?: 'heard' | 'not_heard';
    client?: ProofOutcome['spec']['client'];
  } = {},
): ProofOutcome {
  const band = options.band ?? 'heard';
  return {
    spec: {
      id: `${cls}-${made++}`,
      seed: 1,
      cls,
      variant: 'lecture',
      distanceM: 5,
      noise: 'quiet',
      roomKind: 'small',
      studentRate: 48000,
      client: options.client ?? 'web48',
      band: 'low',
      teacherRollOffHz: band === 'heard' ? 21000 : 16000,
    },
    verdict,
    reasons: options.reasons ?? [],
    toneScore: 12,
    unexplained: 0,
    elsewhereScore: 5,
    similarity: 60,
    teacherActivityDb: 10,
    coverage: 1,
    challengeBand: band,
    verifyCpuMs: 30,
  };
}
