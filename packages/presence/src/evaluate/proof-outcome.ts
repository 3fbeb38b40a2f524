import { renderProofCase, type ProofCaseSpec } from '../corpus/proof-cases';
import type { ProofThresholds } from '../proof/proof-thresholds';
import { ABSENT_REASONS, type ProofReason, type ProofVerdict } from '../proof/proof-reasons';
import { verifyProof } from '../proof/verify-proof';
import { probeChallengeBand } from './challenge-band-probe';

/** What the v2 evaluation keeps of one verified case (enough to recompute margins and rates). */
export interface ProofOutcome {
  spec: ProofCaseSpec;
  verdict: ProofVerdict;
  reasons: ProofReason[];
  /** Null when the tone was not searched (start time outside the window, band not captured). */
  toneScore: number | null;
  unexplained: number | null;
  elsewhereScore: number | null;
  similarity: number | null;
  teacherActivityDb: number | null;
  coverage: number | null;
  /** Two-way cases: the challenge's score in the teacher's stream (null when not searched). */
  challengeScore?: number | null;
  /** Two-way cases: whether the phone's own recording held its challenge. */
  challengeSelfHeard?: boolean | null;
  /**
   * Two-way cases: the challenge's best fit off the moment claimed and its score (null when none):
   * `offsetMs` is how much later than the earliest allowed arrival it was heard, so a fit late by
   * the call's round trip reads that plus up to the allowed window's width (~0.2-0.4 s).
   */
  challengeElsewhere?: { offsetMs: number; score: number } | null;
  /**
   * Two-way cases: the product's band gate on the teacher's own stream (`probeChallengeBand`);
   * `not_heard` cases are verified without the check, as the server does (`challenge_band_not_heard`).
   */
  challengeBand?: 'heard' | 'not_heard';
  /** Two-way cases: the teacher's own tone's fall from its lowest to its top slot, dB. */
  challengeBandDropDb?: number | null;
  /** CPU time of the verification on this thread, ms (rendering excluded). */
  verifyCpuMs: number;
  /**
   * The corpus model's fingerprint the case was rendered with (`corpusFingerprint`), as written to an
   * outcomes file; absent in runs stored before it was recorded.
   */
  corpus?: string;
}

const absentReasons: ReadonlySet<ProofReason> = new Set(ABSENT_REASONS);

/**
 * A stored outcome's verdict under presence-0019 (an unheard challenge is the teacher's to review,
 * no longer absent): outcomes judged before it say absent where the challenge alone failed. The
 * verification is unchanged, so they are re-judged, not re-run. Idempotent (an outcome judged under
 * the rule comes back as it is) and conservative: where another absent reason stands beside the
 * challenge's, the verdict stays absent, although an `ambient_mismatch` there may have come from a
 * check that asked for review (the tone had proved the moment).
 */
export function rejudgedVerdict(o: Pick<ProofOutcome, 'verdict' | 'reasons'>): ProofVerdict {
  if (o.verdict !== 'absent' || !o.reasons.includes('challenge_not_heard')) return o.verdict;
  return o.reasons.some((r) => absentReasons.has(r)) ? 'absent' : 'needs_review';
}

const cpuNowMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * A case rendered, and the input the server would verify: the two-way classes go through the band
 * gate first, and the server applies the check only where the gate says the teacher's microphone
 * hears its band (`gate` null for one-way cases).
 */
export function gatedProofInput(spec: ProofCaseSpec, thresholds?: Partial<ProofThresholds>) {
  const rendered = renderProofCase(spec).input;
  const gate = rendered.challenge
    ? probeChallengeBand({ ...rendered, ...(thresholds ? { thresholds } : {}) })
    : null;
  const { challenge: _challenge, ...oneWay } = rendered;
  return { input: gate && !gate.heard ? oneWay : rendered, gate };
}

/** Renders and verifies one case (teacher-feature cache off: every case is timed cold). */
export function runProofCase(spec: ProofCaseSpec, thresholds?: Partial<ProofThresholds>): ProofOutcome {
  const { input, gate } = gatedProofInput(spec, thresholds);
  const before = cpuNowMs();
  const r = verifyProof({ ...input, cacheTeacherFeatures: false, ...(thresholds ? { thresholds } : {}) });
  const verifyCpuMs = cpuNowMs() - before;
  return {
    spec,
    verdict: r.verdict,
    reasons: r.reasons,
    toneScore: r.details.tone?.score ?? null,
    unexplained: r.details.tone?.unexplained.length ?? null,
    elsewhereScore: r.details.tone?.elsewhere?.score ?? null,
    similarity: r.similarity,
    teacherActivityDb: r.details.ambient?.teacherActivityDb ?? null,
    coverage: r.details.ambient?.coverage ?? null,
    ...(gate
      ? {
          challengeScore: r.details.challenge?.score ?? null,
          challengeSelfHeard: r.details.challenge?.selfHeard ?? null,
          challengeElsewhere: r.details.challenge?.elsewhere ?? null,
          challengeBand: gate.heard ? ('heard' as const) : ('not_heard' as const),
          challengeBandDropDb: gate.dropDb,
        }
      : {}),
    verifyCpuMs,
  };
}
