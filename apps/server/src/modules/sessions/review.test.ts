import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AttendanceReviewSchema, MarkAttendanceMessageSchema, SENT_TO_REVIEW_CODE } from '@rollbook/contract';
import { attendances, auditLog, lectureSessions } from '../../db/schema';
import { call } from '../../testing/test-app';
import { studentRecording, teacherChunks } from '../../testing/audio';
import {
  collect,
  keepTeacherAudio,
  markAttendance,
  markFields,
  received,
  startLiveWorld,
  streamTeacherAudio,
  useRoomAtNine,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { MARKING_MESSAGES, REASON_TEXTS } from './marking-messages';

describe("server-anchored recording time and the teacher's review (docs/decisions/sessions-0003)", () => {
  // The upload arrives (server time) once the room's eight seconds are over.
  const { t, sockets, baseUrl, sound, epochMs, withTone: recording } = useRoomAtNine();
  const rowOf = async (studentId: number) =>
    (await t.db.select().from(attendances).where(eq(attendances.studentId, studentId)))[0]!;
  const auditActions = async () => (await t.db.select().from(auditLog)).map((a) => a.action);

  /** Our web app's sheet (it asks for refused attempts) with every `mark_attendance` it receives. */
  async function sheet(w: StartedLiveWorld, opts: { refusedAttempts?: boolean } = { refusedAttempts: true }) {
    const { socket, answer } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, opts);
    expect(answer.kind).toBe('data');
    return { socket, marks: collect(socket, 'mark_attendance') };
  }

  /** The room's seconds the teacher's microphone sent, all or some (a gap), through the socket. */
  async function teacherHears(
    w: StartedLiveWorld,
    socket: Awaited<ReturnType<typeof sheet>>['socket'],
    seconds: number[],
  ) {
    const chunks = teacherChunks(sound, epochMs).filter((c) =>
      seconds.includes((c.timestampMs - epochMs) / 1000),
    );
    await streamTeacherAudio(t.app, socket, { sessionId: w.sessionId, token: w.tokens.cst }, chunks);
  }

  const review = (token: string, w: StartedLiveWorld, slug: string, decision: string) =>
    call(t.app, {
      method: 'POST',
      url: `/api/sessions/${w.sessionId}/reviews/${slug}`,
      token,
      body: { decision },
    });
  const reviews = (token: string, w: StartedLiveWorld) =>
    call(t.app, { method: 'GET', url: `/api/sessions/${w.sessionId}/reviews`, token });
  const recordingOf = (token: string, w: StartedLiveWorld, slug: string) =>
    call(t.app, { method: 'GET', url: `/api/sessions/${w.sessionId}/reviews/${slug}/recording`, token });

  /** A1 (and A2) record over a gap in the teacher's stream: both go to the teacher's review. */
  async function twoInReview() {
    const w = await startLiveWorld(t.app, t.db);
    const ours = await sheet(w);
    // The teacher's screen lost seconds 1-6 (it reconnected to another instance), then went on.
    await teacherHears(w, ours.socket, [0, 7]);
    const wavs = { a1: recording(w), a2: studentRecording(w.tone, sound, 1.2, epochMs) };
    for (const who of ['a1', 'a2'] as const) {
      const res = await markAttendance(t.app, w.tokens[who], markFields(w, epochMs + 1000), wavs[who]);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: SENT_TO_REVIEW_CODE, message: MARKING_MESSAGES.sentToReview });
    }
    const slugs = {
      a1: (await rowOf(w.students.a1.student.id)).slug,
      a2: (await rowOf(w.students.a2.student.id)).slug,
    };
    return { w, ours, wavs, slugs };
  }

  it('answers the server time to anyone signed in', async () => {
    const w = await startLiveWorld(t.app, t.db);
    for (const token of [w.tokens.a1, w.tokens.cst, w.tokens.admin]) {
      const res = await call(t.app, { method: 'GET', url: '/api/sessions/server_time', token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ server_time_ms: epochMs + 8000 });
    }
    expect((await call(t.app, { method: 'GET', url: '/api/sessions/server_time' })).status).toBe(401);
  });

  it('refuses a start_time claimed later than the upload arrived (400), nothing stored, the slot kept free', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const ours = await sheet(w);
    await teacherHears(w, ours.socket, [0, 1, 2, 3, 4, 5, 6, 7]);
    const before = await rowOf(w.students.a1.student.id);
    // Claimed 3 s late: the clip would end 2 s after its upload arrived, beyond the 1.5-s tolerance.
    const late = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 5000), recording(w));
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MARKING_MESSAGES.recordingTimeLate);
    // Measured against the server's clock, our web client has a tighter tolerance (1 s).
    const measured = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 4200, { clock_offset_ms: '-35' }),
      recording(w),
    );
    expect(measured.status).toBe(400);
    expect(measured.body.message).toBe(MARKING_MESSAGES.recordingTimeLate);
    // Claimed long before the upload: refused too.
    const early = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs - 60_000), recording(w));
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MARKING_MESSAGES.recordingTimeEarly);
    expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    expect(await auditActions()).not.toContain('attendance.not_confirmed');
    // The honest claim right after, with a measured offset, is marked: no slot was spent.
    const honest = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 1000, { clock_offset_ms: '120' }),
      recording(w),
    );
    expect(honest.status).toBe(200);
    expect(await rowOf(w.students.a1.student.id)).toMatchObject({ isPresent: true, verdict: 'present' });
  });

  it("waits for the teacher's seconds of the recording that have not arrived yet, then judges on them", async () => {
    const w = await startLiveWorld(t.app, t.db);
    const ours = await sheet(w);
    // The upload arrives at 09:00:06.5, the teacher's seconds 4-7 are still on their way.
    t.clock.set(new Date(epochMs + 6500));
    // Real time stands still: the wait's bound cannot run out however slow this machine is.
    const stillNow = Date.now();
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(stillNow);
    await teacherHears(w, ours.socket, [0, 1, 2, 3]);
    const store = t.app.liveStore;
    const read = store.readTeacherAudio.bind(store);
    let phase: 'before' | 'streaming' | 'arrived' = 'before';
    let looksAfterArrival = 0;
    // The server's first look finds the stream short of the window's end; the seconds arrive then.
    const spy = vi.spyOn(store, 'readTeacherAudio').mockImplementation(async (id, fromMs, toMs) => {
      const seen = await read(id, fromMs, toMs);
      if (phase === 'arrived') looksAfterArrival++;
      else if (phase === 'before') {
        expect(seen.newestMs).toBe(epochMs + 3000);
        phase = 'streaming';
        await teacherHears(w, ours.socket, [4, 5, 6, 7]);
        phase = 'arrived';
      }
      return seen;
    });
    try {
      const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording(w));
      expect(res.status).toBe(200);
      // It looked again once the seconds were there: it waited for them.
      expect(looksAfterArrival).toBeGreaterThanOrEqual(1);
    } finally {
      spy.mockRestore();
      frozen.mockRestore();
    }
    const row = await rowOf(w.students.a1.student.id);
    // Judged on the room sound (the original client's looped file cannot prove the moment).
    expect(row).toMatchObject({ isPresent: true, verdict: 'present', reasons: ['tone_time_unbounded'] });
    expect(row.similarity).not.toBeNull();
  });

  it('sends a recording over a gap in the teacher’s stream to review with its reasons and keeps the recording; the student may retry at once', async () => {
    const { w, ours, wavs } = await twoInReview();
    const row = await rowOf(w.students.a1.student.id);
    expect(row).toMatchObject({ isPresent: false, verdict: 'needs_review', similarity: null });
    expect(row.reasons).toEqual(['tone_time_unbounded', 'teacher_audio_missing', 'teacher_audio_gap']);
    const file = path.join(t.app.deps.mediaDir, row.recordingPath!);
    expect(readFileSync(file).equals(Buffer.from(wavs.a1))).toBe(true);
    expect(await auditActions()).toContain('attendance.sent_to_review');
    // Our sheet sees both as rows not yet present.
    await received(ours.marks, 2);
    const pushed = MarkAttendanceMessageSchema.parse(ours.marks[0]).data.data.attendance_data;
    expect(pushed).toMatchObject({ slug: row.slug, is_present: false });
    // The recording is personal data: the public media folder never serves it.
    const media = await t.app.inject({ method: 'GET', url: `/api/media/${row.recordingPath}` });
    expect(media.statusCode).toBe(404);

    // Not the student's doing: no rate-limit wait. The retry, once the teacher's audio covers it,
    // replaces the attempt and its recording.
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
    const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wavs.a1);
    expect(retry.status).toBe(200);
    expect(await rowOf(w.students.a1.student.id)).toMatchObject({ verdict: 'present', recordingPath: null });
    expect(existsSync(file)).toBe(false);
  });

  it('lets the session’s teacher list, hear and accept or reject a recording in review, audited and pushed', async () => {
    const { w, wavs, slugs } = await twoInReview();
    // The original client's sheet: it sees an accepted student as a mark, and nothing before.
    const original = await sheet(w, { refusedAttempts: false });

    const listed = await reviews(w.tokens.cst, w);
    expect(listed.status).toBe(200);
    const items = (listed.body.data as unknown[]).map((i) => AttendanceReviewSchema.parse(i));
    expect(items.map((i) => [i.attendance.slug, i.status, i.has_recording])).toEqual(
      expect.arrayContaining([
        [slugs.a1, 'pending', true],
        [slugs.a2, 'pending', true],
      ]),
    );
    expect(items[0]!.reason_texts).toEqual([
      REASON_TEXTS.tone_time_unbounded,
      REASON_TEXTS.teacher_audio_missing,
      REASON_TEXTS.teacher_audio_gap,
    ]);

    const heard = await recordingOf(w.tokens.cst, w, slugs.a1);
    expect(heard.status).toBe(200);
    expect(heard.raw.headers['content-type']).toBe('audio/wav');
    expect(heard.raw.headers['cache-control']).toBe('private, no-store');
    expect(heard.raw.rawPayload.equals(Buffer.from(wavs.a1))).toBe(true);

    const accepted = await review(w.tokens.cst, w, slugs.a1, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'accepted',
      attendance: { is_present: true, manual: true },
    });
    await received(original.marks, 1);
    expect(MarkAttendanceMessageSchema.parse(original.marks[0]).data.data.attendance_data).toMatchObject({
      slug: slugs.a1,
      is_present: true,
    });

    const rejected = await review(w.tokens.cst, w, slugs.a2, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
    const a2 = await rowOf(w.students.a2.student.id);
    expect(a2).toMatchObject({ isPresent: false, manual: true, verdict: 'needs_review' });
    expect(a2.changedByTeacherAt).not.toBeNull();
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['attendance.review_accepted', 'attendance.review_rejected']),
    );

    // Decided: a second decision changes nothing, and the student cannot override the teacher.
    const again = await review(w.tokens.cst, w, slugs.a2, 'accept');
    expect(again.status).toBe(409);
    expect((await rowOf(w.students.a2.student.id)).isPresent).toBe(false);
    const retry = await markAttendance(t.app, w.tokens.a2, markFields(w, epochMs + 1000), wavs.a2);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(MARKING_MESSAGES.teacherDecided);
    expect(original.marks).toHaveLength(1);
  });

  it('works on an ended session too, and only for rows in review', async () => {
    const { w, slugs } = await twoInReview();
    await t.db
      .update(lectureSessions)
      .set({ status: 'post' })
      .where(eq(lectureSessions.sessionId, w.sessionId));
    expect((await review(w.tokens.cst, w, slugs.a1, 'accept')).status).toBe(200);
    expect(await rowOf(w.students.a1.student.id)).toMatchObject({ isPresent: true });
    // A row the server judged (not in review) is not the review's business.
    await t.db
      .update(attendances)
      .set({ verdict: 'absent' })
      .where(eq(attendances.studentId, w.students.a2.student.id));
    expect((await review(w.tokens.cst, w, slugs.a2, 'accept')).status).toBe(404);
    expect((await recordingOf(w.tokens.cst, w, slugs.a2)).status).toBe(404);
    const bad = await review(w.tokens.cst, w, slugs.a1, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/decision must be "accept" or "reject"/);
  });

  it('answers another teacher 404 and students and admins 403, and changes nothing', async () => {
    const { w, slugs } = await twoInReview();
    const before = await rowOf(w.students.a1.student.id);
    for (const res of [
      await reviews(w.tokens.haj, w),
      await recordingOf(w.tokens.haj, w, slugs.a1),
      await review(w.tokens.haj, w, slugs.a1, 'accept'),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(slugs.a1);
    }
    for (const token of [w.tokens.a1, w.tokens.admin]) {
      expect((await reviews(token, w)).status).toBe(403);
      expect((await review(token, w, slugs.a1, 'accept')).status).toBe(403);
      expect((await recordingOf(token, w, slugs.a1)).status).toBe(403);
    }
    expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    expect(await auditActions()).not.toContain('attendance.review_accepted');
  });
});
