import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, attendances, classrooms, institutions, lectures, lectureSessions } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { addLecture, buildLiveWorld, startSession, type LiveWorld } from '../../testing/live-fixture';
import { toneOf } from '../../testing/audio';
import { tokenFor } from '../../testing/tokens';
import { BROWSER_FETCH } from '../../testing/tone-downloads';

/** The ids of a RIFF file's chunks, in order. */
function riffChunks(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ids: string[] = [];
  for (let at = 12; at + 8 <= bytes.length;) {
    ids.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size & 1);
  }
  return ids;
}

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

    // The tone file is public (no Authorization) and carries nothing but its samples.
    const tone = await t.app.inject({
      method: 'GET',
      url: `/api/media/${data.audio_url}`,
      headers: BROWSER_FETCH,
    });
    expect(tone.statusCode).toBe(200);
    expect(tone.headers['content-type']).toBe('audio/wav');
    expect(riffChunks(new Uint8Array(tone.rawPayload))).toEqual(['fmt ', 'data']);

    const [session] = await t.db.select().from(lectureSessions);
    // The session's secret tone stays on the server: a 256-bit key and the configured band.
    const stored = toneOf(session!.toneParams);
    expect(stored.keyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.config).toMatchObject({ bandLowHz: 17000, bandHighHz: 20000 });
    expect(stored.epochMs).toBe(session!.startedAt!.getTime());
    expect(JSON.stringify(res.body)).not.toContain(stored.keyHex);
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

  it('renders the tone file again from the stored key on an instance that lacks it', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const first = await startSession(t.app, w.tokens.cst, w.lecture.slug);
    const original = await t.app.inject({
      method: 'GET',
      url: `/api/media/${first.body.data.audio_url}`,
      headers: BROWSER_FETCH,
    });
    const { rm } = await import('node:fs/promises');
    await rm(`${t.mediaDir}/${first.body.data.audio_url}`);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/media/${first.body.data.audio_url}`,
      headers: BROWSER_FETCH,
    });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, original.rawPayload)).toBe(0);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/media/tones/AAAAAAAAAAAAAAAAAAAAAA.wav' });
    expect(unknown.statusCode).toBe(404);
  });

  it('sets the classroom the card selected, audited', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const res = await startSession(t.app, w.tokens.cst, w.lecture.slug, w.world.rooms.LH102!.slug);
    expect(res.status).toBe(200);
    expect(res.body.data.lecture.session.classroom_final).toEqual({
      slug: w.world.rooms.LH102!.slug,
      class_name: 'LH102',
    });
    const [changed] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.classroom_changed'));
    expect(changed).toMatchObject({ entitySlug: res.body.data.session_id, detail: { classroom: 'LH102' } });
    // Joining again with the same selection changes nothing more.
    expect((await startSession(t.app, w.tokens.cst, w.lecture.slug, w.world.rooms.LH102!.slug)).status).toBe(
      200,
    );
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'session.classroom_changed')),
    ).toHaveLength(1);
  });

  describe('a classroom the card selected, checked before anything is written', () => {
    /** Today's session of the world's lecture and the classroom-change audit entries. */
    async function untouched(w: LiveWorld) {
      const [session] = await t.db
        .select()
        .from(lectureSessions)
        .where(eq(lectureSessions.lectureId, w.lecture.id));
      expect(session).toMatchObject({ status: 'pre', classroomFinalId: null, audioPath: null });
      const changes = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'lecture_session'));
      expect(changes).toEqual([]);
    }

    it('a start refused by the start window keeps the lecture’s classroom', async () => {
      const w = await buildLiveWorld(t.app, t.db);
      t.clock.set(new Date('2026-11-02T08:40:00+05:30')); // 20 min early, margin 15
      const early = await startSession(t.app, w.tokens.cst, w.lecture.slug, w.world.rooms.LH102!.slug);
      expect(early.status).toBe(409);
      expect(early.body.message).toMatch(/cannot start the session yet/);
      await untouched(w);
    });

    it('a room another lecture holds at that time is refused, as set_classroom_dynamic refuses it without merge', async () => {
      const w = await buildLiveWorld(t.app, t.db);
      const divisionB = w.world.batches.filter((b) => b.divisionId === w.world.divisions.B.id);
      const other = await addLecture(t.db, w.world, {
        divisionId: w.world.divisions.B.id,
        batchIds: divisionB.map((b) => b.id),
        startTime: '09:30',
        endTime: '10:30',
      });
      await t.db
        .update(lectures)
        .set({ classroomId: w.world.rooms.LH102!.id, teacherId: w.world.teachers.haj.teacher.id })
        .where(eq(lectures.id, other.id));
      const res = await startSession(t.app, w.tokens.cst, w.lecture.slug, w.world.rooms.LH102!.slug);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/already has .* in LH102 at 09:30-10:30\. Choose to merge/);
      await untouched(w);
      // The lecture's own room is always fine.
      const own = await startSession(t.app, w.tokens.cst, w.lecture.slug, w.world.rooms.LH101!.slug);
      expect(own.status).toBe(200);
    });

    it('a room of the institution outside the teacher’s departments is refused (403)', async () => {
      const w = await buildLiveWorld(t.app, t.db);
      const [elsewhere] = await t.db
        .insert(classrooms)
        .values({ institutionId: w.world.institutionId, name: 'CIVIL-9', latitude: 23.1, longitude: 72.6 })
        .returning();
      const res = await startSession(t.app, w.tokens.cst, w.lecture.slug, elsewhere!.slug);
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/CIVIL-9 is not one of your departments' classrooms/);
      await untouched(w);
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
