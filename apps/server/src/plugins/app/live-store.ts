import type { TeacherChunk } from '@rollbook/presence';

/** The teacher's audio of a stretch and the state of their stream, read together. */
export interface TeacherAudioRead {
  chunks: TeacherChunk[];
  /** Timestamp of the newest chunk kept, or null when none is. */
  newestMs: number | null;
  /** Server time the last chunk arrived, or null when nothing is kept (as `teacherAudioArrivedMs`). */
  arrivedMs: number | null;
}

/** A subscription to one topic's signals. */
export interface SignalWatch {
  /**
   * Resolves true at the next signal (or at once when one came since the previous call), false
   * after `timeoutMs` without one.
   */
  next(timeoutMs: number): Promise<boolean>;
  close(): void;
}

/** The topic signalled whenever a chunk of the session's teacher audio is kept. */
export const teacherAudioTopic = (sessionId: string) => `audio:${sessionId}`;
/** The topic signalled when a one-time action is settled or abandoned. */
export const onceTopic = (key: string) => `once:${key}`;

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
  /**
   * Hands the lease from `current` to `holder` (for `ttlMs`) only if `current` still holds it, so
   * a takeover never steals a lease that changed hands in between. True when handed over.
   */
  replaceTeacherLease(sessionId: string, current: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Who holds a session's teacher lease now, or null. */
  teacherLeaseHolder(sessionId: string): Promise<string | null>;
  /** Gives the lease up if `holder` holds it. */
  releaseTeacherLease(sessionId: string, holder: string): Promise<void>;
  /**
   * Keeps one non-empty teacher chunk; chunks older than `windowMs` before the newest are dropped,
   * and everything kept ages out `2 × windowMs` after it arrived (a stream that stopped leaves
   * nothing behind for long).
   */
  appendTeacherChunk(sessionId: string, chunk: TeacherChunk, windowMs: number): Promise<void>;
  /** Teacher chunks whose timestamps fall in [fromMs, toMs], oldest first. */
  teacherChunks(sessionId: string, fromMs: number, toMs: number): Promise<TeacherChunk[]>;
  /**
   * The teacher chunks of [fromMs, toMs] together with the stream's state, read at once (one Redis
   * round trip): what a marking needs at each step of its wait for the teacher's audio.
   */
  readTeacherAudio(sessionId: string, fromMs: number, toMs: number): Promise<TeacherAudioRead>;
  /** Timestamp of the newest teacher chunk, or null when none is kept. */
  newestTeacherChunkMs(sessionId: string): Promise<number | null>;
  /**
   * Server time (ms since the epoch) when the teacher's last chunk arrived, or null when nothing
   * is kept. Chunk timestamps come from the teacher's device; only arrival time tells whether the
   * stream is still flowing.
   */
  teacherAudioArrivedMs(sessionId: string): Promise<number | null>;
  /**
   * Keeps how the teacher's device plays the session's live tone (a JSON text the sessions module
   * writes and reads) for `ttlMs`; null forgets it (the original client's file plays instead).
   */
  setTonePlayback(sessionId: string, playback: string | null, ttlMs: number): Promise<void>;
  /** The kept playback text, or null when none is (or it aged out). */
  tonePlayback(sessionId: string): Promise<string | null>;
  /**
   * Lowers the session's teacher clock offset estimate to `seenMs` if that is smaller (or sets it
   * when there is none) and answers the estimate now in force; kept as long as the session's audio.
   */
  lowerTeacherClockOffset(sessionId: string, seenMs: number, ttlMs: number): Promise<number>;
  /**
   * Listens for `topic`'s signals (every instance's `appendTeacherChunk` signals
   * `teacherAudioTopic(sessionId)`; `settleOnce`/`abandonOnce` signal `onceTopic(key)`). Resolves once
   * the subscription is in place, so a state read after it cannot miss a signal sent after that read.
   */
  watch(topic: string): Promise<SignalWatch>;
  /**
   * Claims a one-time action named `key` for `ttlMs`: `claimed` when it was free (the caller runs it
   * and then settles or abandons it); otherwise the stored answer, or null while the first claimant
   * is still running.
   */
  claimOnce(
    key: string,
    ttlMs: number,
  ): Promise<{ claimed: true } | { claimed: false; answer: string | null }>;
  /** Stores the claimed action's answer for `ttlMs` and signals the waiters. */
  settleOnce(key: string, answer: string, ttlMs: number): Promise<void>;
  /** Forgets a claim whose action failed on the server's side (a retry runs it afresh); signals the waiters. */
  abandonOnce(key: string): Promise<void>;
  /** Whether a rate-limit slot is held now, without taking it (a cheap early refusal). */
  rateSlotHeld(key: string): Promise<boolean>;
  /** Closes what the store opened for itself (the Redis store's subscriber connection). */
  close(): Promise<void>;
  /**
   * Keeps (for `ttlMs`) or forgets that the session's teacher said their network is too slow to
   * stream audio (contract §13 `network_too_slow`, or a sheet following the session over SSE), so
   * verdicts say why the teacher's audio is absent.
   */
  setTeacherNetworkSlow(sessionId: string, slow: boolean, ttlMs: number): Promise<void>;
  /** Whether the teacher's network is known to be too slow for audio now. */
  teacherNetworkSlow(sessionId: string): Promise<boolean>;
  /** Forgets a session's audio, lease, tone playback, clock offset and slow-network mark (the session ended). */
  clearSession(sessionId: string): Promise<void>;
  /**
   * Takes a rate-limit slot: when `key` was free, answers a token naming this hold (the action may
   * go ahead; the slot is then held for `ttlMs`); null while a previous slot holds.
   */
  takeRateSlot(key: string, ttlMs: number): Promise<string | null>;
  /**
   * Gives a slot back early, only if `token` still holds it: an attempt that failed on the
   * server's side must not lock the user out, nor free a slot a later attempt took meanwhile.
   */
  releaseRateSlot(key: string, token: string): Promise<void>;
}
