import type { TeacherChunk } from '@rollbook/presence';

/**
 * What a live lecture session needs beyond PostgreSQL, shared by every server instance: the
 * one-teacher lease, the teacher's recent microphone audio, and per-student rate limits. With
 * REDIS_URL it lives in Redis (see `live-store-redis.ts`); without, in this process's memory
 * (`live-store-memory.ts`), which is exact for a single instance. PostgreSQL stays the source of
 * truth for sessions and attendances.
 */
export interface LiveStore {
  /**
   * Takes the teacher lease of a session for `holder` (a socket id) for `ttlMs`. True when taken
   * now or already held by the same holder (then renewed); false while someone else holds it.
   */
  acquireTeacherLease(sessionId: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease if `holder` still holds it; false when it was lost (expired or taken). */
  renewTeacherLease(sessionId: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Who holds a session's teacher lease now, or null. */
  teacherLeaseHolder(sessionId: string): Promise<string | null>;
  /** Gives the lease up if `holder` holds it. */
  releaseTeacherLease(sessionId: string, holder: string): Promise<void>;
  /** Keeps one non-empty teacher chunk; chunks older than `windowMs` before the newest are dropped. */
  appendTeacherChunk(sessionId: string, chunk: TeacherChunk, windowMs: number): Promise<void>;
  /** Teacher chunks whose timestamps fall in [fromMs, toMs], oldest first. */
  teacherChunks(sessionId: string, fromMs: number, toMs: number): Promise<TeacherChunk[]>;
  /** Timestamp of the newest teacher chunk, or null when none is kept. */
  newestTeacherChunkMs(sessionId: string): Promise<number | null>;
  /** Forgets a session's audio and lease (the session ended). */
  clearSession(sessionId: string): Promise<void>;
  /**
   * Takes a rate-limit slot: true when `key` was free (the action may go ahead; the slot is then
   * held for `ttlMs`), false while a previous slot holds.
   */
  takeRateSlot(key: string, ttlMs: number): Promise<boolean>;
}
