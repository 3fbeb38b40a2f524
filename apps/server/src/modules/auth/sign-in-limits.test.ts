import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { buildStudent, buildTeacher, TEST_PASSWORD } from '../../testing/factories';

// Small limits so each rule shows in a few calls: 3 free failures per account, then 30 s doubling
// up to 2 minutes; 5 accounts with failures per address per 15 minutes.
const t = useTestApp({
  loginRateLimitPerMinute: 5,
  loginAccountFreeAttempts: 3,
  loginAccountLockSeconds: 30,
  loginAccountMaxLockSeconds: 120,
  authAddressMaxAccounts: 5,
  authAddressWindowSeconds: 900,
});

const WRONG = 'wrong-password-1';

/** A login as a client at `address` sends it; `headers` add e.g. X-Forwarded-For. */
async function login(
  email: string,
  password: string,
  opts: { address?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/api/login/',
    payload: { email, password, device_id: null },
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.address ? { remoteAddress: opts.address } : {}),
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}

async function forgot(email: string, address: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/api/forgot_password/',
    payload: { email },
    remoteAddress: address,
  });
  return { status: res.statusCode, body: res.json() };
}

const ACCOUNT_LOCKED = (wait: string) =>
  `Too many failed sign-ins to this account. Please wait ${wait} and try again.`;

describe('the sign-in limit of one account', () => {
  it('is not fooled by a client that sends a new X-Forwarded-For with every guess', async () => {
    const { profile } = await buildTeacher(t.db);
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await login(profile.email, WRONG, { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      statuses.push(res.status);
    }
    // Three free failures and the one that sets the first lock; every later guess is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  it('holds whatever the address, and does not let the right password through while locked', async () => {
    const { profile } = await buildTeacher(t.db);
    for (let i = 1; i <= 4; i++) {
      expect((await login(profile.email, WRONG, { address: `198.51.100.${i}` })).status).toBe(401);
    }
    const locked = await login(profile.email, WRONG, { address: '198.51.100.50' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      data: null,
      error: true,
      code: 'too_many_requests',
      message: ACCOUNT_LOCKED('30 seconds'),
      // The original login page toasts `detail`.
      detail: ACCOUNT_LOCKED('30 seconds'),
    });
    expect(locked.retryAfter).toBe('30');
    // The right password from yet another address is refused too: a lock that answered it would
    // tell the attacker which guess was right.
    expect((await login(profile.email, TEST_PASSWORD, { address: '198.51.100.51' })).status).toBe(429);

    // After the lock one more guess may be checked; it fails and locks twice as long.
    t.clock.advance(30_000);
    expect((await login(profile.email, WRONG, { address: '198.51.100.52' })).status).toBe(401);
    const longer = await login(profile.email, TEST_PASSWORD, { address: '198.51.100.53' });
    expect(longer.body.message).toBe(ACCOUNT_LOCKED('1 minute'));
    expect(longer.retryAfter).toBe('60');

    // The owner gets in once it passes, and their success starts the count again.
    t.clock.advance(60_000);
    expect((await login(profile.email, TEST_PASSWORD, { address: '192.0.2.1' })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login(profile.email, WRONG, { address: '192.0.2.1' })).status).toBe(401);
  });

  it('never keeps the real user out longer than the ceiling at a time, however long the attack', async () => {
    const { profile } = await buildStudent(t.db);
    const waits: number[] = [];
    for (let round = 0; round < 12; round++) {
      const res = await login(profile.email, WRONG, { address: `198.51.100.${round + 1}` });
      if (res.status === 429) {
        waits.push(Number(res.retryAfter));
        t.clock.advance(Number(res.retryAfter) * 1000);
      }
    }
    expect(waits).toEqual([30, 60, 120, 120]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(t.config.loginAccountMaxLockSeconds);
    expect((await login(profile.email, TEST_PASSWORD, { address: '192.0.2.9' })).status).toBe(429);
    t.clock.advance(120_000);
    expect((await login(profile.email, TEST_PASSWORD, { address: '192.0.2.9' })).status).toBe(200);
  });

  it('counts guesses sent all at once: only the free ones and the first locking one are checked', async () => {
    const { profile } = await buildTeacher(t.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(profile.email, WRONG, { address: `198.51.100.${i + 1}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
  });

  it('answers an unknown address exactly like a real one, so the lock reveals no account', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++)
      statuses.push((await login('nobody@example.test', WRONG, { address: `198.51.100.${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('the sign-in limit of one address across accounts', () => {
  it('stops one password tried on many accounts (password spraying)', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => buildStudent(t.db)));
    const emails = [
      ...accounts.map((a) => a.profile.email),
      ...Array.from({ length: 12 }, (_, i) => `guess${i}@example.test`),
    ];
    const statuses: number[] = [];
    let last;
    for (const email of emails) {
      last = await login(email, 'Summer2026!', { address: '203.0.113.10' });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(last?.body.message).toBe(
      'Too many failed sign-ins from your network. Please wait 15 minutes and try again.',
    );
    // Another address is not held back, nor are the accounts themselves.
    expect((await login(accounts[7]!.profile.email, TEST_PASSWORD, { address: '203.0.113.11' })).status).toBe(
      200,
    );
    // Rotating X-Forwarded-For does not make the same client a new address.
    const spoofed = await login(accounts[6]!.profile.email, WRONG, {
      address: '203.0.113.10',
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(spoofed.status).toBe(429);
    // The window slides: 15 minutes later the address may try again.
    t.clock.advance(15 * 60_000);
    expect((await login(accounts[6]!.profile.email, TEST_PASSWORD, { address: '203.0.113.10' })).status).toBe(
      200,
    );
  });

  it('does not count successful sign-ins, so a computer room full of students signs in', async () => {
    const accounts = await Promise.all(Array.from({ length: 12 }, () => buildStudent(t.db)));
    for (const { profile } of accounts) {
      expect((await login(profile.email, TEST_PASSWORD, { address: '203.0.113.20' })).status).toBe(200);
    }
    // A student who mistyped first and then got it right does not use up a place either.
    const { profile } = accounts[0]!;
    expect((await login(profile.email, WRONG, { address: '203.0.113.20' })).status).toBe(401);
    expect((await login(profile.email, TEST_PASSWORD, { address: '203.0.113.20' })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await login(`typo${i}@example.test`, WRONG, { address: '203.0.113.20' })).status).toBe(401);
    expect((await login('typo5@example.test', WRONG, { address: '203.0.113.20' })).status).toBe(429);
  });

  it('limits reset requests for many addresses from one address, known or not', async () => {
    const { profile } = await buildStudent(t.db);
    const emails = [profile.email, ...Array.from({ length: 7 }, (_, i) => `someone${i}@example.test`)];
    const statuses: number[] = [];
    let last;
    for (const email of emails) {
      last = await forgot(email, '203.0.113.30');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(last?.body.message).toBe(
      'Too many password reset requests from your network. Please wait 15 minutes and try again.',
    );
    expect((await forgot('someone-else@example.test', '203.0.113.31')).status).toBe(200);
  });
});
