import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { TeacherChunk } from '@rollbook/presence';
import { onceTopic, teacherAudioTopic, type LiveStore } from './live-store';
import { createSignalHub } from './signal-hub';
import { redisChannelScope } from './redis-channels';

const PREFIX = 'rb:live:';
const leaseKey = (sessionId: string) => `${PREFIX}lease:${sessionId}`;
const audioIndexKey = (sessionId: string) => `${PREFIX}audio:${sessionId}`;
const chunkBytesKey = (sessionId: string) => `${PREFIX}chunks:${sessionId}`;
const arrivedKey = (sessionId: string) => `${PREFIX}arrived:${sessionId}`;
const rateKey = (key: string) => `${PREFIX}rate:${key}`;
const playbackKey = (sessionId: string) => `${PREFIX}tone:${sessionId}`;
const offsetKey = (sessionId: string) => `${PREFIX}offset:${sessionId}`;
const onceKey = (key: string) => `${PREFIX}once:${key}`;
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

// Keeps one chunk (index score = its timestamp, bytes in the session's hash), drops what lies more
// than a window before the newest from both (so the window is all the session costs), renews the
// expiry, stamps the arrival and signals every instance: one round trip per chunk.
// KEYS: index, bytes hash, arrived. ARGV: member, timestamp, bytes, window, keep, now, channel.
const APPEND_CHUNK = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. (tonumber(newest[2]) - tonumber(ARGV[4])))
if #old > 0 then
  redis.call('ZREM', KEYS[1], unpack(old))
  redis.call('HDEL', KEYS[2], unpack(old))
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('SET', KEYS[3], ARGV[6], 'PX', ARGV[5])
redis.call('PUBLISH', ARGV[7], ARGV[2])
return 1`;
// The newest stamp, the arrival, and the chunks of [from, to] with the bytes of those the caller
// does not hold yet ('' for held or vanished ones): one round trip per step of a marking's wait.
// KEYS: index, bytes hash, arrived. ARGV: from, to, members already held...
const READ_AUDIO = `
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if #newest == 0 then return {false, false, {}, {}} end
local members = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[2])
local held = {}
for i = 3, #ARGV do held[ARGV[i]] = true end
local bytes = {}
for i, m in ipairs(members) do
  if held[m] then bytes[i] = '' else bytes[i] = redis.call('HGET', KEYS[2], m) or '' end
