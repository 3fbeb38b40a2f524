import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  /** The address from the start banner. */
  url: string;
  /** Everything printed so far (banner, logs). */
  output(): string;
  /** The exit code once the process ended, else null. */
  exitCode(): number | null;
  /** Stops the server (SIGTERM, then SIGKILL) and waits for it to end. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /**
   * A folder built by `scripts/build-server.mjs`: runs its compiled `main.js` with plain Node, as
   * `npm start` does. Without it the sources run through tsx, as in development.
   */
  compiledDir?: string;
  /** How long the banner may take (a fresh data folder runs migrations and the demo seed first). */
  startTimeoutMs?: number;
}

/**
 * Runs the real server as a child process with the given environment, and resolves with the
 * address its start banner prints. A test that needs the process itself (a crash kills it, not the
 * test runner) uses this instead of an in-process app.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const args = options.compiledDir
    ? ['--enable-source-maps', path.join(options.compiledDir, 'main.js')]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = await new Promise<string>((resolve, reject) => {
    const limit = options.startTimeoutMs ?? 60_000;
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${limit / 1000} s:\n${text}`)),
      limit,
    );
    const check = () => {
      const match = /Rollbook is running at (\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${child.exitCode} before it started:\n${text}`));
    });
  });

  return {
    url,
    output: () => text,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
}
