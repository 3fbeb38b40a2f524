// The tone-level check's cost on the event loop (issue 19, docs/decisions/sessions-0012): CPU of the
// main thread alone per check, in process (`teacherToneLevel`, as before) and through the presence
// pool (`toneLevel`: the main thread builds the input, packs the chunks into one buffer, posts it
// and takes the answer; the search runs in a worker). The main thread's CPU is read from Linux's
// per-thread scheduler statistics (/proc/self/task/<pid>/schedstat, ns), so the worker's time and
// other processes on the shared machine are not counted. Same fixed stream for both: 7 stored
// 1-s chunks at 48 kHz of the live tone over noise, as the live store keeps them.
//
// Run: npx tsx bench/sessions/tone-level-main-thread.bench.ts [--checks 40]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import {
  createVerifierPool,
  DEFAULT_SCHEDULE_CONFIG,
  encodePcm16,
  keptTeacherBand,
  packTeacherChunk,
  synthesizeSpan,
  teacherToneLevel,
  ToneSchedule,
  type TeacherChunk,
} from '@rollbook/presence';
import { teacherToneLevelInput } from '../../apps/server/src/modules/sessions/tone-level-check';
import { numberOption } from '../lib/options';

const CHECKS = numberOption('checks', 40);
const KEY = '7a1c3e5f7091b2d4f6081a3c5e7f9b1d3f5a7c9e0b2d4f6a8c0e2b4d6f8a0c2e';
const EPOCH = 1_763_000_000_000;
const RATE = 48000;
const tone = {
  version: 2 as const,
  keyHex: KEY,
  config: DEFAULT_SCHEDULE_CONFIG,
  epochMs: EPOCH,
  fileLoopS: 180,
};
const playback = { offsetMs: 0, toleranceMs: 50 };

/** The main thread's CPU time so far, ms (its own scheduler statistics, not the process's). */
function mainThreadMs(): number {
  const ns = Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  return ns / 1e6;
}

function storedStream(): TeacherChunk[] {
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.006;
  const sound = synthesizeSpan(new ToneSchedule(KEY), 100, 7, RATE).map((v) => 0.003 * v + noise());
  const band = keptTeacherBand(DEFAULT_SCHEDULE_CONFIG);
  return Array.from({ length: 7 }, (_, k) => ({
    timestampMs: EPOCH + 100_000 + k * 1000,
    bytes: packTeacherChunk(encodePcm16(sound.subarray(k * RATE, (k + 1) * RATE)), band),
  }));
}

/** Mean and 95 % interval (t ≈ 2.02 for 40 samples, normal beyond) of per-check samples. */
function summary(samples: number[]): string {
  const n = samples.length;
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(samples.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (n <= 40 ? 2.02 : 1.96) * (sd / Math.sqrt(n));
  return `${mean.toFixed(2)} ms (95 % CI ${(mean - half).toFixed(2)}-${(mean + half).toFixed(2)}, n=${n})`;
}

const chunks = storedStream();
const input = teacherToneLevelInput(chunks, tone, playback);

// In process, as before: warm-up (JIT), then each check timed alone.
const before: number[] = [];
const statusBefore = teacherToneLevel(input)?.status;
for (let i = 0; i < CHECKS; i++) {
  const t0 = mainThreadMs();
  teacherToneLevel(input);
  before.push(mainThreadMs() - t0);
}

// Through the pool: one worker, started and warmed first; each check awaited alone, so the main
// thread's time between post and answer is the check's (the event loop idles meanwhile).
const pool = createVerifierPool({ size: 1 });
const statusAfter = (await pool.toneLevel(teacherToneLevelInput(chunks, tone, playback)))?.status;
const after: number[] = [];
for (let i = 0; i < CHECKS; i++) {
  const t0 = mainThreadMs();
  await pool.toneLevel(teacherToneLevelInput(chunks, tone, playback));
  after.push(mainThreadMs() - t0);
}
await pool.close();

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}`);
console.log(
  `date: ${new Date().toISOString()}, load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`reports: in process ${statusBefore}, pool ${statusAfter}`);
console.log(`main-thread CPU per tone-level check, in process: ${summary(before)}`);
console.log(`main-thread CPU per tone-level check, via pool:   ${summary(after)}`);
