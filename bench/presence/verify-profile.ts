// Profiling driver: verifies one bench case many times (cold teacher features) so that a CPU
// profile shows the verification, not the corpus rendering. Bundle it first (tsx hides inlining):
//   npx esbuild bench/presence/verify-profile.ts --bundle --platform=node --outfile=/tmp/p.cjs
//   node --cpu-prof /tmp/p.cjs two-way 200
import { renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';
import { oneWayBenchCase, twoWayBenchCase } from './bench-cases';

const which = process.argv[2] === 'one-way' ? oneWayBenchCase() : twoWayBenchCase();
const iterations = Number(process.argv[3] ?? 200);
const input = renderProofCase(which).input;
for (let i = 0; i < iterations; i++) verifyProof({ ...input, cacheTeacherFeatures: false });
