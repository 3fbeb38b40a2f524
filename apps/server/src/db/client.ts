import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a query helper needs: the database or a transaction of it. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Opens the database and applies the committed migrations. With a URL it is a PostgreSQL server;
 * without, PGlite in `<dataDir>/pglite` (or in memory when `dataDir` is `null`, for tests).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string | null;
}): Promise<DbHandle> {
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  if (opts.dataDir) {
    dataPath = path.join(opts.dataDir, 'pglite');
    await mkdir(dataPath, { recursive: true });
  }
  const client = dataPath ? new PGlite(dataPath) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
