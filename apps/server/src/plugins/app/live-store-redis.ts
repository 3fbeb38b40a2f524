import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TeacherChunk } from '@rollbook/presence';
import type { LiveStore } from './live-store';

const PREFIX = 'rb:live:';
const leaseKey = (sessionId: string) => `${PREFIX}lease:${sessionId}`;
const audioIndexKey = (sessionId: string) => `${PREFIX}audio:${sessionId}`;
const chunkKey = (sessionId: string, member: string) => `${PREFIX}chunk:${sessionId}:${member}`;
const arrivedKey = (sessionId: string) => `${PREFIX}arrived:${sessionId}`;
const rateKey = (key: string) => `${PREFIX}rate:${key}`;
const playbackKey = (sessionId: string) => `${PREFIX}tone:${sessionId}`;
const offsetKey = (sessionId: string) => `${PREFIX}offset:${sessionId}`;
const slowKey = (sessionId: string) => `${PREFIX}slow:${sessionId}`;

// Compare-and-set scripts: a lease is only renewed or released by the socket that holds it.
const ACQUIRE = `
local v = redis.call('GET', KEYS[1])
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;
const REPLACE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end
return 0`;
// Keeps the smaller of the stored offset and ARGV[1], renews its expiry, answers it.
const LOWER = `
local v = tonumber(redis.call('GET', KEYS[1]))
local seen = tonumber(ARGV[1])
if v == nil or seen < v then v = seen end
redis.call('SET', KEYS[1], tostring(v), 'PX', ARGV[2])
return tostring(v)`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

// Chunks never change once written, so each instance keeps the ones it fetched: 300 students of a
// session verify against the same few seconds of teacher audio.
const CACHE_LIMIT = 512;

/**
 * The live store shared by every instance through Redis. Teacher audio is a sorted-set index
 * (score = chunk timestamp) plus one key per chunk holding the bytes with an expiry, so a crashed
 * instance leaves nothing behind for long; the teacher lease is a key with a TTL renewed by the
 * holder's heartbeat.
 */
export function createRedisLiveStore(redis: Redis): LiveStore {
  const cache = new Map<string, Buffer>();

  function remember(key: string, bytes: Buffer) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, bytes);
  }

  return {
    async acquireTeacherLease(sessionId, holder, ttlMs) {
      return (await redis.eval(ACQUIRE, 1, leaseKey(sessionId), holder, String(ttlMs))) === 1;
    },
    async renewTeacherLease(sessionId, holder, ttlMs) {
      return (await redis.eval(RENEW, 1, leaseKey(sessionId), holder, String(ttlMs))) === 1;
    },
    async replaceTeacherLease(sessionId, current, holder, ttlMs) {
      const replaced = await redis.eval(REPLACE, 1, leaseKey(sessionId), current, holder, String(ttlMs));
      return replaced === 1;
    },
    async teacherLeaseHolder(sessionId) {
      return redis.get(leaseKey(sessionId));
    },
    async releaseTeacherLease(sessionId, holder) {
      await redis.eval(RELEASE, 1, leaseKey(sessionId), holder);
    },
    async appendTeacherChunk(sessionId, chunk, windowMs) {
      const member = `${chunk.timestampMs}:${randomBytes(4).toString('hex')}`;
      const index = audioIndexKey(sessionId);
      // Bytes outlive the window a little so an index entry never points at an expired chunk
      // while it is still inside the window.
      const keepMs = windowMs * 2;
      await redis
        .multi()
        .set(chunkKey(sessionId, member), Buffer.from(chunk.bytes), 'PX', keepMs)
        .zadd(index, chunk.timestampMs, member)
        .zremrangebyscore(index, '-inf', chunk.timestampMs - windowMs - 1)
        .pexpire(index, keepMs)
        // Arrival time on this instance's clock; instances keep their clocks in step (NTP).
        .set(arrivedKey(sessionId), String(Date.now()), 'PX', keepMs)
        .exec();
    },
    async teacherChunks(sessionId, fromMs, toMs) {
      const members = await redis.zrangebyscore(audioIndexKey(sessionId), fromMs, toMs);
      const keys = members.map((m) => chunkKey(sessionId, m));
      const missing = keys.filter((k) => !cache.has(k));
      if (missing.length > 0) {
        const values = await redis.mgetBuffer(...missing);
        missing.forEach((k, i) => {
          const bytes = values[i];
          if (bytes) remember(k, bytes);
        });
      }
      const chunks: TeacherChunk[] = [];
      members.forEach((m, i) => {
        const bytes = cache.get(keys[i]!);
        if (bytes) chunks.push({ timestampMs: Number(m.split(':')[0]), bytes: new Uint8Array(bytes) });
      });
      return chunks;
    },
    async newestTeacherChunkMs(sessionId) {
      const [, score] = await redis.zrange(audioIndexKey(sessionId), -1, -1, 'WITHSCORES');
      return score === undefined ? null : Number(score);
    },
    async teacherAudioArrivedMs(sessionId) {
      const [arrived, kept] = await Promise.all([
        redis.get(arrivedKey(sessionId)),
        redis.zcard(audioIndexKey(sessionId)),
      ]);
      return arrived === null || kept === 0 ? null : Number(arrived);
    },
    async setTonePlayback(sessionId, playback, ttlMs) {
      if (playback === null) await redis.del(playbackKey(sessionId));
      else await redis.set(playbackKey(sessionId), playback, 'PX', ttlMs);
    },
    async tonePlayback(sessionId) {
      return redis.get(playbackKey(sessionId));
    },
    async lowerTeacherClockOffset(sessionId, seenMs, ttlMs) {
      const kept = await redis.eval(LOWER, 1, offsetKey(sessionId), String(seenMs), String(ttlMs));
      return Number(kept);
    },
    async setTeacherNetworkSlow(sessionId, slow, ttlMs) {
      if (slow) await redis.set(slowKey(sessionId), '1', 'PX', ttlMs);
      else await redis.del(slowKey(sessionId));
    },
    async teacherNetworkSlow(sessionId) {
      return (await redis.exists(slowKey(sessionId))) === 1;
    },
    async clearSession(sessionId) {
      // Chunk keys expire on their own; dropping the index makes them unreachable at once.
      await redis.del(
        audioIndexKey(sessionId),
        arrivedKey(sessionId),
        leaseKey(sessionId),
        playbackKey(sessionId),
        offsetKey(sessionId),
        slowKey(sessionId),
      );
    },
    async takeRateSlot(key, ttlMs) {
      const token = randomBytes(8).toString('hex');
      return (await redis.set(rateKey(key), token, 'PX', ttlMs, 'NX')) === 'OK' ? token : null;
    },
    async releaseRateSlot(key, token) {
      // The lease's compare-and-delete: only the attempt holding the slot gives it back.
      await redis.eval(RELEASE, 1, rateKey(key), token);
    },
  };
}
