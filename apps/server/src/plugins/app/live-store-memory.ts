import type { TeacherChunk } from '@rollbook/presence';
import type { LiveStore } from './live-store';

interface Lease {
  holder: string;
  expiresAt: number;
}

/**
 * The live store of a single instance: plain maps with expiry times. It implements exactly the
 * Redis store's semantics so the code above it cannot tell them apart.
 */
export function createMemoryLiveStore(now: () => number = Date.now): LiveStore {
  const leases = new Map<string, Lease>();
  const audio = new Map<string, TeacherChunk[]>();
  const slots = new Map<string, number>();

  function liveLease(sessionId: string): Lease | undefined {
    const lease = leases.get(sessionId);
    if (lease && lease.expiresAt <= now()) {
      leases.delete(sessionId);
      return undefined;
    }
    return lease;
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
    async teacherLeaseHolder(sessionId) {
      return liveLease(sessionId)?.holder ?? null;
    },
    async releaseTeacherLease(sessionId, holder) {
      if (liveLease(sessionId)?.holder === holder) leases.delete(sessionId);
    },
    async appendTeacherChunk(sessionId, chunk, windowMs) {
      const list = audio.get(sessionId) ?? [];
      list.push(chunk);
      list.sort((a, b) => a.timestampMs - b.timestampMs);
      const newest = list[list.length - 1]!.timestampMs;
      audio.set(
        sessionId,
        list.filter((c) => c.timestampMs >= newest - windowMs),
      );
    },
    async teacherChunks(sessionId, fromMs, toMs) {
      return (audio.get(sessionId) ?? []).filter((c) => c.timestampMs >= fromMs && c.timestampMs <= toMs);
    },
    async newestTeacherChunkMs(sessionId) {
      const list = audio.get(sessionId);
      return list && list.length > 0 ? list[list.length - 1]!.timestampMs : null;
    },
    async clearSession(sessionId) {
      audio.delete(sessionId);
      leases.delete(sessionId);
    },
    async takeRateSlot(key, ttlMs) {
      const until = slots.get(key);
      const t = now();
      if (until !== undefined && until > t) return false;
      slots.set(key, t + ttlMs);
      // Keeps the map from growing without bound over a long-running process.
      if (slots.size > 10_000) for (const [k, v] of slots) if (v <= t) slots.delete(k);
      return true;
    },
  };
}
