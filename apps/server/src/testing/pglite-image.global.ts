import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage } from './pglite-image';

// The provided value's type (declared beside its reader, so every program that reads it sees it).
import type {} from './test-database';

/**
 * Vitest global set-up of the server project: on PGlite, initdb and the migrations run once per run
 * instead of once per test file (together about three quarters of a file's database set-up), and
 * every file loads a copy of the result (test-database.ts). On PostgreSQL there is nothing to share.
 * TEST_PGLITE_IMAGE=off starts every file from initdb as before (bench/ci compares the two).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE_IMAGE === 'off') {
    project.provide('pgliteImagePath', '');
    return;
  }
  const image = await migratedPgliteImage();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImagePath', file);
  return () => rm(dir, { recursive: true, force: true });
}
