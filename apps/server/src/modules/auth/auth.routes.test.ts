import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { call, useTestApp } from '../../testing/test-app';
import { buildAdmin, buildProfile, buildStudent, buildTeacher, TEST_PASSWORD } from '../../testing/factories';
import { profiles, refreshTokens } from '../../db/schema';

const t = useTestApp({ loginRateLimitPerMinute: 5 });
const DAY = 24 * 3600 * 1000;

async function login(email: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) {
  return call(t.app, {
    method: 'POST',
    url: '/api/auth/api/login/',
    body: { email, password, device_id: null, ...extra },
  });
}

describe('server availability and token authenticity', () => {
  it('answers availability without auth, with and without a trailing slash', async () => {
    for (const url of ['/api/check_server_avaibility', '/api/check_server_avaibility/']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: true });
    }
  });

  it('confirms a valid token and refuses missing, malformed and forged ones with 401', async () => {
    const { profile } = await buildAdmin(t.db);
    const { body } = await login(profile.email);
    const ok = await call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: body.access });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { isAuthenticated: true }, error: false, message: null });

    expect((await call(t.app, { method: 'GET', url: '/api/check_token_authenticity' })).status).toBe(401);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: 'not-a-jwt' })).status,
    ).toBe(401);
    const forged = body.access.slice(0, -4) + 'AAAA';
    const res = await call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: forged });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ data: null, error: true });
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses an expired access token with 401', async () => {
    const { profile } = await buildAdmin(t.db);
    const { body } = await login(profile.email);
    t.clock.advance(t.config.accessTokenTtlSeconds * 1000 + 1000);
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/check_token_authenticity',
      token: body.access,
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Token is expired');
  });
});

describe('login', () => {
  it('returns a token pair whose payload carries the obj claim for each role', async () => {
    const admin = await buildAdmin(t.db, { name: 'Meera Shah' });
    const teacher = await buildTeacher(t.db, { name: 'Chirag Thakkar', teacherCode: 'CST' });
    const student = await buildStudent(t.db, { name: 'Riya Patel', enrollment: '230280107001' });

    const a = decodeJwt<any>((await login(admin.profile.email)).body.access);
    expect(a.token_type).toBe('access');
    expect(a.obj.profile).toEqual({ name: 'Meera Shah', email: admin.profile.email, role: 'admin' });
    expect(a.obj.branch.branch_name).toBe('Computer Engineering');

    const tt = decodeJwt<any>((await login(teacher.profile.email)).body.access);
    expect(tt.obj.profile.role).toBe('teacher');
    expect(tt.obj.teacher_code).toBe('CST');
    expect(tt.obj.slug).toBe(teacher.teacher.slug);

    const s = await login(student.profile.email);
    expect(Object.keys(s.body).sort()).toEqual(['access', 'refresh']);
    const st = decodeJwt<any>(s.body.access);
    expect(st.obj.enrollment).toBe('230280107001');
    expect(st.obj.branch.branch_name).toBe('Computer Engineering');
    expect(decodeJwt(s.body.refresh).token_type).toBe('refresh');
  });

  it('accepts the email in any letter case', async () => {
    const { profile } = await buildAdmin(t.db, { email: 'mixed.case@example.test' });
    expect((await login('Mixed.Case@Example.TEST')).status).toBe(200);
    expect(profile.id).toBeGreaterThan(0);
  });

  it('answers 401 with a detail for a wrong password, an unknown email and an inactive account', async () => {
    const { profile } = await buildAdmin(t.db);
    const inactive = await buildProfile(t.db, { role: 'admin', isActive: false });
    for (const res of [
      await login(profile.email, 'wrong-password-1'),
      await login('nobody@example.test'),
      await login(inactive.email),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe('No active account found with the given credentials');
      expect(res.body).toMatchObject({ data: null, error: true });
    }
  });

  it('rejects missing fields and wrong types with 400 naming the field', async () => {
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { password: 'x' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/email/);
    const wrongType = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email: 42, password: 'x' },
    });
    expect(wrongType.status).toBe(400);
    const empty = await call(t.app, { method: 'POST', url: '/api/auth/api/login/' });
    expect(empty.status).toBe(400);
    const broken = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe(true);
  });

  it('limits login attempts with a clear message', async () => {
    const { profile } = await buildAdmin(t.db);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await login(profile.email, 'wrong-password-1');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(last?.status).toBe(429);
    expect(last?.body.message).toBe('Too many login attempts. Please wait a minute and try again.');
  });

  it('binds a student device on first login and records it on the refresh token', async () => {
    const { profile, student } = await buildStudent(t.db);
    const res = await login(profile.email, TEST_PASSWORD, { device_id: 'device-abc' });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.profileId, profile.id));
    expect(row?.deviceId).toBe('device-abc');
    const other = await buildStudent(t.db);
    await login(other.profile.email, TEST_PASSWORD, { device_id: 'device-abc' });
    const { students } = await import('../../db/schema');
    const [first] = await t.db.select().from(students).where(eq(students.id, student.id));
    const [second] = await t.db.select().from(students).where(eq(students.id, other.student.id));
    expect(first?.deviceId).toBe('device-abc');
    expect(second?.deviceId).toBeNull();
  });
});

