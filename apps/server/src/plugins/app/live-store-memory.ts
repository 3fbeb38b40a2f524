import { randomBytes } from 'node:crypto';
import type { TeacherChunk } from '@rollbook/presence';
import { onceTopic, teacherAudioTopic, type LiveStore } from './live-store';
import { createSignalHub } from './signal-hub';

interface Lease {
  holder: string;
  expiresAt: number;
}

/** A kept teacher chunk and when it ages out (server time, like a Redis key's expiry). */
interface KeptChunk {
  chunk: TeacherChunk;
  expiresAt: number;
}

/** A session's kept audio: chunks by timestamp, and when the last one arrived. */
interface SessionAudio {
  chunks: KeptChunk[];
  arrivedAt: number;
  expiresAt: number;
}

interface Slot {
  token: string;
  until: number;
}

/**
 * The live store of a single instance: plain maps with expiry times. It implements exactly the
 * Redis store's semantics so the code above it cannot tell them apart.
 */
export function createMemoryLiveStore(now: () => number = Date.now): LiveStore {
  const leases = new Map<string, Lease>();
  const audio = new Map<string, SessionAudio>();
  const slots = new Map<string, Slot>();
  const playbacks = new Map<string, { text: string; expiresAt: number }>();
  const offsets = new Map<string, { offsetMs: number; expiresAt: number }>();
  const onces = new Map<string, { answer: string | null; expiresAt: number }>();
  const hub = createSignalHub();

  function liveOnce(key: string) {
    const kept = onces.get(key);
    if (kept && kept.expiresAt <= now()) {
      onces.delete(key);
      return undefined;
    }
    return kept;
  }
  /** Sessions whose teacher's network is too slow for audio, until when. */
  const slowUntil = new Map<string, number>();

  function liveLease(sessionId: string): Lease | undefined {
    const lease = leases.get(sessionId);
    if (lease && lease.expiresAt <= now()) {
      leases.delete(sessionId);
      return undefined;
    }
    return lease;
  }

  /**
   * A session's audio without what aged out; undefined once all of it did. Mirrors the Redis
   * store, whose chunk keys and index expire `2 × window` after they were written: without this a
   * teacher whose stream stopped would keep their last minute of audio for the whole process.
   */
  function liveAudio(sessionId: string): SessionAudio | undefined {
    const kept = audio.get(sessionId);
    if (!kept) return undefined;
    const t = now();
    if (kept.expiresAt <= t) {
      audio.delete(sessionId);
      return undefined;
    }
    kept.chunks = kept.chunks.filter((c) => c.expiresAt > t);
    return kept;
  }

  return {
    async acquireTeacherLease(sessionId, holder, ttlMs) {
      const lease = liveLease(sessionId);
      if (lease && lease.holder !== holder) return false;
      leases.set(sessionId, { holder, expiresAt: now() + ttlMs });
      return true;
    },
    async renewTeacherLease(sessionId, holder, ttlMs) {
      const lease = liveLease(sessionId);
      if (!lease || lease.holder !== holder) return false;
      lease.expiresAt = now() + ttlMs;
      return true;
    },
    async replaceTeacherLease(sessionId, current, holder, ttlMs) {
      if (liveLease(sessionId)?.holder !== current) return false;
      leases.set(sessionId, { holder, expiresAt: now() + ttlMs });
      return true;
    },
    async teacherLeaseHolder(sessionId) {
      return liveLease(sessionId)?.holder ?? null;
    },
    async releaseTeacherLease(sessionId, holder) {
      if (liveLease(sessionId)?.holder === holder) leases.delete(sessionId);
    },
    async appendTeacherChunk(sessionId, chunk, windowMs) {
      const t = now();
      const expiresAt = t + windowMs * 2; // as the Redis store keeps chunk bytes and its index
      const kept = liveAudio(sessionId);
      // A new session's first chunk: drop the sessions that stopped streaming and never ended.
      if (!kept) for (const id of [...audio.keys()]) liveAudio(id);
      const list = kept?.chunks ?? [];
      list.push({ chunk, expiresAt });
      list.sort((a, b) => a.chunk.timestampMs - b.chunk.timestampMs);
      const newest = list[list.length - 1]!.chunk.timestampMs;
      audio.set(sessionId, {
        chunks: list.filter((c) => c.chunk.timestampMs >= newest - windowMs),
        arrivedAt: t,
        expiresAt,
      });
      hub.emit(teacherAudioTopic(sessionId));
    },
    async teacherChunks(sessionId, fromMs, toMs) {
      return (liveAudio(sessionId)?.chunks ?? [])
        .map((c) => c.chunk)
        .filter((c) => c.timestampMs >= fromMs && c.timestampMs <= toMs);
    },
    async readTeacherAudio(sessionId, fromMs, toMs) {
      const kept = liveAudio(sessionId);
      const list = kept?.chunks ?? [];
      const newest = list.length > 0 ? list[list.length - 1]!.chunk.timestampMs : null;
      return {
        chunks: list.map((c) => c.chunk).filter((c) => c.timestampMs >= fromMs && c.timestampMs <= toMs),
        newestMs: newest,
        arrivedMs: newest === null ? null : kept!.arrivedAt,
      };
    },
    async watch(topic) {
      return hub.watch(topic);
    },
    async claimOnce(key, ttlMs) {
      const kept = liveOnce(key);
      if (kept) return { claimed: false, answer: kept.answer };
      onces.set(key, { answer: null, expiresAt: now() + ttlMs });
      // Keeps the map bounded over a long-running process.
      if (onces.size > 10_000) for (const k of [...onces.keys()]) liveOnce(k);
      return { claimed: true };
    },
    async settleOnce(key, answer, ttlMs) {
      onces.set(key, { answer, expiresAt: now() + ttlMs });
      hub.emit(onceTopic(key));
    },
    async abandonOnce(key) {
      onces.delete(key);
      hub.emit(onceTopic(key));
    },
    async rateSlotHeld(key) {
      const held = slots.get(key);
      return held !== undefined && held.until > now();
    },
    async close() {},
    async newestTeacherChunkMs(sessionId) {
      const list = liveAudio(sessionId)?.chunks ?? [];
      return list.length > 0 ? list[list.length - 1]!.chunk.timestampMs : null;
    },
    async teacherAudioArrivedMs(sessionId) {
      const kept = liveAudio(sessionId);
      return kept && kept.chunks.length > 0 ? kept.arrivedAt : null;
    },
    async setTonePlayback(sessionId, playback, ttlMs) {
      if (playback === null) playbacks.delete(sessionId);
      else playbacks.set(sessionId, { text: playback, expiresAt: now() + ttlMs });
    },
    async tonePlayback(sessionId) {
      const kept = playbacks.get(sessionId);
      if (kept && kept.expiresAt <= now()) playbacks.delete(sessionId);
      return kept && kept.expiresAt > now() ? kept.text : null;
    },
    async lowerTeacherClockOffset(sessionId, seenMs, ttlMs) {
      const kept = offsets.get(sessionId);
      const current = kept && kept.expiresAt > now() ? kept.offsetMs : null;
      const offsetMs = current === null ? seenMs : Math.min(current, seenMs);
      offsets.set(sessionId, { offsetMs, expiresAt: now() + ttlMs });
      return offsetMs;
    },
    async setTeacherNetworkSlow(sessionId, slow, ttlMs) {
      if (slow) slowUntil.set(sessionId, now() + ttlMs);
      else slowUntil.delete(sessionId);
    },
    async teacherNetworkSlow(sessionId) {
      const until = slowUntil.get(sessionId);
      if (until !== undefined && until <= now()) slowUntil.delete(sessionId);
      return until !== undefined && until > now();
    },
    async clearSession(sessionId) {
      slowUntil.delete(sessionId);
      audio.delete(sessionId);
      leases.delete(sessionId);
      playbacks.delete(sessionId);
      offsets.delete(sessionId);
    },
    async takeRateSlot(key, ttlMs) {
      const held = slots.get(key);
      const t = now();
      if (held !== undefined && held.until > t) return null;
      const token = randomBytes(8).toString('hex');
      slots.set(key, { token, until: t + ttlMs });
      // Keeps the map from growing without bound over a long-running process.
      if (slots.size > 10_000) for (const [k, v] of slots) if (v.until <= t) slots.delete(k);
      return token;
    },
    async releaseRateSlot(key, token) {
      if (slots.get(key)?.token === token) slots.delete(key);
    },
  };
}
