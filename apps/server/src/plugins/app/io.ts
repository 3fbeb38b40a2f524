import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Namespace } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { watchRedis } from '../../lib/redis';
import { SOCKET_NAMESPACE, type ClientToServerEvents, type ServerToClientEvents } from '@rollbook/contract';
import { createInstanceBus, type InstanceBus, type InterServerEvents } from './instance-bus';
import { redisChannelScope } from './redis-channels';

export type ClientNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    io: Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
    /** The `/client` namespace every browser and app connects to. */
    clientNs: ClientNamespace;
    /** Messages to every instance (this one too), through the adapter when scaled out. */
    instanceBus: InstanceBus;
  }
}

/**
 * The adapter publishes without handling the promise: during a Redis outage each broadcast would
 * be an unhandled rejection, which ends the process. The event is lost (as it would be anyway);
 * the process lives on and the adapter works again once Redis is back.
 */
function guardPublish(pub: Redis, log: { warn(obj: object, msg: string): void }) {
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
  const guarded = (...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch((err: unknown) =>
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'socket.io broadcast lost (Redis unavailable)',
      ),
    );
    return sent;
  };
  pub.publish = guarded;
}

/** The room a person's own sockets join to receive their notifications live. */
export const profileRoom = (profileSlug: string) => `profile:${profileSlug}`;

/**
 * socket.io on the same port as HTTP, websocket transport only (no sticky sessions needed behind a
 * load balancer). With Redis, the adapter fans events out to every instance.
 */
export default fp(
  async function ioPlugin(app: FastifyInstance, opts: { redis?: Redis | undefined }) {
    const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>(app.server, {
      path: '/socket.io/',
      transports: ['websocket'],
      cors: {
        origin: app.deps.config.corsOrigins.length > 0 ? app.deps.config.corsOrigins : false,
        credentials: true,
      },
      maxHttpBufferSize: 2 * 1024 * 1024,
    });
    if (opts.redis) {
      const pub = watchRedis(opts.redis.duplicate(), app.log, 'socket.io publish');
      const sub = watchRedis(opts.redis.duplicate(), app.log, 'socket.io subscribe');
      guardPublish(pub, app.log);
      io.adapter(createAdapter(pub, sub, { key: `${redisChannelScope(opts.redis)}socket.io` }));
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    }
    const clientNs = io.of(SOCKET_NAMESPACE);
    app.decorate('io', io);
    app.decorate('clientNs', clientNs);
    app.decorate(
      'instanceBus',
      createInstanceBus(
        clientNs as unknown as Parameters<typeof createInstanceBus>[0],
        Boolean(opts.redis),
        app.log,
      ),
    );

    clientNs.on('connection', (socket) => {
      // Our own web app subscribes to its bell; the token is checked like any bearer call.
      socket.on('notifications_subscribe', async (payload, ack) => {
        try {
          const token =
            typeof payload?.auth_token === 'string' ? payload.auth_token.replace(/^Bearer\s+/i, '') : '';
          const auth = await app.authenticateToken(token);
          await socket.join(profileRoom(auth.profileSlug));
          if (typeof ack === 'function') ack({ ok: true });
        } catch {
          if (typeof ack === 'function') ack({ ok: false });
          socket.emit('client_error', {
            event: 'client_error',
            client: 'FE',
            status_code: 401,
            data: 'Token is invalid or expired',
          });
        }
      });
    });

    app.addHook('onClose', async () => {
      await io.close();
    });
  },
  { name: 'io', dependencies: ['deps', 'auth'] },
);
