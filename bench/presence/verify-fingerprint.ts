// Bit-level fingerprint of verification results, for changes meant to keep every bit (presence-0013,
// presence-0015): per corpus case, a hash of `verifyProof`'s whole result (timings removed, numbers at
// full precision, -0 told apart) and of every value of the tone's template tracks (ncc, z, level).
// Run it in the old and the new tree and compare the outputs line by line.
// Run: npx tsx bench/presence/verify-fingerprint.ts [cases per class, default 2] [seed, default 91]
import { createHash } from 'node:crypto';
import { planProofCasesByClass, renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { correlateChirps } from '../../packages/presence/src/detect/chirp-correlations';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';
import { decodeWav } from '../../packages/presence/src/wav/decode-wav';

const perClass = Number(process.argv[2] ?? 2);
const seed = Number(process.argv[3] ?? 91);
const bytes = (a: Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const all = createHash('sha256');
for (const spec of planProofCasesByClass(perClass, seed)) {
  const { input } = renderProofCase(spec);
  const { timings: _timings, ...result } = verifyProof({ ...input, cacheTeacherFeatures: false });
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify(result, (_key, v: unknown) =>
      typeof v === 'number' ? (Object.is(v, -0) ? '-0' : String(v)) : v,
    ),
  );
  const { samples, sampleRate } = decodeWav(input.studentWav);
  for (const [key, track] of correlateChirps(samples, sampleRate, input.tone.config, 6).tracks) {
    hash.update(key);
    hash.update(bytes(track.ncc));
    hash.update(bytes(track.z));
    hash.update(bytes(track.level));
  }
  const digest = hash.digest('hex').slice(0, 16);
  all.update(digest);
  console.log(`${spec.id} ${result.verdict} ${digest}`);
}
console.log(`all ${all.digest('hex').slice(0, 16)}`);
