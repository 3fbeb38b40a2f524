// Cheap calls during big uploads: while an admin uploads a big master timetable, a probe sends
// GET /api/check_server_avaibility every 10 ms (open loop: a stalled server is charged for every
// probe it holds up, not only the first) and records each probe's latency, from the moment it was
// due to its answer. Reports p50/p99/max of the probes during each upload, the upload's own answer
// and time, and the server's peak resident memory during the upload (worker threads included).
//
// Files: a 15 MB CSV of 300,000 short rows (the issue's case); a 15 MB CSV within the row and cell
// limits (10,000 rows of about 1,500 characters, read in full and checked); a 0.3 MB .xlsx zip bomb that unpacks
// to 300 MB; and an idle window with no upload for reference.
//
// The server is a real `apps/server/src/main.ts` process on PostgreSQL (no Redis), on loopback.
// The bench owns the database it is given: it empties it first. `--server-dir` runs another copy of
// the server's sources (e.g. a previous commit exported with `git archive`), to compare versions.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> \
//      npx tsx bench/uploads/cheap-call-during-upload.bench.ts [--runs 3] [--port 3311] [--server-dir <dir>]
//      [--profile <dir>]   (writes the server's CPU profiles there, main thread and workers)
//      [--only <text>]     (only the files whose name contains the text)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import { createTokenSigner } from '../../apps/server/src/modules/auth/tokens';
import { buildTimetableWorld } from '../../apps/server/src/modules/timetable/testing/timetable-fixture';
import { accessTokenFor } from '../../apps/server/src/testing/tokens';
import { xlsxBomb } from '../../apps/server/src/lib/spreadsheet-worker/testing/xlsx-bomb';
// The typed `app.deps` that testing/tokens refers to.
import type {} from '../../apps/server/src/plugins/app/deps';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const RUNS = Number(option('runs', '3'));
const PORT = Number(option('port', '3311'));
const SERVER_DIR = path.resolve(option('server-dir', '.'));
const PROFILE_DIR = option('profile', '');
const ONLY = option('only', '');
const PROBE_EVERY_MS = 10;
const IDLE_WINDOW_MS = 3000;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (!DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL (a PostgreSQL database the bench may empty).');
  process.exit(2);
}
const BASE = `http://127.0.0.1:${PORT}`;
const JWT_SECRET = 'bench-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const tokens = createTokenSigner(JWT_SECRET, { accessSeconds: 3600, refreshSeconds: 3600 });

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

async function startServer(dataDir: string): Promise<ChildProcess> {
  const profile = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL,
      JWT_SECRET,
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/check_server_avaibility`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 60 s');
}

/** Resident memory of the server process, worker threads included (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Window {
  latencies: number[];
  peakRssMb: number;
  upload?: { status: number; ms: number; message: string };
}

/** Probes every 10 ms and samples memory until `work` settles; waits for the last probes too. */
async function probeDuring(pid: number, work: () => Promise<Window['upload']>): Promise<Window> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let peakRssMb = await rssMb(pid);
  let done = false;
  const started = performance.now();
  let due = started;
  const probe = async (dueAt: number) => {
    const res = await fetch(`${BASE}/api/check_server_avaibility`);
    await res.arrayBuffer();
    latencies.push(performance.now() - dueAt);
  };
  const timer = setInterval(() => {
    // Every probe that fell due since the last tick is sent now and charged from when it was due.
    const now = performance.now();
    while (due <= now && !done) {
      pending.push(probe(due));
      due += PROBE_EVERY_MS;
    }
    void rssMb(pid).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)));
  }, PROBE_EVERY_MS);
  const upload = await work();
  done = true;
  clearInterval(timer);
  await Promise.all(pending);
  return { latencies, peakRssMb, ...(upload ? { upload } : {}) };
}

async function upload(token: string, filename: string, data: Buffer): Promise<Window['upload']> {
  const form = new FormData();
  form.set('master_tt.csv', new Blob([data]), filename);
  const started = performance.now();
  const res = await fetch(`${BASE}/api/manage/upload_master_timetable/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, ms: performance.now() - started, message: String(body.message ?? '') };
}

function summary(name: string, windows: Window[]): string {
  const all = windows.flatMap((w) => w.latencies).sort((a, b) => a - b);
  const uploads = windows.flatMap((w) => (w.upload ? [w.upload] : []));
  const fmt = (ms: number) => `${Math.round(ms)} ms`;
  return [
    `${name}:`,
    `  probes ${all.length}, p50 ${fmt(percentile(all, 0.5))}, p99 ${fmt(percentile(all, 0.99))}, max ${fmt(all[all.length - 1]!)}`,
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollbook-upload-bench-'));
  const server = await startServer(dataDir);
  const handle = await openDatabase({ url: DATABASE_URL, dataDir: null });
  try {
    await truncateAll(handle.db);
    const world = await buildTimetableWorld(handle.db);
    const token = await accessTokenFor(tokens, world.admin.profile, Date.now());
    const files = {
      'CSV 15 MB, 300,000 short rows': { name: 'master.csv', data: timetableCsv(300_000, 50) },
      'CSV 15 MB within the limits, 9,999 rows of 1,500 characters': {
        name: 'master.csv',
        data: timetableCsv(9_999, 1500),
      },
      '.xlsx zip bomb, 0.3 MB unpacking to 300 MB': {
        name: 'master.xlsx',
        data: await xlsxBomb(300 * 1024 * 1024),
      },
    };
    for (const [name, file] of Object.entries(files)) {
      console.log(`${name}: ${(file.data.length / 1e6).toFixed(2)} MB`);
    }
    const pid = server.pid!;
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
        windows.push(await probeDuring(pid, () => upload(token, file.name, file.data)));
      }
      console.log(summary(name, windows));
    }
  } finally {
    await handle.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
