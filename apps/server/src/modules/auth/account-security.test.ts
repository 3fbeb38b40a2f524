import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FORMULA_EMAIL_MESSAGE } from '@rollbook/contract';
import { call, useTestApp } from '../../testing/test-app';
import { buildStudent, buildTeacher, TEST_PASSWORD } from '../../testing/factories';
import { auditLog, profiles } from '../../db/schema';

const t = useTestApp();
const DAY = 24 * 3600 * 1000;

afterEach(() => t.smtp.release());

const forgot = (email: string) =>
  call(t.app, { method: 'POST', url: '/api/auth/api/forgot_password/', body: { email } });
const login = (email: string) =>
  call(t.app, { method: 'POST', url: '/api/auth/api/login/', body: { email, password: TEST_PASSWORD } });
const refresh = (token: string) =>
  call(t.app, { method: 'POST', url: '/api/auth/api/token/refresh/', body: { refresh: token } });
const authentic = async (access: string) =>
  (await call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: access })).status;

describe('forgot password gives away no account', () => {
  it('replies to a known address before its mail is delivered', async () => {
    await buildStudent(t.db, { email: 'known@example.test' });
    t.smtp.hold();
    // The mail server takes the message but does not acknowledge it; the reply must not wait.
    const res = await forgot('known@example.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: true, error: false, message: null });
    await t.smtp.heldCount(1);
    expect(t.smtp.received).toHaveLength(0);
    t.smtp.release();
    expect(await t.smtp.mailTo('known@example.test')).toMatch(/update_password\?profile_slug=/);
  });

  it('answers a second request within 24 hours with 403 whether or not the address has an account', async () => {
    await buildStudent(t.db, { email: 'known@example.test' });
    for (const email of ['known@example.test', 'ghost@example.test']) {
      expect((await forgot(email)).status, email).toBe(200);
      const again = await forgot(email.toUpperCase());
      expect(again.status, email).toBe(403);
      expect(again.body.message).toBe('Please try again after 24 hours');
    }
    t.clock.advance(DAY + 1000);
    for (const email of ['known@example.test', 'ghost@example.test']) {
      expect((await forgot(email)).status, email).toBe(200);
    }
    await t.app.background.idle();
    expect(t.smtp.received.every((m) => m.to.includes('known@example.test'))).toBe(true);
    expect(t.smtp.received).toHaveLength(2);
  });
});

describe('forgot password for a deactivated account', () => {
  it('sends no link, answers as for any address, and spends nothing of the account once reactivated', async () => {
    const { profile } = await buildStudent(t.db, { email: 'gone@example.test' });
    await t.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, profile.id));
    // The same answers, in the same order, as an address without an account.
    for (const email of ['gone@example.test', 'ghost@example.test']) {
      const first = await forgot(email);
      expect({ email, status: first.status, body: first.body }).toEqual({
        email,
        status: 200,
        body: { data: true, error: false, message: null },
      });
      const again = await forgot(email);
      expect({ email, status: again.status, message: again.body.message }).toEqual({
        email,
        status: 403,
        message: 'Please try again after 24 hours',
      });
    }
    await t.app.background.idle();
    expect(t.smtp.received).toHaveLength(0);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.forgotPasswordRequestedAt).toBeNull();

    // Reactivated within the 24 hours: the account's own request is its first.
    t.clock.advance(3600 * 1000);
    await t.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, profile.id));
    const reactivated = await forgot('gone@example.test');
    expect(reactivated.status).toBe(200);
    expect(await t.smtp.mailTo('gone@example.test')).toMatch(/update_password\?profile_slug=/);
    expect((await forgot('gone@example.test')).status).toBe(403);
  });
});

describe('a refresh token presented twice', () => {
  it('also ends the access tokens issued from it, and every other sign-in of the account', async () => {
    const { profile } = await buildTeacher(t.db);
    const otherDevice = (await login(profile.email)).body;
    const first = (await login(profile.email)).body;
    t.clock.advance(1000);
    const rotated = (await refresh(first.refresh)).body;
    expect(await authentic(rotated.access)).toBe(200);

    // The copy is replayed: whoever holds the rotated pair (the thief or the owner) is signed out.
    expect((await refresh(first.refresh)).status).toBe(401);
    expect(await authentic(rotated.access)).toBe(401);
    expect(await authentic(first.access)).toBe(401);
    expect(await authentic(otherDevice.access)).toBe(401);
    expect((await refresh(rotated.refresh)).status).toBe(401);
    expect((await refresh(otherDevice.refresh)).status).toBe(401);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.refresh_token_reused'), eq(auditLog.entitySlug, profile.slug)));
    expect(trail).toHaveLength(1);
    // The owner signs in again as usual.
    expect(await authentic((await login(profile.email)).body.access)).toBe(200);
  });
});

describe('an email change', () => {
  it('refuses an address a spreadsheet would read as a formula, changing nothing', async () => {
    const { profile } = await buildStudent(t.db, { email: 'me@example.test' });
    const { access } = (await login('me@example.test')).body;
    for (const email of ['+1@example.test', '-2+3@example.test', ' -cmd@example.test']) {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/auth/api/update_email/',
        token: access,
        body: { email },
      });
      expect(res.status, email).toBe(400);
      expect(res.body).toMatchObject({ error: true, data: null, message: FORMULA_EMAIL_MESSAGE });
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.email).toBe('me@example.test');
  });

  it('still takes + and - inside an address', async () => {
    const { profile } = await buildStudent(t.db, { email: 'me@example.test' });
    const { access } = (await login('me@example.test')).body;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: access,
      body: { email: 'first-last+rollbook@example.test' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.email).toBe('first-last+rollbook@example.test');
  });
});
