import { resolveProofThresholds, type ProofThresholds } from './proof-thresholds';
import type { ToneLevelReport } from './tone-level';

/** Whether the teacher's microphone can carry the two-way challenge, and what says so. */
export interface ChallengeBandGate {
  heard: boolean;
  /** Fall of the teacher's own tone from its lowest to its top slot in the teacher's stream, dB (null: unmeasured). */
  dropDb: number | null;
}

/**
 * The two-way check's band gate, read from a tone-level report on the teacher's own stream (issue
 * 17, presence-0012). The challenge sits just above the tone; whether the teacher's microphone
 * hears it shows in how its own tone (played a metre away, loud in every slot) falls across the
 * tone's slots: a microphone flat to the challenge band loses a few dB from the lowest slot to the
 * top one, one rolling off below it 15-30 dB. The capped z the report also holds saturates on a
 * tone this loud and cannot tell them apart. Safe to gate on: only the teacher's devices shape it,
 * nothing the student's upload controls.
 */
export function challengeBandGate(
  report: Pick<ToneLevelReport, 'status' | 'slotScores' | 'slotLevelsDb'>,
  overrides?: Partial<ProofThresholds>,
): ChallengeBandGate {
  const th = resolveProofThresholds(overrides);
  const levels = report.slotLevelsDb;
  const lowest = levels[0] ?? null;
  const top = levels[levels.length - 1] ?? null;
  if (report.status === 'band_not_captured' || levels.length < 2 || lowest === null || top === null) {
    return { heard: false, dropDb: null };
  }
  // Levels measure the tone only where its chirps stand out: a top slot lost in the noise is a
  // microphone (or speaker) that does not carry the band, whatever the noise's level says.
  const scores = report.slotScores;
  if (report.status === 'not_heard' || (scores[scores.length - 1] ?? 0) < th.heardZ) {
    return { heard: false, dropDb: lowest - top };
  }
  const dropDb = lowest - top;
  return { heard: dropDb <= th.challengeBandMaxDropDb, dropDb };
}
