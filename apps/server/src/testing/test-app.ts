import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createRedisClient } from '../lib/redis';
import { loadConfig, type AppConfig } from '../config/config';
import { openDatabase, type DbHandle } from '../db/client';
import { openTestDatabase } from './test-database';
import { emptyAllTables } from './empty-tables';
import { buildApp } from '../app';
import { createMailer } from '../lib/mailer';
import { createTokenSigner } from '../lib/tokens';
import { createTestClock } from './clock';
import { startTestSmtp } from './smtp';

const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * Builds one real app instance on a database handle: its own Redis connection when `redisUrl` is
 * given (as every scaled-out instance has), its own media folder (instances share no disk), and the
 * shared test secret, so a token signed by one instance is valid on every other.
 */
export async function bootInstance(opts: {
  db: DbHandle['db'];
  config: AppConfig;
  clock: ReturnType<typeof createTestClock>;
  redisUrl: string | undefined;
  dir: string;
  /** Sign-in limit keys of this app (or app pair) in Redis, apart from every other test's. */
  throttleKeyPrefix: string;
}) {
  const redis = opts.redisUrl ? createRedisClient(opts.redisUrl) : undefined;
  const mediaDir = path.join(opts.dir, 'media');
  const app = await buildApp({
    redis,
    throttleKeyPrefix: opts.throttleKeyPrefix,
    deps: {
      config: opts.config,
      db: opts.db,
      clock: opts.clock,
      tokens: createTokenSigner(TEST_JWT_SECRET, {
        accessSeconds: opts.config.accessTokenTtlSeconds,
        refreshSeconds: opts.config.refreshTokenTtlSeconds,
      }),
      mailer: createMailer({
        smtpUrl: opts.config.smtpUrl,
        from: opts.config.mailFrom,
        outboxDir: path.join(opts.dir, 'outbox'),
        log: pino({ level: 'silent' }),
      }),
      mediaDir,
    },
  });
  await app.ready();
  return {
    app,
    mediaDir,
    async close() {
      await app.close();
      await redis?.quit();
    },
  };
}

/**
 * Boots the real app once per test file against a real database: in-memory PGlite by default, or
 * the PostgreSQL server named by TEST_DATABASE_URL (CI). Every test starts from empty tables.
 * Mail goes through a real in-process SMTP server.
 */
export function useTestApp(configOverrides: Partial<AppConfig> = {}) {
  const clock = createTestClock();
  const ctx = {} as {
    app: FastifyInstance;
    db: DbHandle['db'];
    clock: typeof clock;
    smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    config: AppConfig;
    mediaDir: string;
  };
  let handle: DbHandle;
  let tmp: string;
  let instance: Awaited<ReturnType<typeof bootInstance>> | undefined;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'rollbook-test-'));
    handle = await openTestDatabase();
    ctx.smtp = await startTestSmtp();
    ctx.config = {
      ...loadConfig({
        DATA_DIR: tmp,
        LOG_LEVEL: 'silent',
        SCHEDULED_JOBS_INTERVAL_SECONDS: '0',
        PLANNER_WARM_UP: 'false',
        PRESENCE_WARM_UP: 'false',
      }),
      smtpUrl: ctx.smtp.url,
      publicUrl: 'http://rollbook.test',
      ...configOverrides,
    };
    // With TEST_REDIS_URL (CI), rate limits, live state and the socket.io adapter run on a real Redis.
    instance = await bootInstance({
      db: handle.db,
      config: ctx.config,
      clock,
      redisUrl: process.env.TEST_REDIS_URL,
      dir: tmp,
      throttleKeyPrefix: `test:throttle:${randomUUID()}:`,
    });
    ctx.app = instance.app;
    ctx.mediaDir = instance.mediaDir;
    ctx.db = handle.db;
    ctx.clock = clock;
  });

  beforeEach(async () => {
    // The previous test's mail goes out before its counters and inbox are cleared.
    await ctx.app.background.idle();
    await emptyAllTables(handle.db);
    await ctx.app.throttle.reset();
    clock.set(new Date('2026-11-02T09:00:00+05:30'));
    ctx.smtp.received.length = 0;
  });

  afterAll(async () => {
    await instance?.close();
    await ctx.smtp?.close();
    await handle?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  return ctx;
}

/** True when TEST_DATABASE_URL and TEST_REDIS_URL name shared services (CI's PostgreSQL + Redis step). */
export const sharedServicesConfigured = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/**
 * Boots two real app instances, as a scaled-out deployment runs them: each with its own PostgreSQL
 * pool on the TEST_DATABASE_URL database, its own Redis connection to TEST_REDIS_URL, and its own
 * media folder. Only meaningful with both variables set (use `describe.runIf(sharedServicesConfigured)`).
 * Every test starts from empty tables; both share one test clock.
 */
export function useTwoTestApps(configOverrides: Partial<AppConfig> = {}) {
  const clock = createTestClock();
  const ctx = {} as {
    a: FastifyInstance;
    b: FastifyInstance;
    db: DbHandle['db'];
    clock: typeof clock;
    config: AppConfig;
  };
  const handles: DbHandle[] = [];
  const instances: Array<Awaited<ReturnType<typeof bootInstance>>> = [];
  let tmp: string;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!url || !redisUrl) throw new Error('two instances need TEST_DATABASE_URL and TEST_REDIS_URL');
    tmp = await mkdtemp(path.join(os.tmpdir(), 'rollbook-test-'));
    ctx.config = {
      ...loadConfig({
        DATA_DIR: tmp,
        LOG_LEVEL: 'silent',
        SCHEDULED_JOBS_INTERVAL_SECONDS: '0',
        PLANNER_WARM_UP: 'false',
        PRESENCE_WARM_UP: 'false',
      }),
      publicUrl: 'http://rollbook.test',
      ...configOverrides,
    };
    const throttleKeyPrefix = `test:throttle:${randomUUID()}:`;
    for (const name of ['a', 'b'] as const) {
      const handle = await openDatabase({ url, dataDir: null });
      handles.push(handle);
      const instance = await bootInstance({
        db: handle.db,
        config: ctx.config,
        clock,
        redisUrl,
        dir: path.join(tmp, name),
        throttleKeyPrefix,
      });
      instances.push(instance);
      ctx[name] = instance.app;
    }
    ctx.db = handles[0]!.db;
    ctx.clock = clock;
  });

  beforeEach(async () => {
    await emptyAllTables(ctx.db);
    await ctx.a.throttle.reset();
    clock.set(new Date('2026-11-02T09:00:00+05:30'));
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const handle of handles) await handle.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  return ctx;
}

/** `app.inject` with a bearer token and JSON body, returning status and parsed body. */
export async function call(
  app: FastifyInstance,
  opts: {
    method: 'GET' | 'POST';
    url: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
) {
  const inject: InjectOptions = {
    method: opts.method,
    url: opts.url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  };
  const res = await app.inject(inject);
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: json, raw: res };
}
