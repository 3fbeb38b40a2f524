// Profiling driver: verifies one bench case many times (cold teacher features) so that a CPU
// profile shows the verification, not the corpus rendering. Bundle it first (tsx hides inlining):
//   npx esbuild bench/presence/verify-profile.ts --bundle --platform=node --outfile=/tmp/p.cjs
//   node --cpu-prof /tmp/p.cjs two-way 200 [--stored]
// `--stored`: the teacher's chunks as the server keeps them (verify-cpu.bench.ts --stored).
import { renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';
import { asServerKeepsIt, oneWayBenchCase, twoWayBenchCase } from './bench-cases';

const which = process.argv[2] === 'one-way' ? oneWayBenchCase() : twoWayBenchCase();
const iterations = Number(process.argv[3] ?? 200);
const rendered = renderProofCase(which).input;
const input = process.argv.includes('--stored') ? asServerKeepsIt(rendered) : rendered;
for (let i = 0; i < iterations; i++) verifyProof({ ...input, cacheTeacherFeatures: false });
