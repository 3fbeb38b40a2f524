import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { LiveStore } from '../../plugins/app/live-store';
import { createMemoryLiveStore } from '../../plugins/app/live-store-memory';
import { createRedisLiveStore } from '../../plugins/app/live-store-redis';
import { claimTeacherLease, decodeHolder, encodeHolder } from './teacher-lease';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

// The same rules on both stores: memory for one instance, Redis (its Lua scripts) when scaled out.
// The Redis variant is always registered, so a run without TEST_REDIS_URL reports it as skipped
// (CI's "server suites on PostgreSQL + Redis" step runs it) instead of leaving it out unseen.
describe('teacher lease on the memory store', () => leaseRules(() => createMemoryLiveStore()));
describe.skipIf(!redis)('teacher lease on the redis store (TEST_REDIS_URL)', () =>
  leaseRules(() => createRedisLiveStore(redis!)),
);

function leaseRules(makeStore: () => LiveStore) {
  const TTL = 60_000;
  const cst = (socketId: string) => ({ teacher: 'profile-cst', socketId });

  it('takes a free lease, and keeps it for the socket that holds it', async () => {
    const store = makeStore();
    const session = randomUUID();
    expect(await claimTeacherLease(store, session, cst('s1'), TTL)).toEqual({ taken: true, displaced: null });
    expect(await claimTeacherLease(store, session, cst('s1'), TTL)).toEqual({ taken: true, displaced: null });
    expect(decodeHolder((await store.teacherLeaseHolder(session))!)).toEqual(cst('s1'));
  });

  it('hands the lease to a newer socket of the same teacher and names the one it displaced', async () => {
    const store = makeStore();
    const session = randomUUID();
    await claimTeacherLease(store, session, cst('old'), TTL);
    expect(await claimTeacherLease(store, session, cst('new'), TTL)).toEqual({
      taken: true,
      displaced: cst('old'),
    });
    // The displaced socket can neither renew nor release what it no longer holds.
    expect(await store.renewTeacherLease(session, encodeHolder(cst('old')), TTL)).toBe(false);
    await store.releaseTeacherLease(session, encodeHolder(cst('old')));
    expect(decodeHolder((await store.teacherLeaseHolder(session))!)).toEqual(cst('new'));
  });

  it('refuses another teacher, and a holder it cannot read', async () => {
    const store = makeStore();
    const session = randomUUID();
    await claimTeacherLease(store, session, cst('s1'), TTL);
    expect(await claimTeacherLease(store, session, { teacher: 'profile-haj', socketId: 's2' }, TTL)).toEqual({
      taken: false,
    });
    const legacy = randomUUID();
    await store.acquireTeacherLease(legacy, 'a-bare-socket-id', TTL);
    expect(await claimTeacherLease(store, legacy, cst('s1'), TTL)).toEqual({ taken: false });
  });

  it('replaces a lease only while the expected holder still has it', async () => {
    const store = makeStore();
    const session = randomUUID();
    await store.acquireTeacherLease(session, 'a', TTL);
    expect(await store.replaceTeacherLease(session, 'b', 'c', TTL)).toBe(false);
    expect(await store.replaceTeacherLease(session, 'a', 'c', TTL)).toBe(true);
    expect(await store.teacherLeaseHolder(session)).toBe('c');
    expect(await store.replaceTeacherLease(randomUUID(), 'a', 'c', TTL)).toBe(false);
  });
}

describe('lease holder encoding', () => {
  it('round-trips any slug and rejects what it did not write', () => {
    const holder = { teacher: 'slug with "quotes" and | bars', socketId: 'AbC_-123' };
    expect(decodeHolder(encodeHolder(holder))).toEqual(holder);
    for (const value of ['socket-id', '[]', '["a"]', '[1,2]', '{"teacher":"a","socketId":"b"}']) {
      expect(decodeHolder(value)).toBeNull();
    }
  });
});