describe('temporary password', () => {
  it('answers a challenge instead of tokens, and the challenge sets the password exactly once', async () => {
    const { profile } = await buildTeacher(t.db, { mustChangePassword: true });
    const first = await login(profile.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ error: true, code: 112500, message: 'Please set new password' });
    expect(first.body.access).toBeUndefined();
    expect(first.body.profile_slug).not.toBe(profile.slug);

    const set = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_new_password_for_stakeholders/',
      body: { password: 'Brand-new-pass-9', profile_slug: first.body.profile_slug },
    });
    expect(set.status).toBe(200);
    expect(decodeJwt(set.body.access).token_type).toBe('access');

    const again = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_new_password_for_stakeholders/',
      body: { password: 'Other-pass-99', profile_slug: first.body.profile_slug },
    });
    expect(again.status).toBe(404);
    expect((await login(profile.email, 'Brand-new-pass-9')).body.access).toBeTruthy();
    expect((await login(profile.email)).status).toBe(401);
  });

  it('refuses the bare profile slug, an expired challenge and a weak password', async () => {
    const { profile } = await buildTeacher(t.db, { mustChangePassword: true });
    const bare = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_new_password_for_stakeholders/',
      body: { password: 'Brand-new-pass-9', profile_slug: profile.slug },
    });
    expect(bare.status).toBe(404);

    const challenge = (await login(profile.email)).body.profile_slug;
    const weak = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_new_password_for_stakeholders/',
      body: { password: 'short', profile_slug: challenge },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/at least 8/);

    t.clock.advance(16 * 60 * 1000);
    const late = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_new_password_for_stakeholders/',
      body: { password: 'Brand-new-pass-9', profile_slug: challenge },
    });
    expect(late.status).toBe(404);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.mustChangePassword).toBe(true);
  });
});

