import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendances, profiles, students } from '../db/schema';
import { buildStudent, TEST_PASSWORD } from '../testing/factories';
import { call, useTestApp } from '../testing/test-app';
import { tokenFor } from '../testing/tokens';
import { startLiveWorld } from '../testing/live-fixture';

// The fields the probe broke, sent where they reach the database: a real account, a live session.
const t = useTestApp();

/** Letters that do not compress, so an index entry really is as long as the text. */
function incompressible(length: number): string {
  let seed = 11;
  return Array.from({ length }, () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return String.fromCharCode(97 + (seed % 26));
  }).join('');
}

describe('a NUL character where it would reach the database', () => {
  it('in a device id at sign-in: 400 naming the field, no device bound', async () => {
    const { profile, student } = await buildStudent(t.db);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email: profile.email, password: TEST_PASSWORD, device_id: 'phone\u0000one' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      data: null,
      error: true,
      code: 'validation_failed',
      message: 'device_id must not contain the NUL character (\\u0000)',
    });
    const [row] = await t.db.select().from(students).where(eq(students.id, student.id));
    expect(row?.deviceId).toBeNull();
  });

  it('in an email at sign-in and in a reset request: 400, not a database error', async () => {
    for (const url of ['/api/auth/api/login/', '/api/auth/api/forgot_password/']) {
      const res = await call(t.app, {
        method: 'POST',
        url,
        body: { email: 'someone\u0000@example.test', password: 'x' },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe('email must not contain the NUL character (\\u0000)');
    }
  });

  it('in a manual-marking comment on a live session: 400, nothing stored', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      token: w.tokens.a1,
      body: { session_id: w.sessionId, regulization_commet: 'my mic\u0000 broke' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('regulization_commet must not contain the NUL character (\\u0000)');
    const [row] = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.studentId, w.students.a1.student.id));
    expect(row?.regulizationComment).toBeNull();
  });
});

describe('an over-long string where it would reach the database', () => {
  it('a 10 000-character email change is refused with 400, the address unchanged', async () => {
    const { profile } = await buildStudent(t.db, { email: 'me@example.test' });
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/update_email/',
      token: await tokenFor(t.app, profile),
      body: { email: `${incompressible(10_000)}@example.test` },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('email must be at most 254 characters');
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.email).toBe('me@example.test');
  });
});
