import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { institutions } from '../db/schema';
import { buildInstitution } from '../testing/factories';
import { faultTestsSkipped, startPrivatePostgres, type PrivatePostgres } from '../testing/private-services';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const exec = promisify(execFile);

/** `npm run <script> -- <args>` from the repository root, as the README documents it. */
async function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** The names of the institutions in a database. */
async function institutionNames(opts: { url?: string; dataDir: string | null }) {
  const handle = await openDatabase(opts);
  try {
    return (await handle.db.select({ name: institutions.name }).from(institutions)).map((r) => r.name);
  } finally {
    await handle.close();
  }
}

// Each step opens an embedded database on disk (seconds each on a busy machine): a longer limit.
describe('npm run backup / npm run restore (embedded PGlite)', { timeout: 120_000 }, () => {
  let tmp: string;
  const source = () => path.join(tmp, 'source');
  const file = () => path.join(tmp, 'backups', 'rollbook.tar.gz');

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'rollbook-backup-'));
    const handle = await openDatabase({ dataDir: source() });
    await buildInstitution(handle.db, { name: 'Backed-up College' });
    await handle.close();
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('restores a backup into a fresh data folder, where the data is found', async () => {
    const made = await npmRun('backup', ['--out', file()], { DATA_DIR: source() });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`Backup written to ${file()}`);

    const fresh = path.join(tmp, 'fresh');
    const restored = await npmRun('restore', ['--from', file()], { DATA_DIR: fresh });
    expect(restored.code, restored.stderr).toBe(0);
    expect(await institutionNames({ dataDir: fresh })).toEqual(['Backed-up College']);
  });

  it('never overwrites a database with data unless told (--force keeps the old one aside)', async () => {
    // The backed-up folder itself, changed since its backup.
    const target = source();
    const handle = await openDatabase({ dataDir: target });
    await buildInstitution(handle.db, { name: 'Newer College' });
    await handle.close();

    const refused = await npmRun('restore', ['--from', file()], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds a database');
    expect((await institutionNames({ dataDir: target })).sort()).toEqual([
      'Backed-up College',
      'Newer College',
    ]);

    const forced = await npmRun('restore', ['--from', file(), '--force'], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    expect(await institutionNames({ dataDir: target })).toEqual(['Backed-up College']);
    expect((await readdir(target)).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true);
  });

  it('refuses to copy the embedded database while a server has it open', async () => {
    // This test process stands for the running server: the pid file names a live process.
    await writeFile(path.join(source(), 'server.pid'), String(process.pid));
    try {
      const out = path.join(tmp, 'backups', 'while-running.tar.gz');
      const res = await npmRun('backup', ['--out', out], { DATA_DIR: source() });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`The server (process ${process.pid}) is using`);
      expect(existsSync(out)).toBe(false);
    } finally {
      await rm(path.join(source(), 'server.pid'));
    }
  });

  it('explains itself with --help, and asks for the file to restore', async () => {
    const help = await npmRun('backup', ['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('npm run restore -- --from FILE [--force]');
    const missing = await npmRun('restore', [], { DATA_DIR: path.join(tmp, 'none') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Name the backup to restore');
  });
});

describe.skipIf(faultTestsSkipped())(
  'npm run backup / npm run restore (PostgreSQL: pg_dump custom format)',
  { timeout: 120_000 },
  () => {
    let server: PrivatePostgres;
    let tmp: string;

    beforeAll(async () => {
      server = await startPrivatePostgres();
      tmp = await mkdtemp(path.join(os.tmpdir(), 'rollbook-backup-pg-'));
    });
    afterAll(async () => {
      await server?.destroy();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    it('restores a dump into a fresh database, where the data is found', async () => {
      const handle = await openDatabase({ url: server.url, dataDir: null });
      await buildInstitution(handle.db, { name: 'Backed-up College' });
      await handle.close();
      const file = path.join(tmp, 'rollbook.pgdump');

      const made = await npmRun('backup', ['--out', file], { DATABASE_URL: server.url });
      expect(made.code, made.stderr).toBe(0);

      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE restored');
      await admin.end();
      const restoredUrl = server.url.replace(/\/postgres$/, '/restored');
      const restored = await npmRun('restore', ['--from', file], { DATABASE_URL: restoredUrl });
      expect(restored.code, restored.stderr).toBe(0);
      expect(await institutionNames({ url: restoredUrl, dataDir: null })).toEqual(['Backed-up College']);

      // A second restore over it is refused without --force.
      const again = await npmRun('restore', ['--from', file], { DATABASE_URL: restoredUrl });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has tables');
    });
  },
);
