import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { buildTeacher } from '../../testing/factories';

// Behind one trusted proxy (TRUST_PROXY=1), the address it forwards is the client's. The account
// back-off is set out of the way so only the per-address limits show.
const t = useTestApp({
  trustProxy: 1,
  loginRateLimitPerMinute: 3,
  loginAccountFreeAttempts: 100,
  authAddressMaxAccounts: 100,
});

async function login(email: string, forwardedFor: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/api/login/',
    payload: { email, password: 'wrong-password-1', device_id: null },
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return res.statusCode;
}

describe('behind a configured proxy', () => {
  it('counts each forwarded client address on its own', async () => {
    const { profile } = await buildTeacher(t.db);
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await login(profile.email, '198.51.100.7'));
    expect(first).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect(await login(profile.email, '198.51.100.8')).toBe(401);
    // Only the nearest hop is trusted: an address the client wrote further left changes nothing.
    expect(await login(profile.email, '10.9.9.9, 198.51.100.7')).toBe(429);
  });
});
