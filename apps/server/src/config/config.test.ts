import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SECRET = 'a-test-secret-that-is-long-enough-000';

describe('loadConfig', () => {
  it('defaults to the embedded mode', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.sessionStartEarlyMinutes).toBe(15);
  });

  it('lists every bad value at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT: .*; JWT_SECRET: /);
  });

  it('refuses Redis without a shared signing secret, since instances would refuse each other’s tokens', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      'JWT_SECRET must be set when REDIS_URL is',
    );
    const config = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: SECRET });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.jwtSecret).toBe(SECRET);
  });

  it('refuses a tone band too narrow to carry the session tone', () => {
    expect(() => loadConfig({ TONE_BAND_LOW_HZ: '18000', TONE_BAND_HIGH_HZ: '18200' })).toThrow(
      'TONE_BAND_HIGH_HZ must be at least 900 above TONE_BAND_LOW_HZ',
    );
  });

  it('trusts no proxy unless told: off, a hop count, or proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY that would trust everyone or is not an address', () => {
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/1', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: /);
    }
  });

  it('refuses a sign-in lock ceiling below its first lock', () => {
    expect(() =>
      loadConfig({ LOGIN_ACCOUNT_LOCK_SECONDS: '60', LOGIN_ACCOUNT_MAX_LOCK_SECONDS: '30' }),
    ).toThrow('LOGIN_ACCOUNT_MAX_LOCK_SECONDS must be at least LOGIN_ACCOUNT_LOCK_SECONDS');
  });
});
