import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SseAttendanceMarkedSchema,
  SseAttendanceUpdatedSchema,
  SseOngoingSessionSchema,
  SseRegulizationApprovedSchema,
  SseRegulizationRequestSchema,
  SseSessionEndedSchema,
  SseSessionToneSchema,
} from '@rollbook/contract';
import { attendances, lectureSessions } from '../../db/schema';
import { call } from '../../testing/test-app';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import {
  buildLiveWorld,
  keepTeacherAudio,
  markAttendance,
  markFields,
  startLiveWorld,
  useListeningTestApp,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { openSse, sseMessage, type SseStream } from '../../testing/sse-client';
import { waitUntil } from '../../testing/wait';
import { REASON_TEXTS } from './marking-messages';

describe('the slow-network path (contract §13): session_sse_view and the HTTP actions', () => {
  // A heartbeat well within a test's wait, so the test sees one.
  const { t, baseUrl } = useListeningTestApp({ liveSseHeartbeatSeconds: 0.2 });
  const streams: SseStream[] = [];
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });

  const sound = roomSound(31, 8);
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  beforeEach(() => t.clock.set(new Date(epochMs + 8000)));

  async function follow(query: Record<string, string | undefined>) {
    const stream = await openSse(baseUrl(), query);
    streams.push(stream);
    return stream;
  }
  const teacherStream = (w: StartedLiveWorld, extra: Record<string, string> = {}) =>
    follow({ session_id: w.sessionId, access_token: w.tokens.cst, ...extra });

  const post = (path: string, token: string, body: unknown) =>
    call(t.app, { method: 'POST', url: `/api/manage/session/${path}`, token, body });

  async function rowOf(studentId: number) {
    const [row] = await t.db.select().from(attendances).where(eq(attendances.studentId, studentId));
    return row!;
  }

  it('streams ongoing_session_data, then every event of §13 as it happens, and closes on the end', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const stream = await teacherStream(w);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const first = SseOngoingSessionSchema.parse(await sseMessage(stream, 'ongoing_session_data'));
    expect(first).toMatchObject({ status_code: 200, data: { session_id: w.sessionId, student_count: 2 } });
    expect(stream.messages[0].type).toBe('ongoing_session_data');
    // Heartbeat comments keep proxies from closing a quiet stream.
    await waitUntil(() => stream.comments.length > 0, 'no heartbeat comment');

    // A student marks (the room's sound reaches the server from the teacher's earlier stream).
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
    const marked = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 1000),
      studentRecording(w.tone, sound, 1, epochMs),
    );
    expect(marked.status).toBe(200);
    const mark = SseAttendanceMarkedSchema.parse(await sseMessage(stream, 'attendance_marked'));
    expect(mark.data.attendance_data).toMatchObject({
      is_present: true,
      student: { enrollment: w.students.a1.student.enrollment },
    });

    // A manual request, approved over HTTP.
    const filed = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      token: w.tokens.a2,
      body: { lecture_slug: w.lecture.slug, regulization_commet: 'my phone died' },
    });
    expect(filed.status).toBe(200);
    const request = SseRegulizationRequestSchema.parse(await sseMessage(stream, 'regulization_request'));
    const requestSlug = request.data.attendance_data.slug;
    const approved = await post('regulization_request_entry/', w.tokens.cst, {
      session_id: w.sessionId,
      data: [requestSlug],
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual([expect.objectContaining({ slug: requestSlug, is_present: true })]);
    const pushed = SseRegulizationApprovedSchema.parse(
      await sseMessage(stream, 'handleRegulizationApprovedEvent'),
    );
    expect(pushed.data.map((r) => r.slug)).toEqual([requestSlug]);
    // Approving again changes nothing and says so.
    const again = await post('regulization_request_entry/', w.tokens.cst, {
      session_id: w.sessionId,
      data: [requestSlug],
    });
    expect(again.status).toBe(409);

    // The teacher removes the marked student (update_attendance, action false).
    const removed = await post('update_attendance/', w.tokens.cst, {
      session_id: w.sessionId,
      attendance_slug: mark.data.attendance_data.slug,
      action: false,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({
      session_id: w.sessionId,
      attendance_slug: mark.data.attendance_data.slug,
      message: 'Attendance updated successfully',
    });
    const updated = SseAttendanceUpdatedSchema.parse(await sseMessage(stream, 'update_attendace'));
    expect(updated.data).toBe(mark.data.attendance_data.slug);
    expect((await rowOf(w.students.a1.student.id)).isPresent).toBe(false);
    // The same again is not a change: 409, no event.
    const unchanged = await post('update_attendance/', w.tokens.cst, {
      session_id: w.sessionId,
      attendance_slug: mark.data.attendance_data.slug,
      action: false,
    });
    expect(unchanged.status).toBe(409);

    const ended = await post('end_session/', w.tokens.cst, { session_id: w.sessionId });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ session_id: w.sessionId, active: 'post' });
    expect(ended.body.data.marked_attendances).toHaveLength(2);
    const last = SseSessionEndedSchema.parse(await sseMessage(stream, 'session_ended'));
    expect(last.status_code).toBe(409);
    await waitUntil(() => stream.ended, 'the stream stayed open after the end');
    // Exactly one message per event, in order.
    expect(stream.messages.map((m) => m.type)).toEqual([
      'ongoing_session_data',
      'attendance_marked',
      'regulization_request',
      'handleRegulizationApprovedEvent',
      'update_attendace',
      'session_ended',
    ]);
    const [session] = await t.db
      .select()
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, w.sessionId));
    expect(session?.status).toBe('post');
  });

  it('sends the tone key only to a stream that asks (live_tone=1), and refused attempts only on refused_attempts=1', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const plain = await teacherStream(w);
    const ours = await teacherStream(w, { live_tone: '1', refused_attempts: '1' });
    const tone = SseSessionToneSchema.parse(await sseMessage(ours, 'session_tone'));
    expect(tone.data).toMatchObject({ session_id: w.sessionId, key_hex: w.tone.keyHex });
    // A recording without the tone is refused: only the stream that asked hears of it.
    const refused = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 1000),
      studentRecording(null, sound, 1, epochMs),
    );
    expect(refused.status).not.toBe(200);
    const attempt = SseAttendanceMarkedSchema.parse(await sseMessage(ours, 'attendance_marked'));
    expect(attempt.data.attendance_data.is_present).toBe(false);
    // A later event reaches both: the plain stream got nothing before it.
    await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      token: w.tokens.a2,
      body: { lecture_slug: w.lecture.slug, regulization_commet: 'later' },
    });
    await sseMessage(plain, 'regulization_request');
    expect(plain.messages.map((m) => m.type)).toEqual(['ongoing_session_data', 'regulization_request']);
  });

  it("marks the teacher's network as slow while following: a verdict without teacher audio says why", async () => {
    const w = await startLiveWorld(t.app, t.db);
    const stream = await teacherStream(w);
    await sseMessage(stream, 'ongoing_session_data');
    expect(await t.app.liveStore.teacherNetworkSlow(w.sessionId)).toBe(true);
    const res = await markAttendance(
      t.app,
      w.tokens.a2,
      markFields(w, epochMs + 1000),
      studentRecording(w.tone, sound, 1, epochMs),
    );
    expect(res.status).toBe(403);
    const row = await rowOf(w.students.a2.student.id);
    expect(row.verdict).toBe('needs_review');
    expect(row.reasons).toContain('teacher_network_slow');
    expect(REASON_TEXTS.teacher_network_slow).toMatch(/too slow/);
  });

  it('refuses the stream to anyone but the live session’s own teacher, before any stream byte', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const foreign = await buildLiveWorld(t.app, t.db);
    const cases: Array<[string, Record<string, string | undefined>, number]> = [
      ['no token', { session_id: w.sessionId }, 400],
      ['no session', { access_token: w.tokens.cst }, 400],
      ['forged token', { session_id: w.sessionId, access_token: 'not.a.token' }, 401],
      ['student', { session_id: w.sessionId, access_token: w.tokens.a1 }, 403],
      ['admin', { session_id: w.sessionId, access_token: w.tokens.admin }, 403],
      ['another teacher', { session_id: w.sessionId, access_token: w.tokens.haj }, 403],
      ['other institution', { session_id: w.sessionId, access_token: foreign.tokens.cst }, 404],
    ];
    for (const [who, query, status] of cases) {
      const stream = await follow(query);
      expect({ who, status: stream.status }).toEqual({ who, status });
      expect(stream.contentType).toMatch(/json/);
      expect(stream.errorBody.message).toEqual(expect.any(String));
    }
    expect(await t.app.liveStore.teacherNetworkSlow(w.sessionId)).toBe(false);

    const ended = await post('end_session/', w.tokens.cst, { session_id: w.sessionId });
    expect(ended.status).toBe(200);
    const late = await teacherStream(w);
    expect(late.status).toBe(409);
    expect(late.errorBody.message).toBe('This session has ended');
  });

  it('refuses the HTTP actions to anyone but the session’s own teacher, changing nothing', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const foreign = await buildLiveWorld(t.app, t.db);
    const a1 = await rowOf(w.students.a1.student.id);
    const actions: Array<[string, unknown]> = [
      ['update_attendance/', { session_id: w.sessionId, attendance_slug: a1.slug, action: true }],
      ['regulization_request_entry/', { session_id: w.sessionId, data: [a1.slug] }],
      ['end_session/', { session_id: w.sessionId }],
    ];
    const callers: Array<[string, string | undefined, number]> = [
      ['anonymous', undefined, 401],
      ['student', w.tokens.a1, 403],
      ['admin', w.tokens.admin, 403],
      ['another teacher', w.tokens.haj, 403],
      ['other institution', foreign.tokens.cst, 404],
    ];
    for (const [path, body] of actions) {
      for (const [who, token, status] of callers) {
        const res = await call(t.app, { method: 'POST', url: `/api/manage/session/${path}`, token, body });
        expect({ path, who, status: res.status }).toEqual({ path, who, status });
      }
    }
    const bad = await post('update_attendance/', w.tokens.cst, {
      session_id: w.sessionId,
      attendance_slug: a1.slug,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/action/);
    expect((await rowOf(w.students.a1.student.id)).isPresent).toBe(false);
    const [session] = await t.db
      .select()
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, w.sessionId));
    expect(session?.status).toBe('ongoing');
  });

  it('ends with a final list of every expected student, one who joined a batch during it too', async () => {
    const w = await startLiveWorld(t.app, t.db);
    // A2 joined the batch after the start: no row was made for them then.
    await t.db.delete(attendances).where(eq(attendances.studentId, w.students.a2.student.id));
    const ended = await post('end_session/', w.tokens.cst, { session_id: w.sessionId });
    expect(ended.status).toBe(200);
    const final = ended.body.data.marked_attendances as {
      student: { enrollment: string };
      is_present: boolean;
    }[];
    expect(final.map((r) => r.student.enrollment).sort()).toEqual(
      [w.students.a1.student.enrollment, w.students.a2.student.enrollment].sort(),
    );
    expect(final.find((r) => r.student.enrollment === w.students.a2.student.enrollment)?.is_present).toBe(
      false,
    );
  });
});
