import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process at a time: a backup or restore made while
 * the server has the data folder open would copy (or overwrite) files mid-write, and a command that
 * opens the database beside the server (an import, the seed) writes into files the server also
 * writes: one side's rows are lost. The server and every command-line tool note their process id in
 * the data folder while they have it open (`server.pid`, the name from when only the server did);
 * each refuses to open it while another such process lives, and backup and restore refuse too.
 */
const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks the data folder as in use by this process until it exits. */
function holdDataDir(dataDir: string): void {
  const file = pidFile(dataDir);
  writeFileSync(file, String(process.pid));
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
    } catch {
      /* already gone */
    }
  });
}

/** The id of a live Rollbook process (a server or a tool) using the data folder, or null. */
export function serverUsing(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return pid;
  } catch (err) {
    // EPERM: it exists but belongs to someone else, which still means "in use".
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The embedded database is open in another Rollbook process; the message says what to do. */
export class DataDirInUseError extends Error {}

/**
 * Throws {@link DataDirInUseError} when the embedded database of `dataDir` is open in another live
 * Rollbook process (a server or a tool). PostgreSQL (`databaseUrl` set) takes many connections: no
 * check.
 */
export function refuseEmbeddedWhileServed(databaseUrl: string | undefined, dataDir: string): void {
  if (databaseUrl) return;
  const pid = serverUsing(dataDir);
  if (pid === null || pid === process.pid) return;
  throw new DataDirInUseError(
    `Another Rollbook process (process ${pid}, the server or a command-line tool) is using the embedded database in ${dataDir}. ` +
      'Stop it first: the embedded database takes one process at a time, and changes made beside it are lost. ' +
      `If no such process is running (one was killed and its process id reused), delete ${path.join(dataDir, 'server.pid')}.`,
  );
}

/**
 * Takes the embedded database of `dataDir` for this process until it exits, after
 * {@link refuseEmbeddedWhileServed}: the server calls it before opening the database, and so does
 * every tool, so neither opens it beside the other. Nothing to take on PostgreSQL.
 */
export function claimEmbeddedDataDir(databaseUrl: string | undefined, dataDir: string): void {
  refuseEmbeddedWhileServed(databaseUrl, dataDir);
  if (databaseUrl) return;
  mkdirSync(dataDir, { recursive: true });
  holdDataDir(dataDir);
}
