import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { LiveStore } from './live-store';
import { createMemoryLiveStore } from './live-store-memory';
import { createRedisLiveStore } from './live-store-redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live session state shared by all instances (Redis) or held by this one (memory). */
    liveStore: LiveStore;
  }
}

/** Chooses the live store: Redis when the app runs scaled out, memory otherwise. */
export default fp(
  async function liveStatePlugin(app: FastifyInstance, opts: { redis?: Redis | undefined }) {
    const store = opts.redis ? createRedisLiveStore(opts.redis) : createMemoryLiveStore();
    app.decorate('liveStore', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'live-state' },
);
