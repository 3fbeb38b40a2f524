/**
 * Recognises failures that mean "a service we depend on is unreachable or too slow right now" (the
 * database or Redis), as opposed to bugs. They are answered 503 with Retry-After: the request may
 * succeed as soon as the service is back, and nothing was changed by it.
 */
export type OutageSource = 'database' | 'redis';

// SQLSTATE codes of PostgreSQL for a connection lost or refused, a server shutting down or
// starting, too many connections, and our own limits expiring (lock_timeout, statement_timeout).
const DATABASE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '55P03', '57014']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// node-postgres signals a lost connection and an expired pool wait only through its messages.
const DATABASE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated due to connection timeout',
  'Query read timeout',
];
// ioredis: commands refused while disconnected, or given up after the retries of a request.
const REDIS_NAMES = new Set(['MaxRetriesPerRequestError']);
const REDIS_MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request',
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function* chain(err: unknown): Generator<ErrorLike> {
  // Drizzle wraps the driver's error in its own (with the SQL); the cause carries the code.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = (e as ErrorLike).cause;
  }
}

/** Which service an error says is unavailable, or null for any other error. */
export function outageSource(err: unknown): OutageSource | null {
  for (const e of chain(err)) {
    const message = typeof e.message === 'string' ? e.message : '';
    const name = typeof e.name === 'string' ? e.name : '';
    if (REDIS_NAMES.has(name) || REDIS_MESSAGES.some((m) => message.includes(m))) return 'redis';
    if (typeof e.code === 'string' && (DATABASE_STATES.has(e.code) || e.code.startsWith('08')))
      return 'database';
    if (DATABASE_MESSAGES.some((m) => message.includes(m))) return 'database';
    // ioredis never hands a socket error to a command (it retries, then gives up as above), so a
    // refused or reset connection reaching a request is the database's.
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return 'database';
  }
  return null;
}

/** How long a client should wait before retrying a request refused by an outage, seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const OUTAGE_MESSAGES: Record<OutageSource, string> = {
  database: 'Rollbook cannot reach its database right now. Please try again in a few seconds.',
  redis: 'Rollbook cannot reach its live-state service right now. Please try again in a few seconds.',
};
