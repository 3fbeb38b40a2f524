/**
 * Counters the sign-in limits need, shared by every instance: with REDIS_URL they live in Redis
 * (`throttle-store-redis.ts`), without in this process (`throttle-store-memory.ts`). Times are the
 * app clock's (passed in as `nowMs`), so limits behave the same in both stores and in tests; the
 * stores only use real time to drop what nobody will ask about again. Every operation is atomic:
 * concurrent attempts cannot all slip past a limit before any of them is counted.
 */
export interface ThrottleStore {
  /**
   * One attempt on a back-off counter. While a lock holds, answers how long it still holds (ms)
   * and counts nothing. Otherwise counts the attempt (the count restarts after `policy.forgetMs`
   * without attempts) and answers 0: the attempt may go ahead. An attempt beyond `policy.free`
   * in a row also locks the key for `baseMs × 2^(beyond − 1)`, at most `maxMs`, starting now.
   */
  takeBackoffAttempt(key: string, nowMs: number, policy: BackoffPolicy): Promise<number>;
  /** Forgets a back-off counter (the attempt succeeded). */
  clearBackoff(key: string): Promise<void>;
  /**
   * Counts `member` in a sliding window of `windowMs` holding at most `max` distinct members.
   * Answers 0 when `member` is (now) counted, or how long (ms) until the oldest member leaves
   * when the window is full and `member` is not in it yet.
   */
  joinWindow(key: string, member: string, nowMs: number, windowMs: number, max: number): Promise<number>;
  /** Takes `member` out of a window (its attempt succeeded). */
  leaveWindow(key: string, member: string): Promise<void>;
  /** True for the first claim of `key` per `periodMs`; false while an earlier claim holds. */
  claimOnce(key: string, nowMs: number, periodMs: number): Promise<boolean>;
  /**
   * A claim that remembers who holds it: true for the first claim of `key` per `periodMs` and for a
   * repeat by the same `holder` (the same thing sent again); false while another holder's claim holds.
   * A repeat does not extend the period.
   */
  claimFor(key: string, holder: string, nowMs: number, periodMs: number): Promise<boolean>;
  /** Forgets everything this store holds (test and browser-test resets only). */
  reset(): Promise<void>;
}

export interface BackoffPolicy {
  /** Attempts in a row that never lock. */
  free: number;
  /** The first lock (ms); each further attempt doubles it. */
  baseMs: number;
  /** The longest lock (ms). */
  maxMs: number;
  /** A counter without attempts for this long starts again from zero (ms). */
  forgetMs: number;
}

/** The lock an attempt numbered `count` sets under `policy` (0: none). */
export function backoffLockMs(count: number, policy: BackoffPolicy): number {
  const beyond = count - policy.free;
  if (beyond <= 0) return 0;
  // 2^31 is past any ceiling worth configuring; capping the exponent keeps the number finite.
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(beyond - 1, 31));
}