describe('refresh', () => {
  it('rotates the pair, keeps the obj claim, and revokes the family when an old token is reused', async () => {
    const { profile } = await buildTeacher(t.db, { teacherCode: 'HAJ' });
    const first = (await login(profile.email)).body;
    t.clock.advance(1000);
    const second = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/token/refresh/',
      body: { refresh: first.refresh },
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh).not.toBe(first.refresh);
    expect(decodeJwt<any>(second.body.access).obj.teacher_code).toBe('HAJ');

    const replay = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/token/refresh/',
      body: { refresh: first.refresh },
    });
    expect(replay.status).toBe(401);
    // The thief's replay also ends the legitimate holder's sign-in.
    const after = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/token/refresh/',
      body: { refresh: second.body.refresh },
    });
    expect(after.status).toBe(401);
  });

  it('refuses expired, malformed and access tokens with 401, and missing fields with 400', async () => {
    const { profile } = await buildAdmin(t.db);
    const pair = (await login(profile.email)).body;
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/token/refresh/',
          body: { refresh: pair.access },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/token/refresh/',
          body: { refresh: 'garbage' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/auth/api/token/refresh/', body: {} })).status,
    ).toBe(400);
    t.clock.advance(t.config.refreshTokenTtlSeconds * 1000 + 1000);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/token/refresh/',
          body: { refresh: pair.refresh },
        })
      ).status,
    ).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use link to the reset page, and the new password works', async () => {
    const { profile } = await buildStudent(t.db, { email: 'riya@example.test' });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'riya@example.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: true, error: false, message: null });
    const mail = await t.smtp.mailTo('riya@example.test');
    const match =
      /http:\/\/rollbook\.test\/update_password\?profile_slug=([\w-]+)&profile_forgot_password_code=([\w-]+)/.exec(
        mail,
      );
    expect(match?.[1]).toBe(profile.slug);
    const code = match![2]!;

    const body = {
      password: 'Reset-pass-2026',
      profile_forgot_password_code: code,
      profile_slug: profile.slug,
    };
    const reset = await call(t.app, { method: 'POST', url: '/api/auth/api/set_updated_password/', body });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toBe(true);
    expect((await login('riya@example.test', 'Reset-pass-2026')).status).toBe(200);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/auth/api/set_updated_password/', body })).status,
    ).toBe(404);
  });

  it('allows one request per 24 hours (403), and answers unknown addresses without sending mail', async () => {
    await buildStudent(t.db, { email: 'once@example.test' });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/forgot_password/',
          body: { email: 'once@example.test' },
        })
      ).status,
    ).toBe(200);
    const second = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'once@example.test' },
    });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe('Please try again after 24 hours');
    t.clock.advance(DAY + 1000);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/forgot_password/',
          body: { email: 'once@example.test' },
        })
      ).status,
    ).toBe(200);

    await t.app.background.idle();
    const before = t.smtp.received.length;
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/forgot_password/',
          body: { email: 'ghost@example.test' },
        })
      ).status,
    ).toBe(200);
    await t.app.background.idle();
    expect(t.smtp.received.length).toBe(before);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('refuses a wrong code, a code for another account and an expired code, changing nothing', async () => {
    const { profile } = await buildStudent(t.db, { email: 'a@example.test' });
    const other = await buildStudent(t.db);
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'a@example.test' },
    });
    const code = /profile_forgot_password_code=([\w-]+)/.exec(await t.smtp.mailTo('a@example.test'))![1]!;
    const attempt = (slug: string, c: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/auth/api/set_updated_password/',
        body: { password: 'Reset-pass-2026', profile_forgot_password_code: c, profile_slug: slug },
      });
    expect((await attempt(profile.slug, 'wrong-code')).status).toBe(404);
    expect((await attempt(other.profile.slug, code)).status).toBe(404);
    t.clock.advance(DAY + 1000);
    const late = await attempt(profile.slug, code);
    expect(late.status).toBe(404);
    expect(late.body.message).toMatch(/expired/);
    expect((await login('a@example.test')).status).toBe(200);
  });

  it('tells the reset page whether its link is usable, used, expired or invalid, changing nothing', async () => {
    const { profile } = await buildStudent(t.db, { email: 'link@example.test' });
    const other = await buildStudent(t.db);
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'link@example.test' },
    });
    const code = /profile_forgot_password_code=([\w-]+)/.exec(await t.smtp.mailTo('link@example.test'))![1]!;
    const check = async (slug: string, c: string) => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/auth/api/check_password_link/',
        body: { profile_forgot_password_code: c, profile_slug: slug },
      });
      expect(res.status).toBe(200);
      return res.body.data.state as string;
    };
    expect(await check(profile.slug, code)).toBe('usable');
    // Asking twice does not spend the link.
    expect(await check(profile.slug, code)).toBe('usable');
    expect(await check(profile.slug, 'wrong-code')).toBe('invalid');
    expect(await check(other.profile.slug, code)).toBe('invalid');
    const missing = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/check_password_link/',
      body: { profile_slug: profile.slug },
    });
    expect(missing.status).toBe(400);

    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_updated_password/',
      body: { password: 'Reset-pass-2026', profile_forgot_password_code: code, profile_slug: profile.slug },
    });
    expect(reset.status).toBe(200);
    expect(await check(profile.slug, code)).toBe('used');

    const late = await buildStudent(t.db, { email: 'late@example.test' });
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'late@example.test' },
    });
    const lateCode = /profile_forgot_password_code=([\w-]+)/.exec(
      await t.smtp.mailTo('late@example.test'),
    )![1]!;
    expect(await check(late.profile.slug, lateCode)).toBe('usable');
    t.clock.advance(DAY + 1000);
    expect(await check(late.profile.slug, lateCode)).toBe('expired');
  });

  it('revokes existing sign-ins after a reset', async () => {
    const { profile } = await buildStudent(t.db, { email: 'b@example.test' });
    const pair = (await login('b@example.test')).body;
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'b@example.test' },
    });
    const code = /profile_forgot_password_code=([\w-]+)/.exec(await t.smtp.mailTo('b@example.test'))![1]!;
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_updated_password/',
      body: { password: 'Reset-pass-2026', profile_forgot_password_code: code, profile_slug: profile.slug },
    });
    expect(
      (await call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: pair.access })).status,
    ).toBe(401);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/token/refresh/',
          body: { refresh: pair.refresh },
        })
      ).status,
    ).toBe(401);
  });
});

