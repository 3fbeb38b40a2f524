import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { serverUsing } from './server-lock';

const run = promisify(execFile);

/** Where the data lives: PostgreSQL at `databaseUrl`, else PGlite in `<dataDir>/pglite`. */
export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export class BackupError extends Error {}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

function refuseWhileServing(dataDir: string, what: string) {
  const pid = serverUsing(dataDir);
  if (pid !== null) {
    throw new BackupError(
      `The server (process ${pid}) is using ${dataDir}. Stop it before the ${what}: the embedded database can only be copied consistently while closed.`,
    );
  }
}

/**
 * Writes a backup to `outFile`: for PostgreSQL, `pg_dump` in its custom format (consistent while
 * the server runs: one snapshot); for PGlite, a gzip tarball of the database folder made by PGlite
 * itself, with the server stopped.
 */
export async function backup(target: BackupTarget, outFile: string): Promise<void> {
  await mkdir(path.dirname(outFile), { recursive: true });
  if (target.databaseUrl) {
    await pgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${outFile}`,
      `--dbname=${target.databaseUrl}`,
    ]);
    return;
  }
  refuseWhileServing(target.dataDir, 'backup');
  const dir = pgliteDir(target.dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dir}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  try {
    // dumpDataDir does not wait for the database to open (the process would end with it pending).
    await db.waitReady;
    const dump = await db.dumpDataDir('gzip');
    await writeFile(outFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup made by `backup`. Refuses to overwrite a database holding data unless `force`:
 * PostgreSQL objects are then dropped and re-created (`pg_restore --clean`); an embedded database
 * folder is kept aside as `pglite.before-restore-<time>` rather than deleted.
 */
export async function restore(target: BackupTarget, fromFile: string, force: boolean): Promise<void> {
  if (!existsSync(fromFile)) throw new BackupError(`No backup file at ${fromFile}`);
  if (target.databaseUrl) {
    const hasData = await postgresHasTables(target.databaseUrl);
    if (hasData && !force)
      throw new BackupError(
        'The database already has tables; restore into an empty one, or add --force to replace them.',
      );
    const clean = hasData ? ['--clean', '--if-exists'] : [];
    await pgTool('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      ...clean,
      `--dbname=${target.databaseUrl}`,
      fromFile,
    ]);
    return;
  }
  refuseWhileServing(target.dataDir, 'restore');
  const dir = pgliteDir(target.dataDir);
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    if (!force)
      throw new BackupError(
        `${dir} already holds a database; restore into a fresh data folder, or add --force to replace it.`,
      );
    const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dir, aside);
  }
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir, { loadDataDir: new Blob([await readFile(fromFile)]) });
  await db.waitReady;
  await db.close();
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return (res.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function pgTool(tool: string, args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`,
      );
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}
