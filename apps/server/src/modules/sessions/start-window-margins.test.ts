import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { institutions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { buildLiveWorld, startSession } from '../../testing/live-fixture';

// The server's margins are 15 minutes before the start and none after the end (config defaults);
// the lecture is Monday 09:00-10:00 in the institution's zone (Asia/Kolkata).
describe('the start window uses the institution’s margins, the server’s where it sets none', () => {
  const t = useTestApp();

  async function worldWithMargins(early: number | null, late: number | null) {
    const w = await buildLiveWorld(t.app, t.db);
    await t.db
      .update(institutions)
      .set({ sessionStartEarlyMinutes: early, sessionStartLateMinutes: late })
      .where(eq(institutions.id, w.world.institutionId));
    return w;
  }

  it('opens as early as the institution says, and names its margin when refusing', async () => {
    const w = await worldWithMargins(30, null);
    t.clock.set(new Date('2026-11-02T08:29:00+05:30')); // 31 minutes early: still closed
    const early = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'You cannot start the session yet: it opens 30 minutes before the lecture starts',
    );
    // 25 minutes early: closed with the server's 15, open with the institution's 30.
    t.clock.set(new Date('2026-11-02T08:35:00+05:30'));
    expect((await startSession(t.app, w.tokens.cst, w.lecture.slug)).status).toBe(200);
  });

  it('stays open after the end as long as the institution says', async () => {
    const w = await worldWithMargins(null, 20);
    // 15 minutes after the end: closed with the server's 0, open with the institution's 20.
    t.clock.set(new Date('2026-11-02T10:15:00+05:30'));
    expect((await startSession(t.app, w.tokens.cst, w.lecture.slug)).status).toBe(200);

    const other = await worldWithMargins(null, 20);
    t.clock.set(new Date('2026-11-02T10:21:00+05:30'));
    const late = await startSession(t.app, other.tokens.cst, other.lecture.slug);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/lecture is over/);
  });

  it('can be narrower than the server’s: no minute before the start when the institution says 0', async () => {
    const w = await worldWithMargins(0, null);
    t.clock.set(new Date('2026-11-02T08:50:00+05:30')); // open with the server's 15, not with 0
    const early = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/opens 0 minutes before/);
    t.clock.set(new Date('2026-11-02T09:00:00+05:30'));
    expect((await startSession(t.app, w.tokens.cst, w.lecture.slug)).status).toBe(200);
  });

  it('falls back to the server’s margins where the institution sets none', async () => {
    const w = await worldWithMargins(null, null);
    t.clock.set(new Date('2026-11-02T08:40:00+05:30')); // 20 minutes early, server margin 15
    const early = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/opens 15 minutes before/);
  });
});
