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
      'TONE_BAND_HIGH_HZ must be at least 500 above TONE_BAND_LOW_HZ',
    );
  });
});
