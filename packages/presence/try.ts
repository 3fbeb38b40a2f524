import { planProofCases, renderProofCase } from './src/corpus/proof-cases';
import { verifyProof } from './src/proof/verify-proof';
const specs = planProofCases(60, 11);
for (const spec of specs) {
  const t = performance.now();
  const { input } = renderProofCase(spec);
  const t1 = performance.now();
  const r = verifyProof({ ...input, cacheTeacherFeatures: false });
  const d = r.details.tone;
  console.log(spec.cls.padEnd(7), spec.variant.padEnd(26), spec.client, spec.band.padEnd(7), spec.distanceM.toFixed(1).padStart(5), r.verdict.padEnd(12), (d ? `s=${d.score.toFixed(2)} h=${d.heard}/${d.expected} un=${d.unexplained.length} el=${d.elsewhere?.score.toFixed(2)}` : '-').padEnd(40), r.similarity?.toFixed(0), r.details.ambient?.teacherActivityDb.toFixed(1), r.reasons.join(','), (t1-t).toFixed(0), r.timings.totalMs.toFixed(0));
}
