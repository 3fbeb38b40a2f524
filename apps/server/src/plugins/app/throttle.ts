import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { ThrottleStore } from './throttle-store';
import { createMemoryThrottleStore } from './throttle-store-memory';
import { createRedisThrottleStore } from './throttle-store-redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in limit counters shared by all instances (Redis) or held by this one (memory). */
    throttle: ThrottleStore;
  }
}

/** Chooses the throttle store: Redis when the app runs scaled out, memory otherwise. */
export default fp(
  async function throttlePlugin(
    app: FastifyInstance,
    opts: { redis?: Redis | undefined; keyPrefix?: string },
  ) {
    app.decorate(
      'throttle',
      opts.redis ? createRedisThrottleStore(opts.redis, opts.keyPrefix) : createMemoryThrottleStore(),
    );
  },
  { name: 'throttle' },
);
