import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { WAIT_MS } from './wait';

const run = promisify(execFile);

/**
 * A PostgreSQL and a Redis server of a test's own, on free loopback ports in a temporary folder,
 * so the test may stop, kill and restart them (the machine's shared servers are never touched).
 * Needs PostgreSQL's server binaries (initdb, pg_ctl) and redis-server, as CI and the developers'
 * machines have them; as root, PostgreSQL runs as the `postgres` user (initdb refuses root).
 */

function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function onPath(binary: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const isRoot = process.getuid?.() === 0;

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why private servers cannot be started here, or null when they can. */
export function privateServicesMissing(): string | null {
  if (!postgresBinDir())
    return 'PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin/initdb) not found';
  if (!onPath('redis-server')) return 'redis-server not found on PATH';
  if (isRoot && (!postgresUser() || !onPath('runuser')))
    return 'running as root needs the postgres user and runuser to start PostgreSQL';
  return null;
}

/**
 * For `describe.skipIf`: the fault tests run wherever the binaries exist; on a machine without
 * them they are skipped with the reason printed, except in CI, where a missing binary is a failure.
 */
export function faultTestsSkipped(): boolean {
  const missing = privateServicesMissing();
  if (!missing) return false;
  if (process.env.CI) throw new Error(`fault tests cannot run in CI: ${missing}`);
  console.warn(`SKIPPED fault tests against private PostgreSQL/Redis: ${missing}`);
  return true;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (or rejects after `ms`). */
async function waitForPort(port: number, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is terminated ("administrator command"). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`, as an operator's restart does. */
  restart(): Promise<void>;
  destroy(): Promise<void>;
}

const running = new Set<() => void>();
process.once('exit', () => {
  // pg_ctl starts a detached server: never leave one behind when the test process ends early.
  for (const stop of running) stop();
});

// initdb takes seconds; a cluster made once per machine and copied for each test is much faster.
async function templateCluster(bin: string, user: { uid: number; gid: number } | null): Promise<string> {
  const template = path.join(os.tmpdir(), `rollbook-pg-template-${path.basename(path.dirname(bin))}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = await mkdtemp(path.join(os.tmpdir(), 'rollbook-pg-build-'));
  if (user) await chown(building, user.uid, user.gid);
  const data = path.join(building, 'data');
  await asPostgres(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  try {
    await rename(data, template); // atomic: a concurrent builder's copy simply loses
  } catch {
    /* another process made it first */
  }
  await rm(building, { recursive: true, force: true });
  return template;
}

async function asPostgres(command: string, args: string[]) {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  await run(file, argv, { timeout: 60_000 });
}

/** A fresh PostgreSQL cluster of the test's own, started, on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const user = isRoot ? postgresUser() : null;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-pg-'));
  const data = path.join(dir, 'data');
  await cp(await templateCluster(bin, user), data, { recursive: true });
  if (user) {
    await chown(dir, user.uid, user.gid);
    await run('chown', ['-R', `${user.uid}:${user.gid}`, data]);
  }
  await run('chmod', ['700', data]);
  const port = await freePort();
  const pgCtl = path.join(bin, 'pg_ctl');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const log = path.join(dir, 'postgres.log');
  const ctl = (...args: string[]) => asPostgres(pgCtl, ['-D', data, '-l', log, '-w', '-t', '30', ...args]);
  const stopNow = () => {
    try {
      execFileSync(isRoot ? 'runuser' : pgCtl, [
        ...(isRoot ? ['-u', 'postgres', '--', pgCtl] : []),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
    } catch {
      /* not running */
    }
  };
  await ctl('-o', options, 'start');
  running.add(stopNow);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('-o', options, 'start'),
    restart: () => ctl('-m', 'fast', '-o', options, 'restart'),
    async destroy() {
      stopNow();
      running.delete(stopNow);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Ends the server at once (SIGKILL), as a crash does; `start()` brings it back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** A redis-server of the test's own on a free port, without persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-redis-'));
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | null = null;
  const stopNow = () => child?.kill('SIGKILL');

  async function start() {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ];
    child = spawn('redis-server', args, { stdio: 'ignore' });
    running.add(stopNow);
    await waitForPort(port);
  }

  async function kill() {
    const current = child;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
    child = null;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async destroy() {
      await kill();
      running.delete(stopNow);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
