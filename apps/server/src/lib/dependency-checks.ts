import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';

/** Longest a probe waits for an answer: a frozen service is as unavailable as a stopped one. */
export const PROBE_TIMEOUT_MS = 2000;

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the database answers a trivial query in time. */
export async function databaseReachable(db: Db, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  // Drizzle's query runs on each `then`: settle it into one promise first.
  const probe = Promise.resolve(db.execute(sql`select 1`));
  probe.catch(() => undefined); // a late failure after the timeout is expected, not unhandled
  try {
    await within(probe, timeoutMs);
    return true;
  } catch {
    return false;
  }
}

/** True when Redis answers PING in time. */
export async function redisReachable(redis: Redis, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const probe = redis.ping();
  probe.catch(() => undefined);
  try {
    return (await within(probe, timeoutMs)) === 'PONG';
  } catch {
    return false;
  }
}
