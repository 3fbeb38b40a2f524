import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../config/config';
import { openDatabase, type DbHandle } from '../db/client';
import { createTestClock } from './clock';
import { bootInstance } from './test-app';

/**
 * One real app instance on services the test chose (its private PostgreSQL or Redis, which it
 * will break): `databaseUrl` (PGlite in memory when absent) with the config's pool limits, and
 * `redisUrl`. The test clock starts on Monday 2026-11-02 09:00 (Asia/Kolkata), as in useTestApp.
 */
export async function bootFaultApp(opts: {
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
  config?: Partial<AppConfig>;
}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-fault-app-'));
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PLANNER_WARM_UP: 'false',
      PRESENCE_WARM_UP: 'false',
    }),
    publicUrl: 'http://rollbook.test',
    ...opts.config,
  };
  const handle: DbHandle = await openDatabase({ url: opts.databaseUrl, dataDir: null, limits: config.db });
  const clock = createTestClock();
  const instance = await bootInstance({
    db: handle.db,
    config,
    clock,
    redisUrl: opts.redisUrl,
    dir,
    throttleKeyPrefix: `test:throttle:${randomUUID()}:`,
  });
  return {
    app: instance.app,
    db: handle.db,
    clock,
    config,
    async close() {
      await instance.close();
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
