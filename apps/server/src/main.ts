import pino from 'pino';
import path from 'node:path';
import { loadConfig } from './config/config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { systemClock } from './lib/clock';
import { createMailer } from './lib/mailer';
import { createRedisClient } from './lib/redis';
import { boundUrl } from './lib/start-banner';
import { startMetricsServer } from './plugins/app/ops';
import { claimEmbeddedDataDir } from './backup/server-lock';
import { resolveJwtSecret } from './lib/secrets';
import { createTokenSigner } from './lib/tokens';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo';
import { requestLogSerializer } from './lib/log-redaction';

/** Starts Rollbook: embedded (PGlite, disk media, mail outbox) unless DATABASE_URL / REDIS_URL / SMTP_URL say otherwise. */
async function main() {
  const config = loadConfig();
  const loggerOptions = {
    level: config.logLevel,
    // The §13 event stream carries its access token in the query: never written to the log.
    serializers: { req: requestLogSerializer },
    ...(config.logPretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
  const log = pino(loggerOptions);
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  // The embedded database takes one process at a time: refused while a tool (an import, the seed)
  // has it open, and taken before opening so that no tool opens it beside this server.
  claimEmbeddedDataDir(config.databaseUrl, config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    limits: config.db,
    onConnectionError: (err) =>
      log.warn({ err: err.message }, 'database connection lost; the pool reconnects'),
  });
  log.info({ database: database.kind }, 'database ready, migrations applied');
  if (config.seedDemo === 'auto' && (await seedDemoIfEmpty(database.db)))
    log.info('seeded the demo institution');

  const redis = config.redisUrl ? createRedisClient(config.redisUrl, log) : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const app = await buildApp({
    deps: {
      config,
      db: database.db,
      clock: systemClock,
      tokens: createTokenSigner(jwtSecret, {
        accessSeconds: config.accessTokenTtlSeconds,
        refreshSeconds: config.refreshTokenTtlSeconds,
      }),
      mailer,
      mediaDir: path.join(config.dataDir, 'media'),
    },
    logger: loggerOptions,
    redis,
    poolStats: () => database.poolStats(),
  });
  const metricsServer =
    config.metricsPort !== undefined
      ? await startMetricsServer(app, config.metricsHost, config.metricsPort)
      : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      metricsServer?.close();
      mailer.close();
      await redis?.quit();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // The verification workers load the presence engine while the server starts listening, not when
  // the first student marks (that first mark waited ~1.6 s; issue 19).
  app.presence.start();
  await app.listen({ port: config.port, host: config.host });
  const url = boundUrl(app.server.address());
  const publicLine =
    config.publicUrl && config.publicUrl !== url ? `Public address: ${config.publicUrl}\n` : '';
  const metricsAddress = metricsServer?.address();
  const metricsLine =
    metricsAddress && typeof metricsAddress === 'object'
      ? `Metrics: ${boundUrl(metricsAddress)}/metrics\n`
      : '';
  const accounts = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(28)} ${a.description}`).join('\n');
  process.stdout.write(
    `\nRollbook is running at ${url}\n${publicLine}${metricsLine}Demo accounts (password ${DEMO_PASSWORD}):\n${accounts}\n\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Rollbook failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
