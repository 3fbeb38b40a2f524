import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, attendances, institutions, lectureSessions } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { buildLiveWorld, startSession } from './testing/live-fixture';
import { toneOf } from './testing/audio';
import { tokenFor } from '../timetable/testing/timetable-fixture';

describe('POST /manage/session/create_lecture_session/ (§6.8)', () => {
  const t = useTestApp();

  it('starts the lecture: pre -> ongoing, a tone at a public relative audio_url, a row per student', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const res = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.active).toBe('ongoing');
    expect(data.session_id).toBe(data.lecture.session.session_id);
    expect(data.lecture.session.active).toBe('ongoing');
    expect(data.lecture.slug).toBe(w.lecture.slug);
    expect(data.audio_url).toMatch(/^tones\/[A-Za-z0-9_-]+\.wav$/);
    expect(data.student_count).toBe(2);
    expect(data.marked_attendances).toEqual([]);

    // The tone is public (no Authorization) and carries its per-session parameters.
    const tone = await t.app.inject({ method: 'GET', url: `/api/media/${data.audio_url}` });
    expect(tone.statusCode).toBe(200);
    expect(tone.headers['content-type']).toBe('audio/wav');
    const params = toneOf(new Uint8Array(tone.rawPayload));
    expect(params.chirps.length).toBeGreaterThan(0);
    for (const c of params.chirps) {
      expect(Math.min(c.startHz, c.endHz)).toBeGreaterThanOrEqual(17500);
      expect(Math.max(c.startHz, c.endHz)).toBeLessThanOrEqual(20000);
    }

    const [session] = await t.db.select().from(lectureSessions);
    expect(session!.status).toBe('ongoing');
    expect(session!.startedAt).not.toBeNull();
    expect(await t.db.select().from(attendances).where(eq(attendances.sessionId, session!.id))).toHaveLength(
      2,
    );
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toContain('session.started');
  });

  it('answers the same session and tone when the teacher joins again (reload)', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const first = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    const again = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(again.status).toBe(200);
    expect(again.body.data.session_id).toBe(first.body.data.session_id);
    expect(again.body.data.audio_url).toBe(first.body.data.audio_url);
    expect(again.body.data.active).toBe('ongoing');
    expect(await t.db.select().from(lectureSessions)).toHaveLength(1);
  });

  it('re-creates a tone this instance lacks from the stored parameters', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const first = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    const original = await t.app.inject({ method: 'GET', url: `/api/media/${first.body.data.audio_url}` });
    const { rm } = await import('node:fs/promises');
    await rm(`${t.mediaDir}/${first.body.data.audio_url}`);
    const again = await t.app.inject({ method: 'GET', url: `/api/media/${first.body.data.audio_url}` });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, original.rawPayload)).toBe(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/media/tones/AAAAAAAAAAAAAAAAAAAAAA.wav' });
    expect(unknown.statusCode).toBe(404);
  });

  it('sets the classroom the card selected', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const res = await startSession(t.app, w.tokens.cst, w.lecture.slug, w.world.rooms.LH102!.slug);
    expect(res.status).toBe(200);
    expect(res.body.data.lecture.session.classroom_final).toEqual({
      slug: w.world.rooms.LH102!.slug,
      class_name: 'LH102',
    });
  });

  it('refuses other teachers (403), students (403), foreign lectures and classrooms (404)', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    expect((await startSession(t.app, w.tokens.haj, w.lecture.slug)).status).toBe(403);
    expect((await startSession(t.app, w.tokens.a1, w.lecture.slug)).status).toBe(403);
    const other = await buildLiveWorld(t.app, t.db);
    const foreign = await startSession(t.app, other.tokens.cst, w.lecture.slug);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Lecture not found');
    const foreignRoom = await startSession(
      t.app,
      w.tokens.cst,
      w.lecture.slug,
      other.world.rooms.LH101!.slug,
    );
    expect(foreignRoom.status).toBe(404);
    expect(
      await t.db.select().from(lectureSessions).where(eq(lectureSessions.status, 'ongoing')),
    ).toHaveLength(0);
  });

  it('opens only within the margin around the lecture time, unless the institution keeps it open', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    t.clock.set(new Date('2026-11-02T08:40:00+05:30')); // 20 min early, margin 15
    const early = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/cannot start the session yet/);
    t.clock.set(new Date('2026-11-02T08:46:00+05:30'));
    expect((await startSession(t.app, w.tokens.cst, w.lecture.slug)).status).toBe(200);

    const late = await buildLiveWorld(t.app, t.db);
    t.clock.set(new Date('2026-11-02T10:01:00+05:30'));
    const tooLate = await startSession(t.app, late.tokens.cst, late.lecture.slug);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toMatch(/over/);
    // The demo setting: open all day.
    await t.db
      .update(institutions)
      .set({ sessionWindowAlwaysOpen: true })
      .where(eq(institutions.id, late.world.institutionId));
    t.clock.set(new Date('2026-11-02T22:30:00+05:30'));
    expect((await startSession(t.app, late.tokens.cst, late.lecture.slug)).status).toBe(200);
  });

  it('refuses a lecture of another weekday and an ended session', async () => {
    t.clock.set(new Date('2026-11-02T23:50:00+05:30'));
    const w = await buildLiveWorld(t.app, t.db);
    t.clock.set(new Date('2026-11-03T09:10:00+05:30')); // a Tuesday, within the token's day
    const wrongDay = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    expect(wrongDay.status).toBe(409);
    expect(wrongDay.body.message).toMatch(/mondays/);
    const monday = await buildLiveWorld(t.app, t.db);
    t.clock.set(new Date('2026-11-09T09:10:00+05:30'));
    const token = await tokenFor(t.app, monday.world.teachers.cst.profile);
    expect((await startSession(t.app, token, monday.lecture.slug)).status).toBe(200);
    await t.db.update(lectureSessions).set({ status: 'post' });
    const ended = await startSession(t.app, token, monday.lecture.slug);
    expect(ended.status).toBe(409);
    expect(ended.body.message).toMatch(/already ended/);
  });

  it('validates its fields', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const res = await startSession(t.app, w.tokens.cst, 'no spaces allowed');
    expect(res.status).toBe(400);
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/create_lecture_session/',
      token: w.tokens.cst,
      body: { lecture_slug: w.lecture.slug },
    });
    expect(json.status).toBe(415);
  });
});
