// CPU per verification, one-way and with the two-way check (issue 17 item 4's 30-ms target): the
// median and p90 of 40 cold verifications (teacher features recomputed) of the same two corpus cases
// the main bench uses. Short on purpose: run it in two checkouts one after the other, a few times,
// to compare code changes on a machine whose load moves (bench/presence/RESULTS.md).
// `--stored`: the teacher's chunks in the form a server keeps them (packTeacherChunk: the ambient
// features computed at arrival, the tone and challenge band as complex baseband), opened in the
// verification as the server's marking path does; without it, raw chunks (the corpus's path).
// `--compare-simd`: each verification twice in turn, with the SIMD kernels (presence-0028) and
// without (the TypeScript loops, the same bits): both medians from the same moments of the machine.
// Run: npx tsx bench/presence/verify-cpu.bench.ts [--stored] [--compare-simd]
import { renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { asServerKeepsIt, oneWayBenchCase, twoWayBenchCase } from './bench-cases';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';
import { simdKernelsActive, useSimdKernels } from '../../packages/presence/src/dsp/kernels/kernels';

const ITERATIONS = 40;
const stored = process.argv.includes('--stored');
const compareSimd = process.argv.includes('--compare-simd');

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
  const cpuOf = (simd: boolean): number => {
    useSimdKernels(simd);
    const c0 = process.cpuUsage();
    verifyProof({ ...input, cacheTeacherFeatures: false });
    const used = process.cpuUsage(c0);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < 5; i++) {
    cpuOf(true);
    if (compareSimd) cpuOf(false);
  }
  const withSimd: number[] = [];
  const withoutSimd: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    withSimd.push(cpuOf(true));
    if (compareSimd) withoutSimd.push(cpuOf(false));
  }
  const summary = (cpu: number[]): string =>
    `CPU median ${percentile(cpu, 0.5).toFixed(1)} ms, p90 ${percentile(cpu, 0.9).toFixed(1)} ms`;
  lines.push(
    `${name}${stored ? ' stored' : ''} cold: ${summary(withSimd)}` +
      (compareSimd ? ` (TypeScript loops: ${summary(withoutSimd)})` : ''),
  );
}
useSimdKernels(true);
lines.push(`SIMD kernels ${simdKernelsActive() ? 'on' : 'unavailable'}`);
console.log(lines.join(' | '));
