import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { DATA_VERSION_KEY, SwitchableDataVersion, type VersionStore } from './data-version';
import { writeTracker } from './pg-write-hook';

describe('which statements move the data version', () => {
  it('bumps after a write outside a transaction, and after the COMMIT of one that wrote', () => {
    const t = writeTracker();
    expect(t.bumpsAfter('select 1')).toBe(false);
    expect(t.bumpsAfter('  SELECT * from lectures')).toBe(false);
    expect(t.bumpsAfter('insert into "lectures" values (1)')).toBe(true);
    expect(t.bumpsAfter('with moved as (update "lectures" set day = 1) select 1')).toBe(true);
    expect(t.bumpsAfter('truncate "lectures"')).toBe(true);

    expect(t.bumpsAfter('begin')).toBe(false);
    expect(t.bumpsAfter('update "lectures" set is_active = false')).toBe(false);
    expect(t.bumpsAfter('savepoint sp1')).toBe(false);
    expect(t.bumpsAfter('rollback to savepoint sp1')).toBe(false);
    expect(t.bumpsAfter('commit')).toBe(true);

    expect(t.bumpsAfter('begin')).toBe(false);
    expect(t.bumpsAfter('select 1')).toBe(false);
    expect(t.bumpsAfter('commit')).toBe(false);

    expect(t.bumpsAfter('begin')).toBe(false);
    expect(t.bumpsAfter('delete from "lectures"')).toBe(false);
    expect(t.bumpsAfter('rollback')).toBe(false);
    expect(t.bumpsAfter('delete from "lectures"')).toBe(true);
  });
});

// A real Redis (CI's TEST_REDIS_URL); the store is wrapped only to count the commands it is sent.
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('the data version shared through Redis', () => {
  let redisA: Redis;
  let redisB: Redis;
  const gets = { count: 0 };
  const counted = (redis: Redis): VersionStore => ({
    get: (key) => {
      gets.count++;
      return redis.get(key);
    },
    incr: (key) => redis.incr(key),
    incrby: (key, by) => redis.incrby(key, by),
    set: (key, value, mode) => redis.set(key, value, mode),
  });
  const a = new SwitchableDataVersion();
  const b = new SwitchableDataVersion();

  beforeAll(() => {
    redisA = new Redis(process.env.TEST_REDIS_URL!);
    redisB = new Redis(process.env.TEST_REDIS_URL!);
    a.useRedis(counted(redisA));
    b.useRedis(counted(redisB));
  });
  afterAll(async () => {
    await redisA.quit();
    await redisB.quit();
  });

  it('shows a write on one instance to any read that begins after it on another', async () => {
    const before = await a.read(performance.now());
    await b.afterWrite();
    const after = await a.read(performance.now());
    expect(Number(after)).toBeGreaterThan(Number(before));
  });

  it('answers reads that began together with one round trip, and a later read with a new one', async () => {
    const since = performance.now();
    gets.count = 0;
    const versions = await Promise.all(Array.from({ length: 10 }, () => a.read(since)));
    expect(new Set(versions).size).toBe(1);
    expect(gets.count).toBe(1);
    // The same request's next read reuses it; a request arriving later asks again.
    await a.read(since);
    expect(gets.count).toBe(1);
    await a.read(performance.now());
    expect(gets.count).toBe(2);
  });

  it('never answers a read in the writer’s own request with a version fetched before its write', async () => {
    const since = performance.now();
    const before = await a.read(since);
    await a.afterWrite();
    expect(Number(await a.read(since))).toBeGreaterThan(Number(before));
  });

  it('starts above every earlier number when Redis lost the key', async () => {
    const before = Number(await a.read(performance.now()));
    await redisA.del(DATA_VERSION_KEY);
    expect(Number(await b.read(performance.now()))).toBeGreaterThan(before);
    await redisA.del(DATA_VERSION_KEY);
    await a.afterWrite();
    expect(Number(await b.read(performance.now()))).toBeGreaterThan(before);
  });
});
