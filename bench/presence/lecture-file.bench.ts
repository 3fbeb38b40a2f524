// The original app's lecture-long tone file (presence-0029): what one download costs the server
// (CPU to write the pieces, CPU to gzip them) and the phone (bytes on the wire, bytes on disk), for
// the 75-minute file of an hour's lecture started on time. Short: run it a few times.
// Run: npx tsx bench/presence/lecture-file.bench.ts [--minutes 75] [--level 1]
import { gzipSync } from 'node:zlib';
import {
  createSessionKey,
  DEFAULT_SCHEDULE_CONFIG,
  lectureToneFileBytes,
  lectureToneFilePieces,
  ToneSchedule,
} from '../../packages/presence/src/index';

const arg = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const minutes = arg('minutes', 75);
const level = arg('level', 1);
const seconds = minutes * 60;

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const schedule = new ToneSchedule(createSessionKey(), DEFAULT_SCHEDULE_CONFIG);
let written = 0;
let gzipped = 0;
let writeCpu = 0;
let gzipCpu = 0;
// Gzipped a minute at a time, as the route's stream does in pieces (one deflate stream would do a
// little better across minutes; the difference is under a percent).
let pending: Uint8Array[] = [];
const flush = () => {
  const c0 = process.cpuUsage();
  gzipped += gzipSync(Buffer.concat(pending), { level }).length;
  gzipCpu += cpuMs(c0);
  pending = [];
};
let c0 = process.cpuUsage();
for (const piece of lectureToneFilePieces(schedule, seconds)) {
  written += piece.length;
  pending.push(piece);
  if (pending.length === 60) {
    writeCpu += cpuMs(c0);
    flush();
    c0 = process.cpuUsage();
  }
}
writeCpu += cpuMs(c0);
if (pending.length > 0) flush();
if (written !== lectureToneFileBytes(seconds)) throw new Error(`wrote ${written} bytes`);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(
  `${minutes} min file: ${mb(written)} MB on disk, ${mb(gzipped)} MB gzipped (level ${level}, ` +
    `${((100 * gzipped) / written).toFixed(1)} %); CPU: writing ${writeCpu.toFixed(0)} ms, gzip ${gzipCpu.toFixed(0)} ms`,
);
