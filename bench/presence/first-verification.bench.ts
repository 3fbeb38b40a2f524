// The first verifications of a fresh verifier pool, with and without the workers' warm-up
// (presence-0022): a pool of two workers is started, left until its workers have started (and
// warmed up, when asked), then given two verifications at once (one per worker, as the first two
// students after a server start); wall time from posting to each answer. Alternated, fresh pools.
// Run: npx tsx bench/presence/first-verification.bench.ts [--rounds 5]
import { proofCase } from '../../packages/presence/test/proof-fixtures';
import { createVerifierPool } from '../../packages/presence/src/pool/verifier-pool';
import { numberOption } from '../lib/options';

const ROUNDS = numberOption('rounds', 5);
const input = { ...proofCase({ challenge: { attemptId: 'bench' } }), cacheTeacherFeatures: false };

async function firstTwo(warmUp: boolean): Promise<number[]> {
  let ready = 0;
  let allReady: () => void = () => {};
  const readied = new Promise<void>((resolve) => (allReady = resolve));
  const oneReady = () => {
    if (++ready === 2) allReady();
  };
  const pool = createVerifierPool({
    size: 2,
    warmUp,
    ...(warmUp ? { onWorkerWarmedUp: oneReady } : { onWorkerStarted: oneReady }),
  });
  await readied;
  const t0 = performance.now();
  const times = await Promise.all(
    [0, 1].map(async () => {
      await pool.verifyProof(input);
      return performance.now() - t0;
    }),
  );
  await pool.close();
  return times;
}

const rows: string[] = [];
const all: Record<string, number[]> = { cold: [], warm: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const warmUp of [false, true]) {
    const times = await firstTwo(warmUp);
    all[warmUp ? 'warm' : 'cold']!.push(...times);
    rows.push(
      `round ${r + 1}, ${warmUp ? 'warmed up' : 'cold     '}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
  }
}
console.log(rows.join('\n'));
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
console.log(
  `median of the first two answers: cold ${median(all.cold!).toFixed(0)} ms, warmed up ${median(all.warm!).toFixed(0)} ms`,
);
