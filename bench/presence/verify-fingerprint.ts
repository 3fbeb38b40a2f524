// Bit-level fingerprint of verification results, for changes meant to keep every bit (presence-0013,
// presence-0015, presence-0017): per corpus case, a hash of `verifyProof`'s whole result (timings
// removed, numbers at full precision, -0 told apart) and of every value of the tone's template tracks
// (ncc, z, level); for the two-way classes also of the challenge's tracks in the phone's own
// recording and in the teacher's stream (6 s of it from half a second before the recording), and of
// those teacher samples. Run it in the old and the new tree and compare the outputs line by line.
// Run: npx tsx bench/presence/verify-fingerprint.ts [cases per class, default 2] [seed, default 91]
//      [classes, comma-separated, default all]
import { createHash, type Hash } from 'node:crypto';
import { challengeConfigFor } from '../../packages/presence/src/challenge/challenge-sequence';
import {
  PROOF_CLASSES,
  planProofCasesByClass,
  renderProofCase,
  type ProofCaseClass,
} from '../../packages/presence/src/corpus/proof-cases';
import {
  correlateChirps,
  type ChirpCorrelations,
} from '../../packages/presence/src/detect/chirp-correlations';
import { teacherSamples } from '../../packages/presence/src/proof/teacher-samples';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';
import { decodeWav } from '../../packages/presence/src/wav/decode-wav';

const perClass = Number(process.argv[2] ?? 2);
const seed = Number(process.argv[3] ?? 91);
const classes = (process.argv[4]?.split(',') ?? PROOF_CLASSES) as ProofCaseClass[];
const bytes = (a: Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const hashTracks = (hash: Hash, corr: ChirpCorrelations): void => {
  for (const [key, track] of corr.tracks) {
    hash.update(key);
    hash.update(bytes(track.ncc));
    hash.update(bytes(track.z));
    hash.update(bytes(track.level));
  }
};
const all = createHash('sha256');
for (const spec of planProofCasesByClass(perClass, seed, classes)) {
  const { input } = renderProofCase(spec);
  const { timings: _timings, ...result } = verifyProof({ ...input, cacheTeacherFeatures: false });
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify(result, (_key, v: unknown) =>
      typeof v === 'number' ? (Object.is(v, -0) ? '-0' : String(v)) : v,
    ),
  );
  const { samples, sampleRate } = decodeWav(input.studentWav);
  hashTracks(hash, correlateChirps(samples, sampleRate, input.tone.config, 6));
  const start = result.details.recordingStartMs;
  if (input.challenge && start) {
    const config = input.challenge.config ?? challengeConfigFor(input.tone.config);
    hashTracks(hash, correlateChirps(samples, sampleRate, config, 1.5));
    const heard = teacherSamples(input.teacher.chunks, start.min - 500, 6);
    if (heard) {
      hash.update(bytes(heard.samples));
      hashTracks(hash, correlateChirps(heard.samples, heard.sampleRate, config, 8));
    }
  }
  const digest = hash.digest('hex').slice(0, 16);
  all.update(digest);
  console.log(`${spec.id} ${result.verdict} ${digest}`);
}
console.log(`all ${all.digest('hex').slice(0, 16)}`);
