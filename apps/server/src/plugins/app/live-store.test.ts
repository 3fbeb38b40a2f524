import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TeacherChunk } from '@rollbook/presence';
import { onceTopic, teacherAudioTopic, type LiveStore } from './live-store';
import { createMemoryLiveStore } from './live-store-memory';
import { createRedisLiveStore } from './live-store-redis';

const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : null;
afterAll(async () => {
  await redis?.quit();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chunk = (timestampMs: number): TeacherChunk => ({ timestampMs, bytes: new Uint8Array([1, 2, 3, 4]) });

// Both stores must behave alike: memory for one instance, Redis when scaled out (CI runs both).
// The Redis variant is always registered, so a run without TEST_REDIS_URL reports it as skipped
// (CI's "server suites on PostgreSQL + Redis" step runs it) instead of leaving it out unseen.
describe('the memory live store', () => liveStoreRules(() => createMemoryLiveStore()));
describe.skipIf(!redis)('the redis live store (TEST_REDIS_URL)', () =>
  liveStoreRules(() => createRedisLiveStore(redis!)),
);

function liveStoreRules(makeStore: () => LiveStore) {
  describe('rate-limit slots', () => {
    it('holds a taken slot, and gives it back early only to the token that holds it', async () => {
      const store = makeStore();
      const key = `test:${randomUUID()}`;
      const token = await store.takeRateSlot(key, 60_000);
      expect(token).toEqual(expect.any(String));
      expect(await store.takeRateSlot(key, 60_000)).toBeNull();

      await store.releaseRateSlot(key, 'someone-else');
      expect(await store.takeRateSlot(key, 60_000)).toBeNull();

      await store.releaseRateSlot(key, token!);
      const again = await store.takeRateSlot(key, 60_000);
      expect(again).toEqual(expect.any(String));
      expect(again).not.toBe(token);
    });

    it('a late release never frees a slot a newer attempt took after the first one expired', async () => {
      const store = makeStore();
      const key = `test:${randomUUID()}`;
      const first = await store.takeRateSlot(key, 40);
      await sleep(80);
      const second = await store.takeRateSlot(key, 60_000);
      expect(second).toEqual(expect.any(String));
      await store.releaseRateSlot(key, first!);
      expect(await store.takeRateSlot(key, 60_000)).toBeNull();
    });
  });

  describe('one-time answers', () => {
    it('claims once, tells a repeat to wait, then answers it what was settled; an abandoned claim is free again', async () => {
      const store = makeStore();
      const key = `test:${randomUUID()}`;
      expect(await store.claimOnce(key, 60_000)).toEqual({ claimed: true });
      expect(await store.claimOnce(key, 60_000)).toEqual({ claimed: false, answer: null });
      const watch = await store.watch(onceTopic(key));
      try {
        await store.settleOnce(key, '{"ok":true}', 60_000);
        expect(await watch.next(10_000)).toBe(true);
      } finally {
        watch.close();
        await store.close();
      }
      expect(await store.claimOnce(key, 60_000)).toEqual({ claimed: false, answer: '{"ok":true}' });
      await store.abandonOnce(key);
      expect(await store.claimOnce(key, 60_000)).toEqual({ claimed: true });
    });

    it('tells whether a rate-limit slot is held without taking it', async () => {
      const store = makeStore();
      const key = `test:${randomUUID()}`;
      expect(await store.rateSlotHeld(key)).toBe(false);
      expect(await store.rateSlotHeld(key)).toBe(false);
      await store.takeRateSlot(key, 60_000);
      expect(await store.rateSlotHeld(key)).toBe(true);
    });
  });

  describe("the teacher's slow-network mark", () => {
    it('is kept until unset, expiry or the session is cleared', async () => {
      const store = makeStore();
      const session = randomUUID();
      expect(await store.teacherNetworkSlow(session)).toBe(false);
      await store.setTeacherNetworkSlow(session, true, 60_000);
      expect(await store.teacherNetworkSlow(session)).toBe(true);
      await store.setTeacherNetworkSlow(session, false, 60_000);
      expect(await store.teacherNetworkSlow(session)).toBe(false);

      await store.setTeacherNetworkSlow(session, true, 60_000);
      await store.clearSession(session);
      expect(await store.teacherNetworkSlow(session)).toBe(false);

      await store.setTeacherNetworkSlow(session, true, 40);
      await sleep(100);
      expect(await store.teacherNetworkSlow(session)).toBe(false);
    });
  });

  describe('teacher audio', () => {
    it('tells when the last chunk arrived (server time), and forgets it with the session', async () => {
      const store = makeStore();
      const session = randomUUID();
      expect(await store.teacherAudioArrivedMs(session)).toBeNull();
      const before = Date.now();
      await store.appendTeacherChunk(session, chunk(1_000), 60_000);
      const arrived = await store.teacherAudioArrivedMs(session);
      expect(arrived).toBeGreaterThanOrEqual(before);
      expect(arrived).toBeLessThanOrEqual(Date.now());
      await store.clearSession(session);
      expect(await store.teacherAudioArrivedMs(session)).toBeNull();
      expect(await store.newestTeacherChunkMs(session)).toBeNull();
    });

    it('keeps one window before the newest chunk', async () => {
      const store = makeStore();
      const session = randomUUID();
      for (const t of [0, 1_000, 2_000, 3_000]) await store.appendTeacherChunk(session, chunk(t), 1_500);
      const kept = await store.teacherChunks(session, 0, 10_000);
      expect(kept.map((c) => c.timestampMs)).toEqual([2_000, 3_000]);
      expect(await store.newestTeacherChunkMs(session)).toBe(3_000);
    });

    it('reads the chunks of a stretch with the newest stamp and the arrival at once', async () => {
      const store = makeStore();
      const session = randomUUID();
      expect(await store.readTeacherAudio(session, 0, 10_000)).toEqual({
        chunks: [],
        newestMs: null,
        arrivedMs: null,
      });
      for (const t of [0, 1_000, 2_000, 3_000]) await store.appendTeacherChunk(session, chunk(t), 60_000);
      const read = await store.readTeacherAudio(session, 500, 2_000);
      expect(read.chunks.map((c) => c.timestampMs)).toEqual([1_000, 2_000]);
      expect([...read.chunks[0]!.bytes]).toEqual([1, 2, 3, 4]);
      expect(read.newestMs).toBe(3_000);
      expect(read.arrivedMs).toBeLessThanOrEqual(Date.now());
      // Read again (the Redis store then sends only what this instance does not hold yet).
      const again = await store.readTeacherAudio(session, 0, 3_000);
      expect(again.chunks.map((c) => c.timestampMs)).toEqual([0, 1_000, 2_000, 3_000]);
      expect(again.chunks.every((c) => c.bytes.length === 4)).toBe(true);
    });

    it('hands out chunks that own exactly their bytes, the same ones on every read', async () => {
      const store = makeStore();
      const session = randomUUID();
      // Big enough that a reply spans socket reads (the parser then answers views into its pool).
      const big = (t: number, fill: number) => ({ timestampMs: t, bytes: new Uint8Array(40_000).fill(fill) });
      for (const [i, t] of [0, 1_000, 2_000].entries())
        await store.appendTeacherChunk(session, big(t, i + 1), 60_000);
      const first = await store.readTeacherAudio(session, 0, 2_000);
      // A view into a larger buffer would be cloned whole when posted to a verification worker.
      for (const c of first.chunks) expect(c.bytes.byteLength).toBe(c.bytes.buffer.byteLength);
      expect(first.chunks.map((c) => c.bytes[0])).toEqual([1, 2, 3]);
      const again = await store.readTeacherAudio(session, 0, 2_000);
      for (const [i, c] of again.chunks.entries()) expect(c.bytes).toBe(first.chunks[i]!.bytes);
    });

    it('signals a kept chunk to whoever watches the session', async () => {
      const store = makeStore();
      const session = randomUUID();
      const watch = await store.watch(teacherAudioTopic(session));
      try {
        expect(await watch.next(20)).toBe(false);
        await store.appendTeacherChunk(session, chunk(0), 60_000);
        expect(await watch.next(10_000)).toBe(true);
      } finally {
        watch.close();
        await store.close();
      }
    });

    it('ages out everything two windows after the stream stopped arriving', async () => {
      const store = makeStore();
      const session = randomUUID();
      const windowMs = 60; // tiny, so the test waits a moment instead of two minutes
      await store.appendTeacherChunk(session, chunk(0), windowMs);
      await store.appendTeacherChunk(session, chunk(40), windowMs);
      expect(await store.newestTeacherChunkMs(session)).toBe(40);
      await sleep(windowMs * 2 + 60);
      expect(await store.teacherChunks(session, 0, 10_000)).toEqual([]);
      expect(await store.newestTeacherChunkMs(session)).toBeNull();
      expect(await store.teacherAudioArrivedMs(session)).toBeNull();
      // A stream that starts again is kept as before.
      await store.appendTeacherChunk(session, chunk(5_000), windowMs);
      expect(await store.newestTeacherChunkMs(session)).toBe(5_000);
    });
  });
}

describe('the memory live store on its own clock', () => {
  it('ages teacher audio by its clock, like Redis expiring the keys', async () => {
    let now = 1_000_000;
    const store = createMemoryLiveStore(() => now);
    const session = randomUUID();
    await store.appendTeacherChunk(session, chunk(5), 60_000);
    now += 119_000;
    expect(await store.newestTeacherChunkMs(session)).toBe(5);
    expect(await store.teacherAudioArrivedMs(session)).toBe(1_000_000);
    now += 2_000;
    expect(await store.newestTeacherChunkMs(session)).toBeNull();
    expect(await store.teacherChunks(session, 0, 10)).toEqual([]);
  });
});

describe.skipIf(!redis)('the redis live store across instances (TEST_REDIS_URL)', () => {
  it("wakes a marking waiting on one instance when the teacher's chunk is kept through another", async () => {
    const a = createRedisLiveStore(redis!);
    const b = createRedisLiveStore(redis!);
    const session = randomUUID();
    const watch = await b.watch(teacherAudioTopic(session));
    try {
      await a.appendTeacherChunk(session, chunk(0), 60_000);
      expect(await watch.next(10_000)).toBe(true);
    } finally {
      watch.close();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps its signals to its own Redis database: another deployment on the same server hears none', async () => {
    // Pub/sub ignores Redis database numbers; the store's channels carry its number instead.
    const otherDb = redis!.duplicate({ db: ((redis!.options.db ?? 0) + 8) % 16 });
    const ours = createRedisLiveStore(redis!);
    const sameDb = createRedisLiveStore(redis!);
    const theirs = createRedisLiveStore(otherDb);
    const session = randomUUID();
    const ourWatch = await sameDb.watch(teacherAudioTopic(session));
    const theirWatch = await theirs.watch(teacherAudioTopic(session));
    try {
      await ours.appendTeacherChunk(session, chunk(0), 60_000);
      expect(await ourWatch.next(10_000)).toBe(true);
      expect(await theirWatch.next(500)).toBe(false);
    } finally {
      ourWatch.close();
      theirWatch.close();
      await Promise.all([ours.close(), sameDb.close(), theirs.close()]);
      await otherDb.quit();
    }
  });

  it('drops the bytes of the chunks it trims: a session costs its window of audio', async () => {
    const store = createRedisLiveStore(redis!);
    const session = randomUUID();
    const second = (t: number): TeacherChunk => ({ timestampMs: t, bytes: new Uint8Array(96_000) });
    for (let t = 0; t < 30_000; t += 1000) await store.appendTeacherChunk(session, second(t), 10_000);
    expect(await redis!.hlen(`rb:live:chunks:${session}`)).toBe(11);
    const bytes = Number(await redis!.call('MEMORY', 'USAGE', `rb:live:chunks:${session}`));
    // Eleven seconds of 48 kHz PCM16 and a little bookkeeping, not thirty.
    expect(bytes).toBeGreaterThan(11 * 96_000);
    expect(bytes).toBeLessThan(12 * 96_000);
  });
});
