import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sharedServicesConfigured, useTwoTestApps } from '../../testing/test-app';
import { buildTeacher, TEST_PASSWORD } from '../../testing/factories';

// Scaled out, an attacker's guesses land on any instance: the counts live in Redis, shared.
describe.runIf(sharedServicesConfigured)('sign-in limits across two instances', () => {
  const t = useTwoTestApps({
    loginAccountFreeAttempts: 3,
    loginAccountLockSeconds: 30,
    loginAccountMaxLockSeconds: 120,
    authAddressMaxAccounts: 3,
  });

  async function login(app: FastifyInstance, email: string, password: string, address: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/api/login/',
      payload: { email, password },
      remoteAddress: address,
    });
    return res.statusCode;
  }

  it('locks an account whichever instance each guess reaches', async () => {
    const { profile } = await buildTeacher(t.db);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(await login(i % 2 ? t.b : t.a, profile.email, 'wrong-password-1', `198.51.100.${i + 1}`));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    t.clock.advance(30_000);
    expect(await login(t.b, profile.email, TEST_PASSWORD, '192.0.2.1')).toBe(200);
  });

  it('counts the accounts one address fails on, whichever instance it reaches', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await login(i % 2 ? t.b : t.a, `guess${i}@example.test`, 'Summer2026!', '203.0.113.5'));
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
