// The two-way check's band gate, case by case (presence-0012): for present2w cases of a seed, the
// teacher's own tone's mean matched level per slot in the teacher's stream (dB FS, lowest slot first),
// its capped z per slot, and the challenge's score with the check forced on, one JSON line per case.
// The gate's threshold (`challengeBandMaxDropDb`) was read from these lines on the calibration seed.
// Run: npx tsx bench/presence/challenge-band-probe.ts [cases 200] [seed 7] > probe.jsonl
import { planProofCasesByClass, renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { probeChallengeBand } from '../../packages/presence/src/evaluate/challenge-band-probe';
import { teacherSamples } from '../../packages/presence/src/proof/teacher-samples';
import { checkToneLevel } from '../../packages/presence/src/proof/tone-level';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';
import { encodeWav } from '../../packages/presence/src/wav/encode-wav';

const cases = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? 7);
const round = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 10) / 10 : null;

for (const spec of planProofCasesByClass(cases, seed, ['present2w'])) {
  // A gap in the teacher's stream leaves the challenge unavailable: nothing to learn about the band.
  if (spec.variant === 'teacher_gap') continue;
  const { input } = renderProofCase(spec);
  const chunks = input.teacher.chunks;
  const fromMs = Math.min(...chunks.map((c) => c.timestampMs));
  const heard = teacherSamples(chunks, fromMs, 5)!;
  const report = checkToneLevel(encodeWav(heard.samples, heard.sampleRate), input.tone, fromMs, 300);
  const gate = probeChallengeBand(input);
  const forced = verifyProof({ ...input, cacheTeacherFeatures: false });
  console.log(
    JSON.stringify({
      id: spec.id,
      variant: spec.variant,
      band: spec.band,
      distanceM: round(spec.distanceM),
      teacherCornerHz: Math.round(spec.teacherRollOffHz ?? 0),
      slotLevelsDb: report.slotLevelsDb.map(round),
      slotScores: report.slotScores.map(round),
      dropDb: round(gate.dropDb),
      gate: gate.heard ? 'heard' : 'not_heard',
      challengeScore: round(forced.details.challenge?.score),
      verdictWithCheck: forced.verdict,
    }),
  );
}
