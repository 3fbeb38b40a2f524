// CPU per verification of two checkouts of the engine, alternated call by call in one process: on a
// shared machine whose load moves by the minute, running two trees one after the other (as
// verify-cpu.bench.ts does) mixes load drift into the comparison; here every base call has a new
// call next to it. Same cases as the other speed benches, cold teacher features.
// Run: npx tsx bench/presence/verify-cpu-ab.ts <base checkout root> [calls per line, default 40]
// (the base: e.g. `git worktree add /tmp/base main` with node_modules copied in).
import { resolve } from 'node:path';
import { renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { verifyProof as verifyNew, type ProofInput } from '../../packages/presence/src/proof/verify-proof';
import { oneWayBenchCase, twoWayBenchCase } from './bench-cases';

type Verify = (input: ProofInput) => unknown;

const baseRoot = process.argv[2];
if (!baseRoot) throw new Error('usage: verify-cpu-ab.ts <base checkout root> [calls]');
const calls = Number(process.argv[3] ?? 40);
const WARM_UP = 5;

const cpuMs = (run: () => unknown): number => {
  const c0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(c0);
  return (used.user + used.system) / 1000;
};
const at = (v: number[], p: number): number =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))]!;

const baseModule = (await import(resolve(baseRoot, 'packages/presence/src/proof/verify-proof.ts'))) as {
  verifyProof: Verify;
};
const versions: Verify[] = [baseModule.verifyProof, verifyNew];
for (const [name, spec] of [
  ['one-way', oneWayBenchCase()],
  ['two-way', twoWayBenchCase()],
] as const) {
  const input: ProofInput = { ...renderProofCase(spec).input, cacheTeacherFeatures: false };
  const cpu: number[][] = [[], []];
  for (let i = 0; i < WARM_UP + calls; i++) {
    // Alternate which version goes first, so neither always runs right after the other's garbage.
    for (const v of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const ms = cpuMs(() => versions[v]!(input));
      if (i >= WARM_UP) cpu[v]!.push(ms);
    }
  }
  const [base, next] = cpu as [number[], number[]];
  console.log(
    `${name}: CPU median ${at(base, 0.5).toFixed(1)} -> ${at(next, 0.5).toFixed(1)} ms ` +
      `(${((at(next, 0.5) / at(base, 0.5) - 1) * 100).toFixed(0)} %), p10 ${at(base, 0.1).toFixed(1)} -> ` +
      `${at(next, 0.1).toFixed(1)}, p90 ${at(base, 0.9).toFixed(1)} -> ${at(next, 0.9).toFixed(1)}`,
  );
}
