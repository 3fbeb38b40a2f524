// v2 verification speed (issue 17): CPU time of `verifyProof` on one core for a 5-s 48 kHz clip
// with a 48 kHz teacher stream, cold (teacher features computed) and warm (cached), plus a
// 300-verification burst through the worker pool.
// Run: npx tsx bench/presence/verify-proof.bench.ts [--iterations 60]
import { availableParallelism, cpus, loadavg } from 'node:os';
import { renderProofCase } from '../../packages/presence/src/corpus/proof-cases';
import { oneWayBenchCase, twoWayBenchCase } from './bench-cases';
import { planCases, renderCase } from '../../packages/presence/src/corpus/cases';
import { createVerifierPool } from '../../packages/presence/src/pool/verifier-pool';
import { verifyPresence } from '../../packages/presence/src/verify/verify-presence';
import { verifyProof } from '../../packages/presence/src/proof/verify-proof';

const index = process.argv.indexOf('--iterations');
const iterations = index >= 0 ? Number(process.argv[index + 1]) : 60;
const percentile = (v: number[], p: number): number =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))]!;
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const spec = oneWayBenchCase();
const { input } = renderProofCase(spec);
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `case: ${spec.id} (${spec.distanceM.toFixed(1)} m, ${spec.noise}, ${spec.roomKind}), 5 s at 48 kHz, ${input.teacher.chunks.length} teacher chunks at 48 kHz`,
);

for (let i = 0; i < 10; i++) verifyProof({ ...input, cacheTeacherFeatures: false });
for (const cached of [false, true]) {
  const cpu: number[] = [];
  const stages = { decodeMs: 0, toneMs: 0, ambientMs: 0 };
  for (let i = 0; i < iterations; i++) {
    const c0 = process.cpuUsage();
    const r = verifyProof({ ...input, cacheTeacherFeatures: cached });
    cpu.push(cpuMs(c0));
    stages.decodeMs += r.timings.decodeMs / iterations;
    stages.toneMs += r.timings.toneMs / iterations;
    stages.ambientMs += r.timings.ambientMs / iterations;
  }
  console.log(
    `${cached ? 'warm' : 'cold'}: CPU per verification median ${percentile(cpu, 0.5).toFixed(1)} ms, p90 ${percentile(cpu, 0.9).toFixed(1)} ms; ` +
      `wall stages (mean, inflated by load) decode ${stages.decodeMs.toFixed(1)} / tone ${stages.toneMs.toFixed(1)} / ambient ${stages.ambientMs.toFixed(1)} ms`,
  );
}

// The two-way check (issue 17 item 4): a present student of our client with the challenge required.
const twoWaySpec = twoWayBenchCase();
const twoWay = renderProofCase(twoWaySpec).input;
for (let i = 0; i < 5; i++) verifyProof({ ...twoWay, cacheTeacherFeatures: false });
for (const cached of [false, true]) {
  const cpu: number[] = [];
  let challengeMs = 0;
  let verdict = '';
  for (let i = 0; i < iterations; i++) {
    const c0 = process.cpuUsage();
    const r = verifyProof({ ...twoWay, cacheTeacherFeatures: cached });
    cpu.push(cpuMs(c0));
    challengeMs += r.timings.challengeMs / iterations;
    verdict = r.verdict;
  }
  console.log(
    `two-way (${twoWaySpec.id}, ${verdict}), ${cached ? 'warm' : 'cold'}: CPU per verification median ${percentile(cpu, 0.5).toFixed(1)} ms, p90 ${percentile(cpu, 0.9).toFixed(1)} ms; challenge stage wall mean ${challengeMs.toFixed(1)} ms`,
  );
}

// The first design's verifier at the same moment, for comparison on a machine whose load varies.
const v1Spec = planCases(200, 1).find(
  (s) => s.cls === 'present' && s.studentRate === 48000 && s.teacherClient === 'web48',
)!;
const v1Input = renderCase(v1Spec).input;
for (let i = 0; i < 10; i++) verifyPresence({ ...v1Input, cacheTeacherFeatures: false });
const v1Cpu: number[] = [];
for (let i = 0; i < iterations; i++) {
  const c0 = process.cpuUsage();
  verifyPresence({ ...v1Input, cacheTeacherFeatures: false });
  v1Cpu.push(cpuMs(c0));
}
console.log(
  `v1 verifyPresence at the same moment, cold: CPU median ${percentile(v1Cpu, 0.5).toFixed(1)} ms, p90 ${percentile(v1Cpu, 0.9).toFixed(1)} ms`,
);

const pool = createVerifierPool({ size: 2, maxQueue: 1000 });
await Promise.all([pool.verifyProof(input), pool.verifyProof(input)]);
const t0 = performance.now();
const burst = await Promise.allSettled(Array.from({ length: 300 }, () => pool.verifyProof(input)));
const ok = burst.filter((r) => r.status === 'fulfilled').length;
console.log(
  `burst of 300 v2 verifications queued at once on 2 workers: ${ok}/300 completed, ${300 - ok} lost, ${(performance.now() - t0).toFixed(0)} ms wall`,
);
await pool.close();
