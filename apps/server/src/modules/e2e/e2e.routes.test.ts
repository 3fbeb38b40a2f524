import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lectureSessions, profiles } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { everyRowAsText } from '../../testing/table-rows';
import { dropTableSnapshot } from '../../db/table-snapshot';

const t = useTestApp({ e2eTestHooks: true });

afterAll(async () => {
  // The reset's snapshot schema would outlive this file on a shared PostgreSQL.
  await dropTableSnapshot(t.db);
});

describe('the browser suite reset', () => {
  const reset = async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/__e2e__/reset' });
    expect(res.status).toBe(200);
  };
  const latestHeldDay = async () => {
    const [row] = await t.db.select({ day: sql<string>`max(${lectureSessions.day})` }).from(lectureSessions);
    return row!.day;
  };

  const WEEK_MS = 7 * 24 * 3600 * 1000;

  it('gives back the same demo after any change, and builds it anew on another demo day', async () => {
    await reset();
    const demo = await everyRowAsText(t.db);
    expect(demo.institutions).not.toBe('');
    expect(demo.attendances).not.toBe('');

    await t.db
      .update(profiles)
      .set({ name: 'Renamed by a test' })
      .where(eq(profiles.email, 'teacher@rollbook.test'));
    await t.db.delete(lectureSessions);
    const alert = await call(t.app, {
      method: 'POST',
      url: '/api/__e2e__/notify',
      body: { email: 'student@rollbook.test', type: 'subject_choice_alert', message: 'A test alert' },
    });
    expect(alert.status).toBe(200);
    expect(await everyRowAsText(t.db)).not.toEqual(demo);

    await reset();
    expect(await everyRowAsText(t.db)).toEqual(demo);

    // A week later the demo's past weeks of attendance end a week later.
    const heldBefore = await latestHeldDay();
    t.clock.set(new Date(t.clock.now().getTime() + WEEK_MS));
    await reset();
    const heldAfter = await latestHeldDay();
    expect(new Date(heldAfter).getTime() - new Date(heldBefore).getTime()).toBe(WEEK_MS);
  });
});
