import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { siblingDatabaseUrl } from '../../apps/server/src/testing/sibling-database';
import { timeOfDay } from './api-log';
import { E2E_DATA_DIR, E2E_JWT_SECRET, E2E_PORT } from './env';

/**
 * One Rollbook server per Playwright worker. Every test resets the database to the demo institution,
 * so two workers sharing one server would wipe each other's data mid-test; with a server (port, data
 * folder, database) each, independent tests run side by side.
 */
export interface WorkerServer {
  baseURL: string;
  /** The server's DATA_DIR: its outbox holds the mail it "sent". */
  dataDir: string;
  stop(): Promise<void>;
}

/** Worker `index`'s data folder (the outbox reader needs it too). */
export const workerDataDir = (index: number) => path.join(E2E_DATA_DIR, `worker-${index}`);

/** How long a server may take to migrate, seed and listen on a loaded machine: an upper bound only. */
const START_LIMIT_MS = 180_000;

/** Answers a port nobody listens on (the kernel picks it), or checks that `port` is free. */
function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`port ${port} is already in use: set E2E_PORT to a free port`)
          : err,
      ),
    );
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : port));
    });
  });
}

/**
 * The database of worker `index` when the suite runs on PostgreSQL (E2E_DATABASE_URL): worker 0 uses
 * the URL as given, worker n its database name + `_w<n>`, created on first use.
 */
async function workerDatabaseUrl(index: number): Promise<string | undefined> {
  const given = process.env.E2E_DATABASE_URL;
  if (!given || index === 0) return given;
  return siblingDatabaseUrl(given, `_w${index}`);
}

/**
 * An empty database of its own for worker `index`'s new-institution test: a fresh PostgreSQL
 * database beside E2E_DATABASE_URL's, or none (the server then uses PGlite in its own data folder).
 */
export async function emptyDatabaseUrl(index: number): Promise<string | undefined> {
  const given = process.env.E2E_DATABASE_URL;
  return given ? siblingDatabaseUrl(given, `_empty_w${index}`, { fresh: true }) : undefined;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** The environment a test server runs with: its port, data folder and database, test hooks on. */
function serverEnv(port: number, dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: E2E_JWT_SECRET,
    E2E_TEST_HOOKS: 'true',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // No solver warm-up at boot (~1.4 s of CPU per server): it would compete with the first tests'
    // timing-sensitive work on the shared machine; the allocation tests work cold too.
    PLANNER_WARM_UP: 'false',
    // No scheduled jobs (weekly alerts, retention sweep): they tick at start-up and every five
    // minutes, and a run reading the week's attendance and writing alerts meanwhile raced the tests
    // and the resets under them (a deadlock; a notification id the reset's sequences gave out again).
    // Their own tests drive them by hand.
    SCHEDULED_JOBS_INTERVAL_SECONDS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Starts the server for worker `index` (E2E_PORT for the first, a free port for the others). */
export async function startWorkerServer(index: number): Promise<WorkerServer> {
  const port = await freePort(index === 0 ? E2E_PORT : 0);
  const dataDir = workerDataDir(index);
  await rm(dataDir, { recursive: true, force: true });
  return startServer(`${index}`, port, dataDir, await workerDatabaseUrl(index), {});
}

/**
 * Starts a server on an existing data folder and database that the demo is never seeded into
 * (`SEED_DEMO=never`), on a free port: a real institution's first start.
 */
export async function startUnseededServer(
  label: string,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<WorkerServer> {
  return startServer(label, await freePort(), dataDir, databaseUrl, { SEED_DEMO: 'never' });
}

/**
 * A server log line (pino's JSON) as one short line: the message and the error's last line, without
 * the query texts and stacks that would fill the run's output. Null for anything else.
 */
function logEntry(line: string): string | null {
  let entry: { time?: unknown; msg?: unknown; err?: { message?: unknown } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return null;
  }
  const error =
    typeof entry.err?.message === 'string' ? shortened(entry.err.message.split('\n').at(-1)!) : '';
  // The time of day (UTC), as the tests' own logs print theirs (support/api-log), to set beside them.
  const at = typeof entry.time === 'number' ? `${timeOfDay(entry.time)} ` : '';
  return at + [typeof entry.msg === 'string' ? entry.msg : '', error].filter(Boolean).join(': ');
}

/** The start and the end of a long text: a query error names its cause after the parameters. */
function shortened(text: string, keep = 200): string {
  return text.length <= 2 * keep ? text : `${text.slice(0, keep)} … ${text.slice(-keep)}`;
}

async function startServer(
  label: string,
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  extraEnv: NodeJS.ProcessEnv,
): Promise<WorkerServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '../apps/server/src/main.ts'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: { ...serverEnv(port, dataDir, databaseUrl), ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Warnings and errors stay visible, marked with the worker they came from: crashes on stderr, the
  // log's lines (LOG_LEVEL warn) on stdout, shortened; the start banner is left out.
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server ${label}] ${chunk.toString()}`));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const entry = logEntry(line);
    if (entry) process.stderr.write(`[server ${label}] ${entry}\n`);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  // A worker that dies without tearing down must not leave its server holding the port.
  process.once('exit', () => child.kill('SIGKILL'));

  const deadline = performance.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ${label} exited (${child.exitCode})`);
    try {
      const res = await fetch(`${baseURL}/api/check_server_avaibility`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`the server ${label} did not answer within ${START_LIMIT_MS} ms`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, dataDir, stop };
}

/**
 * Runs an operator command (`npm run rollbook -- …`) on a data folder and database, as an operator
 * would from the repository root; answers its exit code and output.
 */
export function runOperatorCommand(
  args: string[],
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '../apps/server/src/cli/rollbook.ts', ...args],
      {
        cwd: path.join(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
