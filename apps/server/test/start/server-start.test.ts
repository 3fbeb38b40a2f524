import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process';
import { waitUntil } from '../../src/testing/wait';

/**
 * Issue 12: `npm start`'s server (main.ts, embedded PGlite) on PORT=0 prints the address it
 * actually bound, and logs API requests at info but not the web app's static files.
 */
describe('the server process at start', () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-start-'));
    const web = path.join(dir, 'web');
    await mkdir(path.join(web, 'assets'), { recursive: true });
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Rollbook</title>');
    await writeFile(path.join(web, 'assets', 'app-1234.js'), 'console.log("rollbook")');
    server = await startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: web,
      SEED_DEMO: 'never',
      LOG_LEVEL: 'info',
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints the address it actually listens on (PORT=0: the port the system chose)', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  });

  it('logs API requests at info, but not requests for the built app’s files', async () => {
    expect((await fetch(`${server.url}/assets/app-1234.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/some/page`)).status).toBe(200);
    // The API request goes last: once its line is out, the asset lines would be out too.
    expect((await fetch(`${server.url}/api/check_server_avaibility?probe=1`)).status).toBe(200);
    const lines = () => server.output().split('\n');
    await waitUntil(() => lines().some((l) => l.includes('probe=1')), 'the API request was never logged');
    expect(lines().filter((l) => l.includes('app-1234.js') || l.includes('/some/page'))).toEqual([]);
  });

  it('refuses a second process on the same embedded database, and the first keeps serving', async () => {
    const second = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        SEED_DEMO: 'never',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    second.stdout.on('data', (d: Buffer) => (text += d.toString()));
    second.stderr.on('data', (d: Buffer) => (text += d.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(text).toMatch(
      /Another Rollbook process \(process \d+, the server or a command-line tool\) is using the embedded database/,
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
