// The loop-wide tone search's null distribution (issue 17, presence-0014): when the server does not
// know the looped file's phase, the tone is searched over every alignment of the loop, and its best
// score in a recording without the tone is far higher than at a time-locked alignment (the
// look-elsewhere effect). This measures, on the corpus's no-tone recordings (T1: home, TV, speech,
// another classroom; T2: relays of the room that cannot carry the band), the best loop-wide score
// against `keys` session schedules each (the recording's own and `keys - 1` other sessions'), and on
// present students of the original client (looped file; every variant, far and weak ones included)
// the score at the loop-wide search with their session's key. It prints the quantiles and, for the
// old and the new threshold, the false detections with their 95 % upper bound and the genuine cost.
// Run (seed 7 is the calibration seed):
//   nice -n 5 npx tsx bench/presence/loop-wide-null.ts [recordings per class 500] [keys 3] [seed 7] [out.jsonl]
// Re-report saved lines without rendering (the seed-7 run is kept):
//   npx tsx bench/presence/loop-wide-null.ts --from bench/presence/runs/loop-wide-null-seed7.jsonl.gz
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { planProofCasesByClass, renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { correlateChirps } from '../../packages/presence/src/detect/chirp-correlations';
import { timeLockedSearch } from '../../packages/presence/src/detect/time-locked-search';
import { Rng } from '../../packages/presence/src/dsp/random';
import { upperBound } from '../../packages/presence/src/evaluate/confidence';
import { DEFAULT_PROOF_THRESHOLDS } from '../../packages/presence/src/proof/proof-thresholds';
import { LoopedSchedule, ToneSchedule } from '../../packages/presence/src/schedule/tone-schedule';
import { toHex } from '../../packages/presence/src/schedule/sha256';
import { decodeWav } from '../../packages/presence/src/wav/decode-wav';

const from = process.argv[2] === '--from' ? process.argv[3] : undefined;
const perClass = from ? 0 : Number(process.argv[2] ?? 500);
const keys = Number(process.argv[3] ?? 3);
const seed = Number(process.argv[4] ?? 7);
const out = from ? undefined : process.argv[5];
// The server's looped file (apps/server session-tone.ts TONE_FILE_LOOP_S) and the engine's analysis span.
const LOOP_S = 180;
const MAX_ANALYSIS_S = 6;
const th = DEFAULT_PROOF_THRESHOLDS;

/** Session key `k` for a case: 0 is the case's own, others are other sessions' (deterministic). */
function keyFor(ownHex: string, caseSeed: number, k: number): string {
  if (k === 0) return ownHex;
  const rng = new Rng(caseSeed * 31 + k);
  const key = new Uint8Array(32);
  for (let i = 0; i < 32; i++) key[i] = rng.int(0, 255);
  return toHex(key);
}

interface Row {
  id: string;
  cls: string;
  variant: string;
  client: string;
  band: string;
  distanceM: number;
  key: number;
  score: number | null;
  unexplained: number | null;
}

const nullScores: number[] = [];
const genuineScores: number[] = [];
if (out) writeFileSync(out, '');
const keep = (row: Row, into: number[]): void => {
  // A search with no score (band not captured) cannot detect anything: counted as -Infinity.
  into.push(row.score ?? -Infinity);
  if (out) appendFileSync(out, `${JSON.stringify(row)}\n`);
};

function loopWideScores(
  spec: ReturnType<typeof planProofCasesByClass>[number],
  keyCount: number,
  into: number[],
): void {
  const { input } = renderProofCase(spec);
  const { samples, sampleRate } = decodeWav(input.studentWav);
  const corr = correlateChirps(samples, sampleRate, input.tone.config, MAX_ANALYSIS_S);
  for (let k = 0; k < keyCount; k++) {
    const timeline = new LoopedSchedule(
      new ToneSchedule(keyFor(input.tone.keyHex, spec.seed, k), input.tone.config),
      LOOP_S,
    );
    const m = corr.bandCaptured
      ? timeLockedSearch(corr, timeline, { allowed: { min: 0, max: LOOP_S } }, th)
      : null;
    keep(
      {
        id: spec.id,
        cls: spec.cls,
        variant: spec.variant,
        client: spec.client,
        band: spec.band,
        distanceM: Math.round(spec.distanceM * 10) / 10,
        key: k,
        score: m ? Math.round(m.score * 1000) / 1000 : null,
        unexplained: m ? m.unexplained.length : null,
      },
      into,
    );
  }
}

const started = process.cpuUsage();
const nullSpecs = planProofCasesByClass(perClass, seed, ['T1', 'T2']);
nullSpecs.forEach((spec, i) => {
  loopWideScores(spec, keys, nullScores);
  if ((i + 1) % 50 === 0) process.stderr.write(`  null ${i + 1}/${nullSpecs.length}\n`);
});
// Present students of the original client: only its looped file can be searched loop-wide.
const presentSpecs = planProofCasesByClass(perClass, seed, ['present']).filter(
  (s) => s.client === 'flutter16',
);
presentSpecs.forEach((spec, i) => {
  loopWideScores(spec, 1, genuineScores);
  if ((i + 1) % 25 === 0) process.stderr.write(`  present ${i + 1}/${presentSpecs.length}\n`);
});
const cpu = process.cpuUsage(started);
if (from) {
  for (const line of (from.endsWith('.gz') ? gunzipSync(readFileSync(from)) : readFileSync(from))
    .toString('utf8')
    .split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Row;
    (row.cls === 'present' ? genuineScores : nullScores).push(row.score ?? -Infinity);
  }
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const nulls = [...nullScores].sort((a, b) => a - b);
const genuine = [...genuineScores].sort((a, b) => a - b);
const f = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : 'none');
const pct = (v: number): string => `${(v * 100).toFixed(2)} %`;
console.log(
  from
    ? `loop-wide tone search, from ${from}: ${nulls.length} no-tone searches; ${genuine.length} present (original client)`
    : `loop-wide tone search, seed ${seed}: ${nullSpecs.length} no-tone recordings x ${keys} keys = ${nulls.length} searches; ${genuine.length} present (original client)`,
);
console.log(
  `null best score: median ${f(quantile(nulls, 0.5))}, p90 ${f(quantile(nulls, 0.9))}, p99 ${f(quantile(nulls, 0.99))}, p99.9 ${f(quantile(nulls, 0.999))}, max ${f(nulls[nulls.length - 1]!)}`,
);
console.log(
  `present score: min ${f(genuine[0]!)}, p1 ${f(quantile(genuine, 0.01))}, p5 ${f(quantile(genuine, 0.05))}, median ${f(quantile(genuine, 0.5))}`,
);
const thresholds = [
  { name: 'toneScoreMin (old, time-locked)', value: th.toneScoreMin },
  { name: 'toneScoreMinLoopWide', value: th.toneScoreMinLoopWide },
];
for (const t of thresholds) {
  const fp = nulls.filter((s) => s >= t.value).length;
  const miss = genuine.filter((s) => s < t.value).length;
  console.log(
    `${t.name} = ${t.value}: false detections ${fp}/${nulls.length} = ${pct(fp / nulls.length)} (95 % upper ${pct(upperBound(fp, nulls.length))}); present below ${miss}/${genuine.length} = ${pct(miss / Math.max(1, genuine.length))} (95 % upper ${pct(upperBound(miss, genuine.length))})`,
  );
}
const below = genuine.filter((s) => s < th.toneScoreMinLoopWide).length;
console.log(
  `margins: null max ${f(nulls[nulls.length - 1]!)} (${f(th.toneScoreMinLoopWide - nulls[nulls.length - 1]!)} below toneScoreMinLoopWide ${th.toneScoreMinLoopWide}); present: ${below} below it, the least above ${f(genuine.find((s) => s >= th.toneScoreMinLoopWide) ?? NaN)}`,
);
if (!from) console.log(`CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s`);
