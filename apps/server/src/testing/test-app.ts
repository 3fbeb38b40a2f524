import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { Redis } from 'ioredis';
import { loadConfig, type AppConfig } from '../config/config';
import { openDatabase, type DbHandle } from '../db/client';
import { truncateAll } from '../db/reset';
import { buildApp } from '../app';
import { createMailer } from '../lib/mailer';
import { createTokenSigner } from '../modules/auth/tokens';
import { createTestClock } from './clock';
import { startTestSmtp } from './smtp';

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
  let redis: Redis | undefined;

  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'rollbook-test-'));
    handle = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: null });
    ctx.smtp = await startTestSmtp();
    ctx.config = {
      ...loadConfig({ DATA_DIR: tmp, LOG_LEVEL: 'silent' }),
      smtpUrl: ctx.smtp.url,
      publicUrl: 'http://rollbook.test',
      ...configOverrides,
    };
    ctx.mediaDir = path.join(tmp, 'media');
    // With TEST_REDIS_URL (CI), rate limits and the socket.io adapter run on a real Redis.
    redis = process.env.TEST_REDIS_URL ? new Redis(process.env.TEST_REDIS_URL) : undefined;
    ctx.app = await buildApp({
      redis,
      deps: {
        config: ctx.config,
        db: handle.db,
        clock,
        tokens: createTokenSigner('test-secret-that-is-long-enough-for-hs256-signing', {
          accessSeconds: ctx.config.accessTokenTtlSeconds,
          refreshSeconds: ctx.config.refreshTokenTtlSeconds,
        }),
        mailer: createMailer({
          smtpUrl: ctx.smtp.url,
          from: ctx.config.mailFrom,
          outboxDir: path.join(tmp, 'outbox'),
          log: pino({ level: 'silent' }),
        }),
        mediaDir: ctx.mediaDir,
      },
    });
    await ctx.app.ready();
    ctx.db = handle.db;
    ctx.clock = clock;
  });

  beforeEach(async () => {
    await truncateAll(handle.db);
    clock.set(new Date('2026-11-02T09:00:00+05:30'));
    ctx.smtp.received.length = 0;
  });

  afterAll(async () => {
    await ctx.app?.close();
    await redis?.quit();
    await ctx.smtp?.close();
    await handle?.close();
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
