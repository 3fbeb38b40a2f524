import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated PGlite data directory as a tar file, or '' on PostgreSQL. */
    pgliteImagePath: string;
  }
}

/**
 * A test file's database: the PostgreSQL server named by TEST_DATABASE_URL (CI), else an in-memory
 * PGlite started from the run's migrated image (pglite-image.global.ts) instead of from initdb.
 * The migrations still run on the copy, so a stale image could only cost time, never hide one.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ url, dataDir: null });
  const imagePath = inject('pgliteImagePath');
  const pgliteImage = imagePath ? new Blob([await readFile(imagePath)]) : undefined;
  return openDatabase({ dataDir: null, pgliteImage });
}
