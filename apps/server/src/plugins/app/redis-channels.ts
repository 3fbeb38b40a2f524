import type { Redis } from 'ioredis';

/**
 * The prefix of every pub/sub channel this app's Redis connection uses. Keys live in the
 * connection's logical database, but Redis delivers pub/sub across all of them: two deployments
 * (or test runs) on one Redis server with different database numbers would otherwise hear each
 * other's socket.io broadcasts (a namespace-wide emit reaches the other's sockets, a room's message
 * reaches every instance of both) and wake on each other's live-store signals.
 */
export function redisChannelScope(redis: Redis): string {
  return `rollbook:db${redis.options.db ?? 0}:`;
}
