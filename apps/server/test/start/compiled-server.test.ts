import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/** The answer body of an envelope call. */
async function data<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { data: T };
  return body.data;
}

/**
 * Issue 19: the server compiled by scripts/build-server.mjs runs with plain Node on a fresh data
 * folder (migrations and the demo seed from the bundle), answers, and its worker threads start from
 * the compiled entries beside main.js (a workbook check is read in read-workbook.worker.js).
 */
describe('the compiled server', () => {
  let dir: string;
  let dist: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-compiled-'));
    // Inside the checkout, like apps/server/dist: the bundles import node_modules by bare name.
    dist = await mkdtemp(path.join(repoRoot, 'apps/server/.dist-test-'));
    await run(process.execPath, ['scripts/build-server.mjs', '--outdir', dist], { cwd: repoRoot });
    server = await startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST: path.join(dir, 'no-web'),
        LOG_LEVEL: 'warn',
      },
      { compiledDir: dist, startTimeoutMs: 180_000 },
    );
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('is plain JavaScript: a bundle and its source map for main and every worker entry', async () => {
    const files = (await readdir(dist)).sort();
    for (const name of [
      'main',
      'verify-worker',
      'planner-worker',
      'spreadsheet-worker',
      'read-workbook.worker',
    ]) {
      expect(files).toContain(`${name}.js`);
      expect(files).toContain(`${name}.js.map`);
    }
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
  });

  it('answers the health call with the release version', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('checks an institution workbook in its compiled worker thread', async () => {
    const login = await fetch(`${server.url}/api/auth/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'registrar@rollbook.test', password: 'Rollbook@2026' }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const auth = { authorization: `Bearer ${access}` };

    const template = await data<{ file_content: string; file_name: string }>(
      await fetch(`${server.url}/api/institution/workbook/template`, { headers: auth }),
    );
    const form = new FormData();
    form.append('dry_run', 'true');
    form.append('workbook', new Blob([Buffer.from(template.file_content, 'base64')]), template.file_name);
    const started = await fetch(`${server.url}/api/institution/workbook/imports`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(started.status).toBeLessThan(300);
    const { slug } = await data<{ slug: string }>(started);

    let job: { status: string; error: string | null; report: { applied: boolean } | null } | undefined;
    for (let i = 0; i < 600; i++) {
      const res = await fetch(`${server.url}/api/institution/workbook/imports/${slug}`, { headers: auth });
      job = await data(res);
      if (job?.status === 'done' || job?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job?.error).toBeNull();
    expect(job?.status).toBe('done');
    // A check never writes: the report says what an import would do.
    expect(job?.report?.applied).toBe(false);
  });
});