end
return {newest[2], redis.call('GET', KEYS[3]) or false, members, bytes}`;
// Claims a one-time key or answers what it holds ('' while its first claimant runs).
const CLAIM_ONCE = `
if redis.call('SET', KEYS[1], '', 'NX', 'PX', ARGV[1]) then return false end
return redis.call('GET', KEYS[1]) or ''`;

// Chunks never change once written, so each instance keeps the ones it fetched: 300 students of a
// session verify against the same few seconds of teacher audio.
const CACHE_LIMIT = 512;

/**
 * The live store shared by every instance through Redis. Teacher audio is a sorted-set index
 * (score = chunk timestamp) plus a hash of the chunks' bytes, trimmed together to the window and
 * expiring together, so a session costs its window and a crashed instance leaves nothing behind
 * for long; signals (a chunk kept, a one-time answer settled) go through Redis pub/sub to every
 * instance; the teacher lease is a key with a TTL renewed by the
 * holder's heartbeat.
 */
export function createRedisLiveStore(redis: Redis): LiveStore {
  const signalPrefix = `${redisChannelScope(redis)}live:signal:`;
  const signalChannel = (topic: string) => `${signalPrefix}${topic}`;
  // Each kept chunk owns exactly its bytes: the parser's reply buffers are views into its larger
  // pool or socket reads, and a view posted to a verification worker is cloned whole (sessions-0012).
  const cache = new Map<string, Uint8Array>();
  const cacheKey = (sessionId: string, member: string) => `${sessionId} ${member}`;
  const heldMembers = new Map<string, Set<string>>();

  function remember(sessionId: string, member: string, bytes: Uint8Array) {
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.keys().next().value!;
      cache.delete(oldest);
      const [session, kept] = oldest.split(' ') as [string, string];
      heldMembers.get(session)?.delete(kept);
    }
    cache.set(cacheKey(sessionId, member), bytes);
    let held = heldMembers.get(sessionId);
    if (!held) heldMembers.set(sessionId, (held = new Set()));
    held.add(member);
  }

  const hub = createSignalHub();
  let subscriber: Redis | null = null;
  let subscribed: Promise<unknown> | null = null;
  /** One subscriber connection per store, to every signal; messages are dispatched locally. */
  function subscribe(): Promise<unknown> {
    if (subscribed) return subscribed;
    const sub = redis.duplicate();
    subscriber = sub;
    sub.on('error', () => undefined); // the main connection's listeners report outages
    sub.on('pmessage', (_pattern: string, channel: string) => hub.emit(channel.slice(signalPrefix.length)));
    subscribed = sub.psubscribe(`${signalPrefix}*`).catch((err: unknown) => {
      subscribed = null;
      throw err;
    });
    return subscribed;
  }

  async function readAudio(sessionId: string, fromMs: number, toMs: number) {
    // The held chunks' bytes, taken now: a concurrent read may evict them from the cache meanwhile.
    const held = new Map<string, Uint8Array>();
    for (const member of heldMembers.get(sessionId) ?? []) {
      const bytes = cache.get(cacheKey(sessionId, member));
      if (bytes) held.set(member, bytes);
    }
    const reply = (await redis.callBuffer(
      'EVAL',
      READ_AUDIO,
      3,
      audioIndexKey(sessionId),
      chunkBytesKey(sessionId),
      arrivedKey(sessionId),
      String(fromMs),
      String(toMs),
      ...held.keys(),
    )) as [Buffer | null, Buffer | null, Buffer[], Buffer[]];
    const [newest, arrived, members, bytes] = reply;
    const chunks: TeacherChunk[] = [];
    members.forEach((raw, i) => {
      const member = raw.toString();
      const fetched = bytes[i];
      // Copied once, when first fetched; later reads hand out the same bytes (chunks never change).
      const own = fetched && fetched.length > 0 ? new Uint8Array(fetched) : undefined;
      if (own) remember(sessionId, member, own);
      const kept = own ?? held.get(member);
      if (kept) chunks.push({ timestampMs: Number(member.split(':')[0]), bytes: kept });
    });
    return {
      chunks,
      newestMs: newest === null ? null : Number(newest.toString()),
      arrivedMs: newest === null || arrived === null ? null : Number(arrived.toString()),
    };
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
      // A stream that stopped leaves nothing behind for long.
      const keepMs = windowMs * 2;
      await redis.eval(
        APPEND_CHUNK,
        3,
        audioIndexKey(sessionId),
        chunkBytesKey(sessionId),
        arrivedKey(sessionId),
        member,
        String(chunk.timestampMs),
        Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength),
        String(windowMs),
        String(keepMs),
        // Arrival time on this instance's clock; instances keep their clocks in step (NTP).
        String(Date.now()),
        signalChannel(teacherAudioTopic(sessionId)),
      );
    },
    async teacherChunks(sessionId, fromMs, toMs) {
      return (await readAudio(sessionId, fromMs, toMs)).chunks;
    },
    readTeacherAudio: readAudio,
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
    async watch(topic) {
      await subscribe();
      return hub.watch(topic);
    },
    async claimOnce(key, ttlMs) {
      const held = (await redis.eval(CLAIM_ONCE, 1, onceKey(key), String(ttlMs))) as string | null;
      return held === null ? { claimed: true } : { claimed: false, answer: held === '' ? null : held };
    },
    async settleOnce(key, answer, ttlMs) {
      await redis
        .multi()
        .set(onceKey(key), answer, 'PX', ttlMs)
        .publish(signalChannel(onceTopic(key)), '1')
        .exec();
    },
    async abandonOnce(key) {
      await redis
        .multi()
        .del(onceKey(key))
        .publish(signalChannel(onceTopic(key)), '1')
        .exec();
    },
    async rateSlotHeld(key) {
      return (await redis.exists(rateKey(key))) === 1;
    },
    async close() {
      await subscriber?.quit().catch(() => undefined);
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
      heldMembers.delete(sessionId);
      await redis.del(
        audioIndexKey(sessionId),
        chunkBytesKey(sessionId),
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
