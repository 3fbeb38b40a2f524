import { renderCase, type CaseSpec } from '../corpus/cases';
import type { Thresholds } from '../thresholds';
import { verifyPresence } from '../verify/verify-presence';
import type { ReasonCode } from '../verify/reasons';

/** What the evaluation keeps of one verified case. */
export interface CaseOutcome {
  spec: CaseSpec;
  verdict: 'present' | 'absent';
  reasons: ReasonCode[];
  ncc: number;
  minChirpNcc: number;
  magnitude: number;
  similarity: number | null;
  verifyMs: number;
}

/** Renders and verifies one case (teacher-feature cache off: every case is timed cold). */
export function runCase(spec: CaseSpec, thresholds?: Partial<Thresholds>): CaseOutcome {
  const { input } = renderCase(spec);
  const result = verifyPresence({
    ...input,
    cacheTeacherFeatures: false,
    ...(thresholds ? { thresholds } : {}),
  });
  return {
    spec,
    verdict: result.verdict,
    reasons: result.reasons,
    ncc: result.ncc,
    minChirpNcc: Math.min(...result.details.perChirpNcc),
    magnitude: result.magnitude,
    similarity: result.similarity,
    verifyMs: result.timings.totalMs,
  };
}
