import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbLimits } from '../config/config';
import * as schema from './schema';
import { cacheStatements, countWrites } from './pglite-statement-cache';
import { registerDataVersion, SwitchableDataVersion } from './data-version';
import { hookPoolWrites } from './pg-write-hook';

export type Schema = typeof schema;
/** The one database type services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a query helper needs: the database or a transaction of it. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Connections of the PostgreSQL pool (null for PGlite): for metrics. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

/** Limits used when the caller gives none (the configuration's defaults). */
export const DEFAULT_DB_LIMITS: DbLimits = {
  poolSize: 10,
  poolWaitMs: 5000,
  statementTimeoutMs: 15_000,
  lockTimeoutMs: 5000,
};

/** The committed migrations (also read by the tests' one-per-run migrated PGlite image). */
export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Opens the database and applies the committed migrations. With a URL it is a PostgreSQL server;
 * without, PGlite in `<dataDir>/pglite` (or in memory when `dataDir` is `null`, for tests).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string | null;
  limits?: DbLimits | undefined;
  /** Told about connections the server closed (a restart, an administrator); the pool replaces them. */
  onConnectionError?: ((err: Error) => void) | undefined;
  /**
   * In-memory PGlite only: a dumped data directory (`PGlite.dumpDataDir`) to start from instead of
   * running initdb. Tests load one image migrated once per run; the migrations below still run, so
   * an image that lacks one is brought up to date rather than trusted.
   */
  pgliteImage?: Blob | undefined;
}): Promise<DbHandle> {
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const limits = opts.limits ?? DEFAULT_DB_LIMITS;
    const pool = new Pool({
      connectionString: opts.url,
      max: limits.poolSize,
      // A bounded wait for a connection (from the pool or a new one): past it the request gets a
      // 503 instead of queueing behind stuck queries (pg's default is to wait forever).
      connectionTimeoutMillis: limits.poolWaitMs,
      // Server-side limits per connection: a long lock or a runaway query fails that request only.
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
      // And a client-side bound, for a server that stopped answering altogether (frozen, or the
      // network gone): the server's own limit fires first whenever it can.
      query_timeout: limits.statementTimeoutMs + 5000,
      keepAlive: true,
    });
    const onError = (err: Error) => opts.onConnectionError?.(err);
    // Without these listeners, PostgreSQL closing a connection (a restart: "terminating connection
    // due to administrator command") is an unhandled 'error' event that ends the process. The
    // pool's own listener covers idle connections; the client's covers one checked out between
    // two queries of a transaction. The pool drops the broken connection and opens a new one when
    // the next request needs it, so the server recovers by itself once PostgreSQL is back.
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    // Every committed write moves the data version, which the read caches key their answers by
    // (local to this process until an app shares it through Redis: `shareDataVersion`).
    const version = new SwitchableDataVersion();
    hookPoolWrites(pool, () => version.afterWrite());
    const db = drizzle(pool, { schema });
    registerDataVersion(db, version);
    // Migrations run on a connection of their own, without the request limits: a migration may
    // rightly take longer than any request should.
    const migrationPool = new Pool({ connectionString: opts.url, max: 1 });
    migrationPool.on('error', onError);
    try {
      await migrate(drizzle(migrationPool, { schema }), { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    } finally {
      await migrationPool.end();
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  if (opts.dataDir) {
    dataPath = path.join(opts.dataDir, 'pglite');
    await mkdir(dataPath, { recursive: true });
  }
  const client = dataPath
    ? new PGlite(dataPath)
    : new PGlite(opts.pgliteImage ? { loadDataDir: opts.pgliteImage } : {});
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // After the migrations: repeated reads are planned once, and writes are counted (read caches
  // check the count). The counter wraps the statement cache, so its EXECUTEs of reads and its
  // PREPAREs are not taken for writes.
  cacheStatements(client);
  countWrites(client, db);
  return { db: db as unknown as Db, kind: 'pglite', poolStats: () => null, close: () => client.close() };
}
