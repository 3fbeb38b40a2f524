// Cheap calls during big uploads: while an admin uploads a big master timetable, a probe sends
// GET /api/check_server_avaibility every 10 ms (open loop: a stalled server is charged for every
// probe it holds up, not only the first) and records each probe's latency, from the moment it was
// due to its answer. Reports p50/p99/max of the probes during each upload, the upload's own answer
// and time, and the server's peak resident memory during the upload (worker threads included).
//
// Files: a 15 MB CSV of 300,000 short rows (the issue's case); the largest CSV the server reads in
// full, 5 MB within the row and cell limits (10,000 rows of about 500 characters, read and checked); a 0.3 MB .xlsx zip bomb that unpacks
// to 300 MB; and an idle window with no upload for reference. A one-row upload first starts the
// server's reading worker (reported on its own line).
//
// The server is a real `apps/server/src/main.ts` process on PostgreSQL (no Redis), on loopback.
// The bench owns the database it is given: it empties it first. `--server-dir` runs another copy of
// the server's sources (e.g. a previous commit exported with `git archive`), to compare versions.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> \
//      npx tsx bench/uploads/cheap-call-during-upload.bench.ts [--runs 3] [--port 3311] [--server-dir <dir>]
//      [--profile <dir>]   (writes the server's CPU profiles there, main thread and workers)
//      [--only <text>]     (only the files whose name contains the text)
import { spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import { buildTimetableWorld } from '../../apps/server/src/testing/timetable-fixture';
import { accessTokenFor } from '../../apps/server/src/testing/tokens';
import { xlsxBomb } from '../../apps/server/src/lib/spreadsheet-worker/testing/xlsx-bomb';
import { benchTokens as tokens, startBenchServer } from '../lib/bench-server';
import { numberOption, requiredEnv, textOption } from '../lib/options';
// The typed `app.deps` that testing/tokens refers to.
import type {} from '../../apps/server/src/plugins/app/deps';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const RUNS = numberOption('runs', 3);
const PORT = numberOption('port', 3311);
const SERVER_DIR = path.resolve(textOption('server-dir', '.'));
const PROFILE_DIR = textOption('profile', '');
const ONLY = textOption('only', '');
const PROBE_EVERY_MS = 10;
const IDLE_WINDOW_MS = 3000;
const DATABASE_URL = requiredEnv('BENCH_DATABASE_URL', 'a PostgreSQL database the bench may empty');
const BASE = `http://127.0.0.1:${PORT}`;

const HEADER = 'day,start,end,subject,teacher,division,batches,classroom,type,notes';

/** `rows` lectures by teachers who do not exist (so nothing is ever saved), each row padded to `rowBytes`. */
function timetableCsv(rows: number, rowBytes: number): Buffer {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const line = `monday,09:00,10:00,IS,T${i},BE-7-A,,LH101,theory,`;
    lines.push(line + 'x'.repeat(Math.max(0, rowBytes - line.length - 1)));
  }
  return Buffer.from(lines.join('\n'));
}

