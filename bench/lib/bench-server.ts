// The real server for the benches that measure it over HTTP: `apps/server/src/main.ts` in its own
// process, on loopback, with a fresh data directory, the bench's database and a secret the bench
// shares so it can sign the tokens its callers send.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTokenSigner } from '../../apps/server/src/lib/tokens';

const JWT_SECRET = 'bench-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** Signs tokens the bench server accepts. */
export const benchTokens = createTokenSigner(JWT_SECRET, { accessSeconds: 3600, refreshSeconds: 3600 });

export interface BenchServerOptions {
  port: number;
  databaseUrl: string;
  /** Redis for the scaled-out mode; without it the server keeps its limits and live state in memory. */
  redisUrl?: string | undefined;
  logLevel: 'fatal' | 'warn';
  /** The checkout whose server runs (another worktree's, to compare); the current folder by default. */
  cwd?: string;
  /** Extra Node flags, e.g. a CPU profile. */
  nodeArgs?: readonly string[];
}

export interface BenchServer {
  process: ChildProcess;
  /** The server's DATA_DIR, removed by `stop`; the bench may keep its own files there. */
  dataDir: string;
  /** Ends the server, waits for it to exit, and removes its data directory. */
  stop(): Promise<void>;
}

// A shared machine at load 30 has taken over a minute to start a server (tsx compiling on the fly).
const START_LIMIT_S = 180;

/** Starts the server and resolves once it answers its availability check (at most START_LIMIT_S). */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rollbook-bench-'));
  const server = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: options.cwd,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl,
        ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        JWT_SECRET,
        SEED_DEMO: 'never',
        LOG_LEVEL: options.logLevel,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Never leave the server behind, whatever ends the bench.
  process.once('exit', () => server.kill('SIGKILL'));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${options.port}/api/check_server_avaibility`;
  for (let i = 0; i < START_LIMIT_S * 10; i++) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(url)).ok) return { process: server, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the server did not start within ${START_LIMIT_S} s`);
}