describe('one link, two uses at once', () => {
  it('sets the password once: the second use finds the link spent', async () => {
    const { profile } = await buildTeacher(t.db, { email: 'twice@example.test' });
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'twice@example.test' },
    });
    const code = /profile_forgot_password_code=([\w-]+)/.exec(await t.smtp.mailTo('twice@example.test'))![1]!;
    const use = (password: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/auth/api/set_updated_password/',
        body: { password, profile_forgot_password_code: code, profile_slug: profile.slug },
      });
    const answers = await Promise.all([use('First-pass-2026'), use('Second-pass-2026')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  });
});

describe('update email', () => {
  it('ends a reset link still open at the old address', async () => {
    const { profile } = await buildTeacher(t.db, { email: 'old@example.test' });
    await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/forgot_password/',
      body: { email: 'old@example.test' },
    });
    const code = /profile_forgot_password_code=([\w-]+)/.exec(await t.smtp.mailTo('old@example.test'))![1]!;
    const link = { profile_slug: profile.slug, profile_forgot_password_code: code };
    const check = () =>
      call(t.app, { method: 'POST', url: '/api/auth/api/check_password_link/', body: link });
    expect((await check()).body.data).toEqual({ state: 'usable' });
    const pair = (await login('old@example.test')).body;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: pair.access,
      body: { email: 'new@example.test' },
    });
    expect(res.status).toBe(200);
    expect((await check()).body.data).toEqual({ state: 'invalid' });
  });

  it('changes the email once per 24 hours and revokes the account tokens', async () => {
    const { profile } = await buildTeacher(t.db, { email: 'old@example.test' });
    const pair = (await login('old@example.test')).body;
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: pair.access,
      body: { email: 'New@Example.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(false);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: pair.access })).status,
    ).toBe(401);
    expect((await login('new@example.test')).status).toBe(200);

    const fresh = (await login('new@example.test')).body;
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: fresh.access,
      body: { email: 'third@example.test' },
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('Please try again after 24 hours');
    t.clock.advance(DAY + 1000);
    const later = (await login('new@example.test')).body;
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/update_email/',
          token: later.access,
          body: { email: 'third@example.test' },
        })
      ).status,
    ).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.email).toBe('third@example.test');
  });

  it('refuses bad addresses, a taken address and anonymous callers, changing nothing', async () => {
    await buildAdmin(t.db, { email: 'taken@example.test' });
    const { profile } = await buildStudent(t.db, { email: 'me@example.test' });
    const { access } = (await login('me@example.test')).body;
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: access,
      body: { email: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: access,
      body: { email: 'TAKEN@example.test' },
    });
    expect(taken.status).toBe(409);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/auth/api/update_email/',
          body: { email: 'x@example.test' },
        })
      ).status,
    ).toBe(401);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.email).toBe('me@example.test');
  });
});

describe('API surface', () => {
  it('answers unknown API paths with the JSON error envelope', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/no/such/call' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ data: null, error: true });
  });

  it('accepts a POST path without its trailing slash, without redirecting', async () => {
    const { profile } = await buildAdmin(t.db);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login',
      body: { email: profile.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.access).toBeTruthy();
  });

  it('serves the OpenAPI document with the contract paths', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/auth/api/login/');
  });
});

describe('calls not built yet', () => {
  it('still authenticate and check the role before answering 501', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/manage/get_streams' })).status).toBe(401);
    const student = await buildStudent(t.db);
    const token = (await login(student.profile.email)).body.access;
    // get_streams is an admin call: a student is refused whatever its state of completion.
    const res = await call(t.app, { method: 'GET', url: '/api/manage/get_streams', token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(true);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('order of checks', () => {
  it('refuses a wrong-role or anonymous caller before looking at the body', async () => {
    const student = await buildStudent(t.db);
    const token = (await login(student.profile.email)).body.access;
    const wrongRole = await call(t.app, {
      method: 'POST',
      url: '/api/manage/add_subjects_to_semester/',
      token,
      body: { nonsense: true },
    });
    expect(wrongRole.status).toBe(403);
    const anonymous = await call(t.app, {
      method: 'POST',
      url: '/api/manage/add_subjects_to_semester/',
      body: { nonsense: true },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('multipart bodies', () => {
  it('answers a malformed multipart body with 400, not a crash', async () => {
    const admin = await buildAdmin(t.db);
    const token = (await login(admin.profile.email)).body.access;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/upload_master_timetable/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="master_tt.csv"; filename="a.csv"\r\n\r\nDAY,TIME\r\n--x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, data: null });
  });
});
