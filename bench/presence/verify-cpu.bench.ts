// CPU per verification, one-way and with the two-way check (issue 17 item 4's 30-ms target): the
// median and p90 of 40 cold verifications (teacher features recomputed) of the same two corpus cases
// the main bench uses. Short on purpose: run it in two checkouts one after the other, a few times,
// to compare code changes on a machine whose load moves (bench/presence/RESULTS.md).
// `--stored`: the teacher's chunks in the form a server keeps them (packTeacherChunk: the ambient
// features computed at arrival, the tone and challenge band as complex baseband), opened in the
// verification as the server's marking path does; without it, raw chunks (the corpus's path).
// Run: npx tsx bench/presence/verify-cpu.bench.ts [--stored]
import { renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { asServerKeepsIt, oneWayBenchCase, twoWayBenchCase } from './bench-cases';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';

const ITERATIONS = 40;
const stored = process.argv.includes('--stored');

const percentile = (v: number[], p: number): number =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))]!;
const oneWay = oneWayBenchCase();
const twoWay = twoWayBenchCase();
const lines: string[] = [];
for (const [name, spec] of [
  ['one-way', oneWay],
  ['two-way', twoWay],
] as const) {
  const rendered = renderProofCase(spec).input;
  const input = stored ? asServerKeepsIt(rendered) : rendered;
  for (let i = 0; i < 5; i++) verifyProof({ ...input, cacheTeacherFeatures: false });
  const cpu: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const c0 = process.cpuUsage();
    verifyProof({ ...input, cacheTeacherFeatures: false });
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  lines.push(
    `${name}${stored ? ' stored' : ''} cold: CPU median ${percentile(cpu, 0.5).toFixed(1)} ms, p90 ${percentile(cpu, 0.9).toFixed(1)} ms`,
  );
}
console.log(lines.join(' | '));
