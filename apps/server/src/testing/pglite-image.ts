import { migrationsFolder } from '../db/client';

/** A fresh PGlite with every migration applied, dumped as an uncompressed data-directory tar. */
export async function migratedPgliteImage(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  // Uncompressed: each file reads it once, and unzipping would cost more than the disk read.
  const image = await client.dumpDataDir('none');
  await client.close();
  return image;
}
