import type { Redis } from 'ioredis';

/**
 * The prefix of every pub/sub channel this app's Redis connection uses. Keys live in the
 * connection's logical database, but Redis delivers pub/sub across all of them: two deployments
 * (or test runs) on one Redis server with different database numbers would otherwise hear each
 * other's socket.io broadcasts (a person's room is named after their id) and live-store signals.
 */
export function redisChannelScope(redis: Redis): string {
  return `rollbook:db${redis.options.db ?? 0}:`;
}
