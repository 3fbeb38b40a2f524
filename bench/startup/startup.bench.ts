// Start-up and throughput of the server run from its sources through tsx (`npm run start:dev`)
// against the compiled bundle (`npm start`: apps/server/dist/main.js), alternated round by round
// so a busy machine's load falls on both alike.
//
// Per round and mode: (1) a fresh data folder (embedded PGlite: migrations + demo seed) from the
// process start to the start banner; (2) the same folder again (existing database) to the banner;
// (3) throughput of the liveness call and of the demo student's timetable, 8 connections for 5 s
// each, on that running server.
//
// Run: node scripts/build-server.mjs && npx tsx bench/startup/startup.bench.ts [--rounds 3] [--seconds 5]
//      [--compiled-only]
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerProcess } from '../../apps/server/src/testing/server-process';
import { startDemoServer } from '../lib/demo-server';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

type Mode = 'tsx' | 'compiled';

async function start(mode: Mode, dataDir: string): Promise<{ server: ServerProcess; ms: number }> {
  const started = performance.now();
  const server = await startDemoServer({ dataDir, mode });
  return { server, ms: performance.now() - started };
}

/** Requests per second answered 200 by `connections` loops over `seconds`. */
async function throughput(url: string, headers: Record<string, string>, seconds: number, connections = 8) {
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status === 200) ok++;
        else failed++;
      }
    }),
  );
  return { perSecond: ok / seconds, failed };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@rollbook.test', password: 'Rollbook@2026' }),
  });
  return ((await res.json()) as { access: string }).access;
}

const rounds = option('rounds', 3);
const seconds = option('seconds', 5);
console.log(
  `${new Date().toISOString()}  ${cpus().length} × ${cpus()[0]?.model}  Node ${process.version}  load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('round mode      fresh-start  existing-start  health req/s  student-timetable req/s');
const results: Record<Mode, { fresh: number[]; existing: number[]; health: number[]; timetable: number[] }> =
  {
    tsx: { fresh: [], existing: [], health: [], timetable: [] },
    compiled: { fresh: [], existing: [], health: [], timetable: [] },
  };
for (let round = 1; round <= rounds; round++) {
  const alternated: Mode[] = round % 2 === 1 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
  // `--compiled-only`: the production start alone (the start-up targets), without the tsx comparison.
  const order = process.argv.includes('--compiled-only')
    ? alternated.filter((m) => m === 'compiled')
    : alternated;
  for (const mode of order) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rollbook-startup-'));
    try {
      const fresh = await start(mode, dataDir);
      await fresh.server.stop();
      const existing = await start(mode, dataDir);
      const url = existing.server.url;
      const token = await signIn(url);
      const health = await throughput(`${url}/api/health`, {}, seconds);
      const timetable = await throughput(
        `${url}/api/manage/get_timetable_for_student`,
        { authorization: `Bearer ${token}` },
        seconds,
      );
      await existing.server.stop();
      const r = results[mode];
      r.fresh.push(fresh.ms);
      r.existing.push(existing.ms);
      r.health.push(health.perSecond);
      r.timetable.push(timetable.perSecond);
      console.log(
        `${String(round).padEnd(5)} ${mode.padEnd(9)} ${(fresh.ms / 1000).toFixed(2).padStart(9)} s ${(
          existing.ms / 1000
        )
          .toFixed(2)
          .padStart(
            12,
          )} s ${health.perSecond.toFixed(0).padStart(12)} ${timetable.perSecond.toFixed(1).padStart(14)}${
          health.failed + timetable.failed > 0 ? `  (${health.failed + timetable.failed} not 200)` : ''
        }`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('\nmedians (compiled / tsx):');
for (const key of ['fresh', 'existing', 'health', 'timetable'] as const) {
  const c = median(results.compiled[key]);
  if (results.tsx[key].length === 0) {
    console.log(`  ${key.padEnd(10)} compiled ${c.toFixed(key === 'fresh' || key === 'existing' ? 0 : 1)}`);
    continue;
  }
  const t = median(results.tsx[key]);
  console.log(
    `  ${key.padEnd(10)} compiled ${c.toFixed(key === 'fresh' || key === 'existing' ? 0 : 1)}  tsx ${t.toFixed(key === 'fresh' || key === 'existing' ? 0 : 1)}  ratio ${(c / t).toFixed(2)}`,
  );
}
console.log(
  `load at end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
