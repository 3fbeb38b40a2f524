// Verification speed: one core (cold and warm teacher features), the worker pool on 2 cores, and a
// burst of 300 verifications queued at once.
// Run: npx tsx bench/presence/verify.bench.ts [--iterations 100] [--pool-runs 200]
import { availableParallelism, cpus, loadavg } from 'node:os';
import { planCases, renderCase } from '../../packages/presence/src/corpus/cases';
import { createVerifierPool } from '../../packages/presence/src/pool/verifier-pool';
import { verifyPresence, type VerifyInput } from '../../packages/presence/src/verify/verify-presence';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(1)} ms, p90 ${percentile(sorted, 0.9).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
}

const iterations = option('iterations', 100);
const poolRuns = option('pool-runs', 200);

// A realistic case: a present student, 5 s at 48 kHz, against a web teacher stream at 48 kHz.
const spec = planCases(200, 1).find(
  (s) => s.cls === 'present' && s.studentRate === 48000 && s.teacherClient === 'web48',
)!;
const { input } = renderCase(spec);
const window: VerifyInput = { ...input };

console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `case: ${spec.id} (${spec.distanceM?.toFixed(1)} m, ${spec.noise}, ${spec.roomKind}), student 5 s at 48 kHz, ${input.teacherChunks.length} teacher chunks at 48 kHz`,
);

for (let i = 0; i < 10; i++) verifyPresence({ ...window, cacheTeacherFeatures: false });
// Wall time depends on what else the (shared) machine runs; CPU time of this process is what one
// verification costs a core, so both are reported.
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const cold: number[] = [];
const coldCpu: number[] = [];
const stages = { decodeMs: 0, toneMs: 0, ambientMs: 0 };
for (let i = 0; i < iterations; i++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = verifyPresence({ ...window, cacheTeacherFeatures: false });
  coldCpu.push(cpuMs(c0));
  cold.push(performance.now() - t0);
  stages.decodeMs += r.timings.decodeMs / iterations;
  stages.toneMs += r.timings.toneMs / iterations;
  stages.ambientMs += r.timings.ambientMs / iterations;
}
const warm: number[] = [];
const warmCpu: number[] = [];
for (let i = 0; i < iterations; i++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  verifyPresence({ ...window, cacheTeacherFeatures: true });
  warmCpu.push(cpuMs(c0));
  warm.push(performance.now() - t0);
}
const coldMedian = percentile(
  [...cold].sort((a, b) => a - b),
  0.5,
);
const warmMedian = percentile(
  [...warm].sort((a, b) => a - b),
  0.5,
);
console.log(
  `single core, cold (teacher features computed): wall ${summary(cold)} -> ${(1000 / coldMedian).toFixed(0)} verifications/s`,
);
console.log(`  CPU time per verification: ${summary(coldCpu)}`);
console.log(
  `  stages (mean): decode ${stages.decodeMs.toFixed(1)} ms, tone ${stages.toneMs.toFixed(1)} ms, ambient ${stages.ambientMs.toFixed(1)} ms`,
);
console.log(
  `single core, warm (teacher features cached, as for the 2nd..Nth student of a session): wall ${summary(warm)} -> ${(1000 / warmMedian).toFixed(0)} verifications/s`,
);
console.log(`  CPU time per verification: ${summary(warmCpu)}`);

const pool = createVerifierPool({ size: 2, maxQueue: 1000 });
await Promise.all([pool.verify(window), pool.verify(window)]); // start-up and JIT warm-up
let t0 = performance.now();
await Promise.all(Array.from({ length: poolRuns }, () => pool.verify(window)));
const poolMs = performance.now() - t0;
console.log(
  `pool of 2 workers: ${poolRuns} verifications in ${poolMs.toFixed(0)} ms -> ${((poolRuns * 1000) / poolMs).toFixed(0)} verifications/s`,
);

// Burst: 300 students within a few seconds; every verification must come back.
const latencies: number[] = [];
t0 = performance.now();
const burst = await Promise.allSettled(
  Array.from({ length: 300 }, () => {
    const queued = performance.now();
    return pool.verify(window).then((r) => {
      latencies.push(performance.now() - queued);
      return r;
    });
  }),
);
const burstMs = performance.now() - t0;
const fulfilled = burst.filter((r) => r.status === 'fulfilled').length;
console.log(
  `burst of 300 queued at once: ${fulfilled}/300 completed, ${300 - fulfilled} lost, ${burstMs.toFixed(0)} ms total; ` +
    `latency enqueue->result ${summary(latencies)}; pool stats ${JSON.stringify(pool.stats())}`,
);
await pool.close();
