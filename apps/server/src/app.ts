import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { LoggerOptions } from 'pino';
import depsPlugin, { type AppDeps } from './plugins/app/deps';
import errorsPlugin, { apiNotFoundHandler } from './plugins/app/errors';
import authPlugin from './plugins/app/auth';
import ioPlugin from './plugins/app/io';
import mediaPlugin from './plugins/app/media';
import webPlugin from './plugins/app/web';
import openapiPlugin from './plugins/app/openapi';
import presencePlugin from './plugins/app/presence';
import plannerPlugin from './plugins/app/planner';
import spreadsheetsPlugin from './plugins/app/spreadsheets';
import liveStatePlugin from './plugins/app/live-state';
import routeListPlugin from './plugins/app/route-list';
import opsPlugin, { type PoolStats } from './plugins/app/ops';
import throttlePlugin from './plugins/app/throttle';
import backgroundPlugin from './plugins/app/background';
import { registerModules } from './modules';
import { registerApiCompression } from './plugins/app/compression';
import { fastifyTrustProxy } from './config/trust-proxy';
import { MAX_UPLOAD_FIELDS, MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from './lib/upload-limits';
import { runAsRequest } from './db/read-cache';
import { dataVersionOf } from './db/data-version';

export interface BuildAppOptions {
  deps: AppDeps;
  logger?: LoggerOptions | boolean;
  /** Shared Redis connection (rate limits, socket.io adapter) when running scaled out. */
  redis?: Redis | undefined;
  /** The PostgreSQL pool's connection counts, for metrics (absent with PGlite). */
  poolStats?: PoolStats | undefined;
  /** Prefix of the sign-in limit keys in Redis (tests give each app their own). */
  throttleKeyPrefix?: string;
}

/**
 * Builds the whole server: the API under /api (both trailing-slash spellings of every path, never a
 * redirect), socket.io at /socket.io/ (namespace /client), media under /api/media/, the OpenAPI
 * browser at /api/docs, and the built web app with history fallback for every other path.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Only configured proxies may name the client's address (sign-in limits count by address).
    trustProxy: fastifyTrustProxy(opts.deps.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Old clients POST with an empty body (and sometimes a JSON content type); that means "no body".
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('The request body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  // A request's cached reads share one data version fetched after it arrived (db/read-cache.ts).
  app.addHook('onRequest', (_request, _reply, done) => runAsRequest(performance.now(), done));
  // Scaled out, the PostgreSQL data version is shared: a write on one instance is seen by the next
  // read on any other (db/data-version.ts).
  const version = dataVersionOf(opts.deps.db);
  if (version && opts.redis) {
    version.useRedis(opts.redis, (err) => app.log.warn({ err }, 'data version: Redis unavailable'));
    app.addHook('onClose', async () => version.useLocal());
  }

  // First, so it sees every route registered after it.
  await app.register(routeListPlugin);
  // The original web client posts bodiless calls ("Mark all as read") as an empty body labelled
  // application/x-www-form-urlencoded. An empty body is no body whatever its label; any other
  // type nobody parses is still refused (415).
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, raw, done) => {
    if (raw.length === 0) return done(null, undefined);
    const err = new Error('This content type is not accepted') as Error & { statusCode: number };
    err.statusCode = 415;
    done(err, undefined);
  });

  await app.register(depsPlugin, opts.deps);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(cors, {
    origin: opts.deps.config.corsOrigins.length > 0 ? opts.deps.config.corsOrigins : false,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'ngrok-skip-browser-warning'],
    // A web app on another origin reads an export's download name (lecture and date) from it.
    exposedHeaders: ['Content-Disposition'],
    credentials: true,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: MAX_UPLOAD_FIELDS },
  });
  await app.register(rateLimit, { global: false, ...(opts.redis ? { redis: opts.redis } : {}) });
  await app.register(openapiPlugin);
  await app.register(presencePlugin);
  // Early: its response hook counts every route, also those registered after it.
  await app.register(opsPlugin, {
    redis: opts.redis,
    ...(opts.poolStats ? { poolStats: opts.poolStats } : {}),
  });
  await app.register(plannerPlugin);
  await app.register(spreadsheetsPlugin);
  await app.register(liveStatePlugin, { redis: opts.redis });
  await app.register(throttlePlugin, {
    redis: opts.redis,
    ...(opts.throttleKeyPrefix ? { keyPrefix: opts.throttleKeyPrefix } : {}),
  });
  await app.register(backgroundPlugin);
  // Before the modules: the sessions module attaches its socket handlers to the namespace.
  await app.register(ioPlugin, { redis: opts.redis });

  await app.register(
    async (api) => {
      apiNotFoundHandler(api);
      await registerApiCompression(api);
      await api.register(mediaPlugin);
      await registerModules(api);
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin);
  return app;
}
