import { Redis } from 'ioredis';

interface WarnLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

// Reconnect quickly and keep trying forever (Redis coming back is the normal end of an outage),
// but never let a command wait through more than one failed reconnection: a request made during
// the outage fails within about a second and is answered 503, instead of hanging.
const RECONNECT_MAX_DELAY_MS = 1000;
const retryStrategy = (times: number) => Math.min(times * 100, RECONNECT_MAX_DELAY_MS);

/**
 * A Redis connection that survives Redis going away: every request is bounded, reconnection is
 * automatic, and its errors are logged once per outage instead of being "Unhandled error event"s.
 */
export function createRedisClient(url: string, log?: WarnLog, name = 'redis'): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy });
  watchRedis(client, log, name);
  return client;
}

/**
 * Adds the error and recovery listeners to a connection (also to `duplicate()`s, which copy the
 * options but not the listeners). One warning when the connection is lost, one line when it is back.
 */
export function watchRedis(client: Redis, log: WarnLog | undefined, name: string): Redis {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: err.message, connection: name }, 'Redis unavailable, reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.info({ connection: name }, 'Redis reachable again');
  });
  return client;
}
