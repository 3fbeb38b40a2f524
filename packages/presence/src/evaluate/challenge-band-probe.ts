import { challengeBandGate, type ChallengeBandGate } from '../proof/challenge-band';
import type { ProofInput } from '../proof/verify-proof';
import { teacherSamples } from '../proof/teacher-samples';
import { checkToneLevel } from '../proof/tone-level';
import { encodeWav } from '../wav/encode-wav';

// What the server's tone-level check hears at session start: 5 s of the teacher's own stream.
const PROBE_S = 5;
const STAMP_TOLERANCE_MS = 300;

/**
 * The band gate the product applies before a two-way check (sessions-0010): the tone-level check on
 * the teacher's own stream, which the corpus renders with the session's microphone and speaker. The
 * evaluation reads the case's first 5 s of it, as the server reads the session's first seconds.
 */
export function probeChallengeBand(input: ProofInput): ChallengeBandGate {
  const chunks = input.teacher?.chunks ?? [];
  const tone = input.tone;
  if (chunks.length === 0 || !tone) return { heard: false, dropDb: null };
  const fromMs = Math.min(...chunks.map((c) => c.timestampMs));
  const heard = teacherSamples(chunks, fromMs, PROBE_S);
  if (!heard) return { heard: false, dropDb: null };
  const report = checkToneLevel(
    encodeWav(heard.samples, heard.sampleRate),
    tone,
    fromMs,
    STAMP_TOLERANCE_MS,
    input.thresholds,
  );
  return challengeBandGate(report, input.thresholds);
}
