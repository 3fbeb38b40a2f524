import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig } from '../config/config';
import { claimEmbeddedDataDir } from '../backup/server-lock';
import { openDatabase, type DbHandle } from '../db/client';

/** A mistake in how the command was called: the message, then the command's help, exit 2. */
export class UsageError extends Error {}

/** A command of `npm run rollbook --`: its help text and what it does with its arguments. */
export interface Command {
  /** e.g. "institution create". */
  name: string;
  summary: string;
  help: string;
  /** Answers the exit code: 0 done, 1 failed (problems, refused). */
  run(args: string[]): Promise<number>;
}

export const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
export const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

/** Parses a command's options strictly: an unknown option or a missing value is a usage error. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/** A required option's value, or a usage error naming it. */
export function required(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

/**
 * Opens the configured database as the server would (DATABASE_URL, or PGlite in DATA_DIR) and
 * applies any pending migrations, runs `work`, and closes it whatever happens. Refused while another
 * process (a server, another tool) has the embedded database open (see backup/server-lock.ts).
 */
export async function withDatabase<T>(work: (db: DbHandle['db']) => Promise<T>): Promise<T> {
  const config = loadConfig();
  claimEmbeddedDataDir(config.databaseUrl, config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