/** Resident memory of the server process, worker threads included (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Probe connections: kept alive and unbounded, without fetch's 10-s connect timeout. */
const probeAgent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** One cheap call; resolves with its status (0 when the connection failed). */
function cheapCall(): Promise<number> {
  return new Promise((resolve) => {
    const req = get(`${BASE}/api/check_server_avaibility`, { agent: probeAgent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

interface Window {
  latencies: number[];
  failures: number;
  peakRssMb: number;
  upload?: { status: number; ms: number; message: string };
}

/** Probes every 10 ms and samples memory until `work` settles; waits for the last probes too. */
async function probeDuring(pid: number, work: () => Promise<Window['upload']>): Promise<Window> {
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  let peakRssMb = await rssMb(pid);
  let done = false;
  const started = performance.now();
  let due = started;
  const probe = async (dueAt: number) => {
    const status = await cheapCall();
    latencies.push(performance.now() - dueAt);
    if (status !== 200) failures += 1;
  };
  const timer = setInterval(() => {
    // Every probe that fell due since the last tick is sent now and charged from when it was due.
    const now = performance.now();
    while (due <= now && !done) {
      pending.push(probe(due));
      due += PROBE_EVERY_MS;
    }
    void rssMb(pid).then(
      (mb) => (peakRssMb = Math.max(peakRssMb, mb)),
      () => undefined,
    );
  }, PROBE_EVERY_MS);
  const upload = await work();
  done = true;
  clearInterval(timer);
  await Promise.all(pending);
  return { latencies, failures, peakRssMb, ...(upload ? { upload } : {}) };
}

/**
 * One upload by curl, in its own process: sending 15 MB from this process would delay its own
 * probe timers and charge the server for the client's work.
 */
async function upload(token: string, filename: string, file: string): Promise<Window['upload']> {
  const started = performance.now();
  const curl = spawn(
    'curl',
    [
      '--silent',
      '--show-error',
      '--header',
      `authorization: Bearer ${token}`,
      '--form',
      `master_tt.csv=@${file};filename=${filename}`,
      '--write-out',
      '\n%{http_code}',
      `${BASE}/api/manage/upload_master_timetable/`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  curl.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise((resolve) => curl.once('close', resolve));
  const ms = performance.now() - started;
  const [body = '', status = '0'] = [
    out.slice(0, out.lastIndexOf('\n')),
    out.slice(out.lastIndexOf('\n') + 1),
  ];
  const message = (JSON.parse(body || '{}') as { message?: string }).message ?? '';
  return { status: Number(status), ms, message };
}

function summary(name: string, windows: Window[]): string {
  const all = windows.flatMap((w) => w.latencies).sort((a, b) => a - b);
  const uploads = windows.flatMap((w) => (w.upload ? [w.upload] : []));
  const fmt = (ms: number) => `${Math.round(ms)} ms`;
  return [
    `${name}:`,
    `  probes ${all.length} (${windows.reduce((n, w) => n + w.failures, 0)} failed), p50 ${fmt(percentile(all, 0.5))}, p99 ${fmt(percentile(all, 0.99))}, max ${fmt(all[all.length - 1]!)}`,
    `  p99 per run ${windows
      .map((w) =>
        fmt(
          percentile(
            [...w.latencies].sort((a, b) => a - b),
            0.99,
          ),
        ),
      )
      .join(', ')}`,
    `  peak server RSS ${windows.map((w) => `${Math.round(w.peakRssMb)} MB`).join(', ')}`,
    ...(uploads.length > 0
      ? [
          `  upload answers ${uploads.map((u) => `${u.status} in ${fmt(u.ms)}`).join(', ')}`,
          `  message: ${uploads[0]!.message.slice(0, 140)}`,
        ]
      : []),
  ].join('\n');
}

async function main() {
  console.log(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, server sources ${SERVER_DIR}`,
  );
  const server = await startBenchServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    logLevel: 'warn',
    cwd: SERVER_DIR,
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] : [],
  });
  const { dataDir } = server;
  const handle = await openDatabase({ url: DATABASE_URL, dataDir: null });
  try {
    await truncateAll(handle.db);
    const world = await buildTimetableWorld(handle.db);
    const token = await accessTokenFor(tokens, world.admin.profile, Date.now());
    const files = {
      'CSV 15 MB, 300,000 short rows': { name: 'master.csv', data: timetableCsv(300_000, 50) },
      'CSV 5 MB within the limits, 9,999 rows of 500 characters': {
        name: 'master.csv',
        data: timetableCsv(9_999, 500),
      },
      '.xlsx zip bomb, 0.3 MB unpacking to 300 MB': {
        name: 'master.xlsx',
        data: await xlsxBomb(300 * 1024 * 1024),
      },
    };
    const paths = new Map<string, string>();
    for (const [name, file] of Object.entries(files)) {
      console.log(`${name}: ${(file.data.length / 1e6).toFixed(2)} MB`);
      const filePath = path.join(dataDir, `upload-${paths.size}`);
      await writeFile(filePath, file.data);
      paths.set(name, filePath);
    }
    const pid = server.process.pid!;
    // The first upload starts the server's reading worker (loading its modules): measured on its
    // own, so the windows below compare a server that has served an upload before.
    const firstPath = path.join(dataDir, 'first.csv');
    await writeFile(firstPath, `${HEADER}\nmonday,09:00,10:00,IS,T0,BE-7-A,,LH101,theory,`);
    console.log(
      summary('first upload (a one-row file)', [
        await probeDuring(pid, () => upload(token, 'first.csv', firstPath)),
      ]),
    );
    const idle: Window[] = [];
    for (let run = 0; run < RUNS; run++) {
      idle.push(
        await probeDuring(pid, () => new Promise((r) => setTimeout(() => r(undefined), IDLE_WINDOW_MS))),
      );
    }
    console.log(summary(`idle (${IDLE_WINDOW_MS / 1000} s windows, no upload)`, idle));
    for (const [name, file] of Object.entries(files)) {
      if (!name.includes(ONLY)) continue;
      const windows: Window[] = [];
      for (let run = 0; run < RUNS; run++) {
        windows.push(await probeDuring(pid, () => upload(token, file.name, paths.get(name)!)));
      }
      console.log(summary(name, windows));
    }
  } finally {
    await handle.close();
    probeAgent.destroy();
    await server.stop();
  }
}

await main();
