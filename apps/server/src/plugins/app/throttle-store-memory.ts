import { backoffLockMs, type ThrottleStore } from './throttle-store';

interface Backoff {
  count: number;
  lockedUntil: number;
  lastAt: number;
  forgetMs: number;
}

interface Claim {
  at: number;
  periodMs: number;
  /** Who holds it (`claimFor`); none for `claimOnce`, whose repeats never pass. */
  holder?: string;
}

/** Entries beyond which a map is swept of what aged out (keeps a long-running process bounded). */
const SWEEP_AT = 10_000;

/**
 * The throttle store of a single instance: plain maps. It mirrors the Redis store's semantics
 * exactly (same app-clock times, same answers), so the sign-in rules cannot tell them apart.
 */
export function createMemoryThrottleStore(): ThrottleStore {
  const backoffs = new Map<string, Backoff>();
  const windows = new Map<string, Map<string, number>>();
  const claims = new Map<string, Claim>();

  function sweep(nowMs: number) {
    if (backoffs.size > SWEEP_AT)
      for (const [k, b] of backoffs)
        if (b.lockedUntil <= nowMs && nowMs - b.lastAt > b.forgetMs) backoffs.delete(k);
    if (claims.size > SWEEP_AT) for (const [k, c] of claims) if (nowMs - c.at >= c.periodMs) claims.delete(k);
    if (windows.size > SWEEP_AT) for (const [k, w] of windows) if (w.size === 0) windows.delete(k);
  }

  return {
    async takeBackoffAttempt(key, nowMs, policy) {
      const held = backoffs.get(key);
      if (held && held.lockedUntil > nowMs) return held.lockedUntil - nowMs;
      const fresh = !held || nowMs - held.lastAt > policy.forgetMs;
      const count = fresh ? 1 : held.count + 1;
      const lockMs = backoffLockMs(count, policy);
      backoffs.set(key, {
        count,
        lockedUntil: lockMs > 0 ? nowMs + lockMs : 0,
        lastAt: nowMs,
        forgetMs: policy.forgetMs,
      });
      sweep(nowMs);
      return 0;
    },
    async clearBackoff(key) {
      backoffs.delete(key);
    },
    async joinWindow(key, member, nowMs, windowMs, max) {
      const window = windows.get(key) ?? new Map<string, number>();
      for (const [m, at] of window) if (at <= nowMs - windowMs) window.delete(m);
      if (!window.has(member) && window.size >= max) {
        const oldest = Math.min(...window.values());
        return Math.max(1, oldest + windowMs - nowMs);
      }
      window.set(member, nowMs);
      windows.set(key, window);
      sweep(nowMs);
      return 0;
    },
    async leaveWindow(key, member) {
      windows.get(key)?.delete(member);
    },
    async claimOnce(key, nowMs, periodMs) {
      const held = claims.get(key);
      if (held && nowMs - held.at < periodMs) return false;
      claims.set(key, { at: nowMs, periodMs });
      sweep(nowMs);
      return true;
    },
    async claimFor(key, holder, nowMs, periodMs) {
      const held = claims.get(key);
      if (held && nowMs - held.at < periodMs) return held.holder === holder;
      claims.set(key, { at: nowMs, periodMs, holder });
      sweep(nowMs);
      return true;
    },
    async reset() {
      backoffs.clear();
      windows.clear();
      claims.clear();
    },
  };
}
