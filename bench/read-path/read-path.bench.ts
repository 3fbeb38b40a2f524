// The read path (issue 19, item 5): throughput of the student timetable, the teacher timetable and
// the bell's alerts against a bare Fastify hello-world on the same Node, alternated call by call in
// one run so a busy machine's load falls on both alike; then the student timetable at a fixed rate
// (open loop: each request's latency counts from when it was due, so a stall is not hidden).
//
// The compiled server (`npm start`'s bundle) on a fresh data folder with the demo seed; embedded
// PGlite by default, PostgreSQL with BENCH_DATABASE_URL (that database's tables are dropped first),
// with Redis as a scaled-out instance has it with BENCH_REDIS_URL (the read caches' data version is
// then fetched from Redis: one round trip per request).
//
// With BENCH_BASELINE_DIST (another build's apps/server/dist, e.g. the commit before a change), that
// build runs beside it on the same database and is measured in the same alternation, so old and
// new are compared under the same load.
//
// Run: node scripts/build-server.mjs && \
//   [BENCH_DATABASE_URL=postgres://…] [BENCH_REDIS_URL=redis://…] npx tsx bench/read-path/read-path.bench.ts \
//   [--rounds 3] [--seconds 5] [--connections 8] [--rate 300] [--rate-seconds 10]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Pool as HttpPool } from 'undici';
import { startDemoServer } from '../lib/demo-server';
import { numberOption } from '../lib/options';

const root = path.resolve(import.meta.dirname, '../..');
const rounds = numberOption('rounds', 3);
const seconds = numberOption('seconds', 5);
const connections = numberOption('connections', 8);
const rate = numberOption('rate', 300);
const rateSeconds = numberOption('rate-seconds', 10);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL;
const baselineDist = process.env.BENCH_BASELINE_DIST;

/** A bare Fastify answering `{"hello":"world"}` on a free port, in its own Node process. */
async function startHelloWorld(): Promise<{ url: string; stop: () => void }> {
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log('listening ' + address);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const url = await new Promise<string>((resolve) => {
    let text = '';
    child.stdout.on('data', (d: Buffer) => {
      text += d.toString();
      const match = /listening (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Empties the bench database so the server migrates and seeds it afresh. */
async function resetDatabase(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade');
  await client.query('create schema public');
  await client.end();
}

interface Target {
  name: string;
  origin: string;
  path: string;
  headers: Record<string, string>;
}

/** Requests per second answered 200 by `connections` closed loops over `seconds`. */
async function throughput(target: Target): Promise<number> {
  const pool = new HttpPool(target.origin, { connections });
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const res = await pool.request({ method: 'GET', path: target.path, headers: target.headers });
        await res.body.arrayBuffer();
        if (res.statusCode === 200) ok++;
        else failed++;
      }
    }),
  );
  await pool.close();
  if (failed > 0) throw new Error(`${target.name}: ${failed} answers were not 200`);
  return ok / seconds;
}

/** Latency percentiles at a fixed arrival rate, measured from each request's due time. */
async function atRate(target: Target, perSecond: number, forSeconds: number) {
  const pool = new HttpPool(target.origin, { connections: 64 });
  const total = perSecond * forSeconds;
  const gapMs = 1000 / perSecond;
  const start = performance.now();
  const latencies: number[] = [];
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * gapMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const res = await pool.request({ method: 'GET', path: target.path, headers: target.headers });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) failed++;
        latencies.push(performance.now() - due);
      })(),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { achieved: total / elapsed, p50: pct(50), p95: pct(95), p99: pct(99), max: pct(100), failed };
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Rollbook@2026' }),
  });
  const body = (await res.json()) as { access?: string };
  if (!body.access) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.access;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
console.log(
  `${new Date().toISOString()}  ${cpus().length} × ${cpus()[0]?.model}  Node ${process.version}  ` +
    `database ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}${redisUrl ? ' + Redis' : ''}  load ${loadavg()
      .map((l) => fmt(l))
      .join(' ')}`,
);
if (databaseUrl) await resetDatabase(databaseUrl);
const dataDir = await mkdtemp(path.join(tmpdir(), 'rollbook-read-path-'));
const server = await startDemoServer({ dataDir, mode: 'compiled', databaseUrl, redisUrl });
// The baseline shares the database (already migrated and seeded) but not the data folder (PGlite
// allows one process per folder, so a baseline needs BENCH_DATABASE_URL).
const baselineDir = baselineDist ? await mkdtemp(path.join(tmpdir(), 'rollbook-read-path-base-')) : null;
const baseline =
  baselineDist && baselineDir
    ? await startDemoServer({
        dataDir: baselineDir,
        mode: 'compiled',
        databaseUrl,
        redisUrl,
        compiledDir: baselineDist,
      })
    : null;
const hello = await startHelloWorld();

/** The three calls on one server, as the demo student and teacher. */
async function callsOf(url: string, label: string): Promise<Target[]> {
  const student = await signIn(url, 'student@rollbook.test');
  const teacher = await signIn(url, 'teacher@rollbook.test');
  const origin = new URL(url).origin;
  const calls: Array<[string, string, string]> = [
    ['student timetable', '/api/manage/get_timetable_for_student', student],
    ['teacher timetable', '/api/manage/get_timetable_for_teacher/current', teacher],
    ['alerts', '/api/manage/alerts/get_alerts', student],
  ];
  return calls.map(([name, callPath, token]) => ({
    name: `${name}${label}`,
    origin,
    path: callPath,
    headers: { authorization: `Bearer ${token}` },
  }));
}

try {
  const bare: Target = { name: 'hello-world', origin: new URL(hello.url).origin, path: '/', headers: {} };
  const current = await callsOf(server.url, '');
  const old = baseline ? await callsOf(baseline.url, ' (baseline)') : [];
  // Each baseline call right after the same call of this build.
  const targets = current.flatMap((t, i) => (old[i] ? [t, old[i]] : [t]));
  // Warm up: JIT, connection pools, prepared statements.
  for (const t of [bare, ...targets]) await throughput(t);
  const ratios = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  console.log('\nround  call                            req/s   hello-world req/s   ratio');
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      // Alternate: hello-world right before each call, so both see the same machine.
      const bareRate = await throughput(bare);
      const rateOf = await throughput(target);
      ratios.get(target.name)!.push(rateOf / bareRate);
      console.log(
        `${String(round).padEnd(6)} ${target.name.padEnd(30)} ${fmt(rateOf).padStart(7)} ${fmt(
          bareRate,
        ).padStart(19)} ${fmt(rateOf / bareRate, 3).padStart(7)}`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log('\nmedian ratio to hello-world:');
  for (const [name, xs] of ratios) console.log(`  ${name.padEnd(30)} ${fmt(median(xs), 3)}`);

  for (const target of [current[0]!, ...old.slice(0, 1)]) {
    const open = await atRate(target, rate, rateSeconds);
    console.log(
      `\n${target.name} at ${rate} req/s for ${rateSeconds} s (achieved ${fmt(open.achieved)}): ` +
        `p50 ${fmt(open.p50)} ms  p95 ${fmt(open.p95)} ms  p99 ${fmt(open.p99)} ms  max ${fmt(open.max)} ms` +
        (open.failed > 0 ? `  (${open.failed} not 200)` : ''),
    );
  }
} finally {
  hello.stop();
  await server.stop();
  await baseline?.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (baselineDir) await rm(baselineDir, { recursive: true, force: true });
  console.log(
    `load at end ${loadavg()
      .map((l) => fmt(l))
      .join(' ')}`,
  );
}
