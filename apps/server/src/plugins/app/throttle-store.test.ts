import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { backoffLockMs, type BackoffPolicy, type ThrottleStore } from './throttle-store';
import { createMemoryThrottleStore } from './throttle-store-memory';
import { createRedisThrottleStore } from './throttle-store-redis';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

// Both stores must answer alike: memory for one instance, Redis when scaled out (CI runs both).
const stores: Array<[string, () => ThrottleStore]> = [['memory', () => createMemoryThrottleStore()]];
if (redis) stores.push(['redis', () => createRedisThrottleStore(redis, `test:throttle:${randomUUID()}:`)]);

const T0 = Date.parse('2026-11-02T09:00:00Z');
const policy: BackoffPolicy = { free: 3, baseMs: 1000, maxMs: 5000, forgetMs: 60_000 };

describe('backoffLockMs', () => {
  it('locks nothing within the free attempts, then doubles up to the ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map((n) => backoffLockMs(n, policy))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
  });
});

describe.each(stores)('the %s throttle store', (_name, makeStore) => {
  describe('back-off', () => {
    it('lets the free attempts through, then locks each further one, longer each time', async () => {
      const store = makeStore();
      const key = randomUUID();
      for (let i = 0; i < 3; i++) expect(await store.takeBackoffAttempt(key, T0, policy)).toBe(0);
      // The fourth goes ahead but locks the key for 1 s; nothing is counted while locked.
      expect(await store.takeBackoffAttempt(key, T0, policy)).toBe(0);
      expect(await store.takeBackoffAttempt(key, T0 + 400, policy)).toBe(600);
      expect(await store.takeBackoffAttempt(key, T0 + 999, policy)).toBe(1);
      // After the lock, one more attempt, which locks for 2 s, then 4 s, then the 5-s ceiling.
      expect(await store.takeBackoffAttempt(key, T0 + 1000, policy)).toBe(0);
      expect(await store.takeBackoffAttempt(key, T0 + 1000, policy)).toBe(2000);
      expect(await store.takeBackoffAttempt(key, T0 + 3000, policy)).toBe(0);
      expect(await store.takeBackoffAttempt(key, T0 + 3000, policy)).toBe(4000);
      expect(await store.takeBackoffAttempt(key, T0 + 7000, policy)).toBe(0);
      expect(await store.takeBackoffAttempt(key, T0 + 7000, policy)).toBe(5000);
    });

    it('starts again after a success, or after a quiet spell', async () => {
      const store = makeStore();
      const key = randomUUID();
      for (let i = 0; i < 4; i++) await store.takeBackoffAttempt(key, T0, policy);
      expect(await store.takeBackoffAttempt(key, T0, policy)).toBeGreaterThan(0);
      await store.clearBackoff(key);
      for (let i = 0; i < 3; i++) expect(await store.takeBackoffAttempt(key, T0, policy)).toBe(0);

      const quiet = randomUUID();
      for (let i = 0; i < 3; i++) await store.takeBackoffAttempt(quiet, T0, policy);
      const later = T0 + policy.forgetMs + 1;
      for (let i = 0; i < 3; i++) expect(await store.takeBackoffAttempt(quiet, later, policy)).toBe(0);
      expect(await store.takeBackoffAttempt(quiet, later, policy)).toBe(0);
      expect(await store.takeBackoffAttempt(quiet, later, policy)).toBe(1000);
    });

    it('counts concurrent attempts one by one: only the free ones and the first locking one pass', async () => {
      const store = makeStore();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => store.takeBackoffAttempt(key, T0, policy)),
      );
      expect(answers.filter((ms) => ms === 0)).toHaveLength(4);
    });
  });

  describe('sliding window of distinct members', () => {
    it('holds at most `max` members, counts a member once, and frees places as they age out', async () => {
      const store = makeStore();
      const key = randomUUID();
      expect(await store.joinWindow(key, 'a', T0, 10_000, 2)).toBe(0);
      expect(await store.joinWindow(key, 'b', T0 + 1000, 10_000, 2)).toBe(0);
      // A member already in is counted again without taking another place.
      expect(await store.joinWindow(key, 'a', T0 + 2000, 10_000, 2)).toBe(0);
      // Full: the next place frees when b (the oldest now) leaves, 10 s after it came.
      expect(await store.joinWindow(key, 'c', T0 + 3000, 10_000, 2)).toBe(8000);
      expect(await store.joinWindow(key, 'c', T0 + 11_000, 10_000, 2)).toBe(0);
    });

    it('frees a place when a member leaves', async () => {
      const store = makeStore();
      const key = randomUUID();
      await store.joinWindow(key, 'a', T0, 10_000, 1);
      expect(await store.joinWindow(key, 'b', T0, 10_000, 1)).toBeGreaterThan(0);
      await store.leaveWindow(key, 'a');
      expect(await store.joinWindow(key, 'b', T0, 10_000, 1)).toBe(0);
    });

    it('lets only `max` distinct members in when they arrive at once', async () => {
      const store = makeStore();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.joinWindow(key, `m${i}`, T0, 10_000, 5)),
      );
      expect(answers.filter((ms) => ms === 0)).toHaveLength(5);
    });
  });

  describe('claims', () => {
    it('grants one claim per period', async () => {
      const store = makeStore();
      const key = randomUUID();
      expect(await store.claimOnce(key, T0, 60_000)).toBe(true);
      expect(await store.claimOnce(key, T0 + 59_999, 60_000)).toBe(false);
      expect(await store.claimOnce(key, T0 + 60_000, 60_000)).toBe(true);
    });

    it('lets the holder of a claim repeat it within the period, and nobody else', async () => {
      const store = makeStore();
      const key = randomUUID();
      expect(await store.claimFor(key, 'upload-a', T0, 60_000)).toBe(true);
      expect(await store.claimFor(key, 'upload-a', T0 + 30_000, 60_000)).toBe(true);
      expect(await store.claimFor(key, 'upload-b', T0 + 30_000, 60_000)).toBe(false);
      // A repeat does not extend the claim: after the first claim's period another may take it.
      expect(await store.claimFor(key, 'upload-b', T0 + 60_000, 60_000)).toBe(true);
      expect(await store.claimFor(key, 'upload-a', T0 + 60_001, 60_000)).toBe(false);
    });

    it('gives a claim to one holder when several race for it', async () => {
      const store = makeStore();
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.claimFor(key, `upload-${i}`, T0, 60_000)),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
    });
  });

  it('forgets everything on reset', async () => {
    const store = makeStore();
    const key = randomUUID();
    await store.claimOnce(key, T0, 60_000);
    await store.joinWindow(key, 'a', T0, 10_000, 1);
    for (let i = 0; i < 4; i++) await store.takeBackoffAttempt(key, T0, policy);
    await store.reset();
    expect(await store.claimOnce(key, T0, 60_000)).toBe(true);
    expect(await store.joinWindow(key, 'b', T0, 10_000, 1)).toBe(0);
    expect(await store.takeBackoffAttempt(key, T0, policy)).toBe(0);
  });
});
