import type { Redis } from 'ioredis';
import type { ThrottleStore } from './throttle-store';

// Each operation is one script, so two instances counting the same attempt at once cannot both
// read the old count. Times come from the app clock (ARGV); PEXPIRE only lets Redis drop keys
// nobody will ask about again.

/** KEYS[1] hash {count, until, last}; ARGV now, free, base, max, forget → ms still locked, or 0. */
const TAKE_BACKOFF = `
local now = tonumber(ARGV[1])
local locked = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if locked > now then return locked - now end
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if now - last > tonumber(ARGV[5]) then count = 0 end
count = count + 1
local beyond = count - tonumber(ARGV[2])
local untilMs = 0
local lock = 0
if beyond > 0 then
  lock = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(beyond - 1, 31))
  untilMs = now + lock
end
redis.call('HSET', KEYS[1], 'count', count, 'until', string.format('%d', untilMs), 'last', string.format('%d', now))
redis.call('PEXPIRE', KEYS[1], string.format('%d', tonumber(ARGV[5]) + lock))
return 0`;

/** KEYS[1] sorted set (score = time); ARGV now, window, max, member → 0, or ms until a place frees. */
const JOIN_WINDOW = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

/** KEYS[1] claim time; ARGV now, period → 1 when claimed now, 0 while an earlier claim holds. */
const CLAIM_ONCE = `
local held = redis.call('GET', KEYS[1])
if held and tonumber(ARGV[1]) - tonumber(held) < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * KEYS[1] claim; ARGV now, period, holder → 1 when claimed now or already held by this holder, 0
 * while another holder's claim holds. The value is "<claim time>|<holder>".
 */
const CLAIM_FOR = `
local held = redis.call('GET', KEYS[1])
if held then
  local sep = string.find(held, '|', 1, true)
  if sep and tonumber(ARGV[1]) - tonumber(string.sub(held, 1, sep - 1)) < tonumber(ARGV[2]) then
    if string.sub(held, sep + 1) == ARGV[3] then return 1 end
    return 0
  end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[3], 'PX', ARGV[2])
return 1`;

/**
 * The throttle store shared by every instance through Redis. `prefix` names this deployment's
 * keys (tests give each app their own, so parallel runs on one Redis never meet).
 */
export function createRedisThrottleStore(redis: Redis, prefix = 'rb:throttle:'): ThrottleStore {
  const backoffKey = (key: string) => `${prefix}backoff:${key}`;
  const windowKey = (key: string) => `${prefix}window:${key}`;
  const claimKey = (key: string) => `${prefix}claim:${key}`;

  return {
    async takeBackoffAttempt(key, nowMs, p) {
      const args = [nowMs, p.free, p.baseMs, p.maxMs, p.forgetMs].map(String);
      return Number(await redis.eval(TAKE_BACKOFF, 1, backoffKey(key), ...args));
    },
    async clearBackoff(key) {
      await redis.del(backoffKey(key));
    },
    async joinWindow(key, member, nowMs, windowMs, max) {
      const args = [String(nowMs), String(windowMs), String(max), member];
      return Number(await redis.eval(JOIN_WINDOW, 1, windowKey(key), ...args));
    },
    async leaveWindow(key, member) {
      await redis.zrem(windowKey(key), member);
    },
    async claimOnce(key, nowMs, periodMs) {
      return (await redis.eval(CLAIM_ONCE, 1, claimKey(key), String(nowMs), String(periodMs))) === 1;
    },
    async claimFor(key, holder, nowMs, periodMs) {
      const args = [String(nowMs), String(periodMs), holder];
      return (await redis.eval(CLAIM_FOR, 1, `${claimKey(key)}:held`, ...args)) === 1;
    },
    async reset() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}
