import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { databaseReachable, redisReachable } from '../../lib/dependency-checks';
import { Counter, Histogram, MetricsRegistry, PROMETHEUS_CONTENT_TYPE, Sampled } from '../../lib/metrics';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/outage';
import { APP_VERSION } from '../../lib/version';

export type PoolStats = () => { total: number; idle: number; waiting: number } | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus exposition of this instance's metrics. */
    metricsText(): string;
  }
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Operational endpoints, outside the API contract (for supervisors, load balancers and Prometheus,
 * not for the web app): GET /api/health (the process answers), GET /api/ready (the database and,
 * when configured, Redis answer; 503 otherwise), and GET /api/metrics (only with METRICS_TOKEN, as
 * a bearer token; METRICS_PORT serves the same text on its own port without one).
 */
export default fp(
  async function opsPlugin(app: FastifyInstance, opts: { redis?: Redis | undefined; poolStats?: PoolStats }) {
    const registry = new MetricsRegistry();
    registry.add(
      new Sampled('rollbook_build_info', 'The running version', () => [
        { labels: { version: APP_VERSION }, value: 1 },
      ]),
    );
    const requests = registry.add(
      new Counter('rollbook_http_requests_total', 'HTTP requests answered, by route and status'),
    );
    const durations = registry.add(
      new Histogram(
        'rollbook_http_request_duration_seconds',
        'Time to answer HTTP requests, by route',
        DURATION_BUCKETS,
      ),
    );
    registry.add(
      new Sampled(
        'rollbook_presence_verifications_total',
        'Recordings verified by the presence engine, by verdict',
        () =>
          Object.entries(app.presence.verdicts()).map(([verdict, value]) => ({ labels: { verdict }, value })),
        'counter',
      ),
    );
    registry.add(
      new Sampled(
        'rollbook_presence_verifications_refused_total',
        'Verifications refused because the queue was full (answered 503)',
        () => [{ value: app.presence.stats()?.rejected ?? 0 }],
        'counter',
      ),
    );
    registry.add(
      new Sampled('rollbook_presence_queue_depth', 'Verifications waiting for a worker thread', () => [
        { value: app.presence.stats()?.queued ?? 0 },
      ]),
    );
    registry.add(
      new Sampled('rollbook_presence_workers_busy', 'Worker threads verifying a recording now', () => [
        { value: app.presence.stats()?.busy ?? 0 },
      ]),
    );
    registry.add(
      new Sampled('rollbook_db_pool_waiting', 'Requests waiting for a PostgreSQL connection', () => [
        { value: opts.poolStats?.()?.waiting ?? 0 },
      ]),
    );
    registry.add(
      new Sampled('rollbook_db_pool_connections', 'Open PostgreSQL connections, by state', () => {
        const stats = opts.poolStats?.();
        if (!stats) return [];
        return [
          { labels: { state: 'idle' }, value: stats.idle },
          { labels: { state: 'busy' }, value: stats.total - stats.idle },
        ];
      }),
    );
    registry.add(
      new Sampled('rollbook_socket_connections', 'socket.io clients connected to this instance', () => [
        { value: app.hasDecorator('clientNs') ? app.clientNs.sockets.size : 0 },
      ]),
    );
    registry.add(
      new Sampled('process_resident_memory_bytes', 'Resident memory of the process', () => [
        { value: process.memoryUsage.rss() },
      ]),
    );
    app.decorate('metricsText', () => registry.render());

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      // The route's pattern, never the raw URL: one series per route, whatever ids the paths carry.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    const { metricsToken, metricsPort } = app.deps.config;

    app.get('/api/health', async () => ({ status: 'ok', version: APP_VERSION }));

    app.get('/api/ready', async (_request, reply) => {
      const [database, redis] = await Promise.all([
        databaseReachable(app.deps.db),
        opts.redis ? redisReachable(opts.redis) : Promise.resolve(null),
      ]);
      const checks = {
        database: database ? 'ok' : 'unavailable',
        redis: redis === null ? 'not_configured' : redis ? 'ok' : 'unavailable',
      };
      const ready = database && redis !== false;
      if (!ready) reply.status(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return { status: ready ? 'ready' : 'unavailable', version: APP_VERSION, checks };
    });

    app.get('/api/metrics', async (request, reply) => {
      if (!metricsToken) {
        const where =
          metricsPort !== undefined
            ? ' on its own port (METRICS_PORT)'
            : ' (set METRICS_TOKEN or METRICS_PORT)';
        return reply
          .status(404)
          .send({ data: null, error: true, message: `Metrics are served${where}`, code: 'not_found' });
      }
      if (!tokenMatches(request.headers.authorization, metricsToken)) {
        return reply.status(401).send({
          data: null,
          error: true,
          message: 'The metrics token is missing or wrong',
          code: 'token_invalid',
        });
      }
      return reply.type(PROMETHEUS_CONTENT_TYPE).send(app.metricsText());
    });
  },
  { name: 'ops', dependencies: ['deps', 'presence'] },
);

function tokenMatches(header: string | undefined, expected: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header?.trim() ?? '')?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Serves GET /metrics (no token) on its own address, for a scraper that reaches the instance on a
 * network the public does not. The caller closes it (the app is already listening by then).
 */
export async function startMetricsServer(app: FastifyInstance, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && (path === '/metrics' || path === '/api/metrics')) {
      res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE });
      res.end(app.metricsText());
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Only GET /metrics is served here\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
