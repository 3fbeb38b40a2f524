// The teacher's audio as the live store keeps it (issue 19 item 4, docs/decisions/sessions-0011):
// per tone band and microphone rate, the bytes kept per second of audio and the CPU its conversion
// costs — on the append path (the teacher's instance, event loop, once per 1-s chunk) and, in the
// verifier's worker, opening a window with its band rebuilt (two-way check) or its features alone.
// CPU is this process's user + system time over many chunks, per second of audio: 10 ms/s is 1 % of
// a core per live session. The Redis bytes a session costs are measured by `bell.bench.ts`.
//
// Run: npx tsx bench/sessions/teacher-audio-store.bench.ts [--seconds 64]
import { availableParallelism, cpus, loadavg } from 'node:os';
import {
  DEFAULT_SCHEDULE_CONFIG,
  keptTeacherBand,
  openStoredTeacherChunks,
  packTeacherChunk,
  type TeacherChunk,
} from '@rollbook/presence';
import { roomSound, teacherChunks } from '../../apps/server/src/testing/audio';
import { numberOption } from '../lib/options';

// Whole 8-s windows.
const SECONDS = Math.ceil(numberOption('seconds', 64) / 8) * 8;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ms per second of audio of `run(1)`, after a warm-up `run(0)` (JIT; other chunks: no cache hits). */
function cpuPerSecond(seconds: number, run: (pass: number) => void): number {
  run(0);
  const start = cpuMs();
  run(1);
  return (cpuMs() - start) / seconds;
}

const BANDS = [
  { name: 'default 17-20 kHz', config: DEFAULT_SCHEDULE_CONFIG },
  { name: 'widest 15-20 kHz', config: { ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 15000, bandHighHz: 20000 } },
];

console.log(
  `${new Date().toISOString()} · ${cpus()[0]?.model ?? '?'} × ${availableParallelism()} · Node ${process.version} · load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '| band | rate | kept kB/s (raw) | append CPU ms/s | open + rebuild ms/s (two-way) | open, features only ms/s |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const { name, config } of BANDS) {
  const band = keptTeacherBand(config);
  for (const rate of [48000, 44100]) {
    const chunks = [3, 4].map((seed) => teacherChunks(roomSound(seed, SECONDS, rate), 0, rate));
    const stored: TeacherChunk[][] = [[], []];
    const append = cpuPerSecond(SECONDS, (pass) => {
      stored[pass] = chunks[pass]!.map((c) => ({ ...c, bytes: packTeacherChunk(c.bytes, band) }));
    });
    // A verification opens ~8 s around its recording: distinct windows, none rebuilt before.
    const windows = stored.map((s) =>
      Array.from({ length: SECONDS / 8 }, (_, w) => s.slice(w * 8, w * 8 + 8)),
    );
    const open = (audio: boolean) => (pass: number) =>
      windows[pass]!.forEach((w) => openStoredTeacherChunks(w, { audio }));
    const rebuild = cpuPerSecond(SECONDS, open(true));
    const features = cpuPerSecond(SECONDS, open(false));
    const keptKb = stored[1]!.reduce((n, c) => n + c.bytes.length, 0) / SECONDS / 1000;
    console.log(
      `| ${name} | ${rate} | ${keptKb.toFixed(1)} (${((rate * 2) / 1000).toFixed(1)}) | ${append.toFixed(1)} | ${rebuild.toFixed(1)} | ${features.toFixed(2)} |`,
    );
  }
}
