import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  OngoingSessionDataMessageSchema,
  RegulizationApprovedMessageSchema,
  RegulizationRequestMessageSchema,
} from '@rollbook/contract';
import { attendances, auditLog, lectureSessions } from '../../db/schema';
import { call } from '../../testing/test-app';
import {
  buildLiveWorld,
  collect,
  collectAll,
  expectNoPushSince,
  keepTeacherAudio,
  leaseFreed,
  markAttendance,
  markFields,
  nextEvent,
  useListeningTestApp,
  received,
  startLiveWorld,
  type ClientSocket,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import { NOTHING_APPROVED_MESSAGES } from './live-socket';
import { MARKING_MESSAGES } from './marking.service';

describe('manual marking requests (§6.3, §8 regulization_request)', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();

  const request = (token: string, body: unknown) =>
    call(t.app, { method: 'POST', url: '/api/manage/session/mark_for_regulization/', token, body });

  async function sheet(w: StartedLiveWorld) {
    const { socket, answer } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    expect(answer.kind).toBe('data');
    return socket;
  }

  async function rowOf(studentId: number) {
    const [row] = await t.db.select().from(attendances).where(eq(attendances.studentId, studentId));
    return row;
  }

  /** The teacher approves `slugs` ("Mark All Students" or one row) and gets the approved rows back. */
  async function approve(socket: ClientSocket, w: StartedLiveWorld, slugs: string[]) {
    const approved = collect(socket, 'regulization_approved');
    socket.emit('regulization_request', {
      client: 'FE',
      session_id: w.sessionId,
      data: slugs,
      auth_token: w.tokens.cst,
    });
    await received(approved, 1);
    socket.off('regulization_approved');
    return RegulizationApprovedMessageSchema.parse(approved[0]).data.data.data;
  }

  it('stores the request with its comment and pushes it to the teacher’s sheet', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const socket = await sheet(w);
    const pushed = collect(socket, 'regulization_request');
    const res = await request(w.tokens.a1, {
      lecture_slug: w.lecture.slug,
      regulization_commet: '  My microphone is broken  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: true, code: 100, error: false, message: null });

    const row = (await rowOf(w.students.a1.student.id))!;
    expect(row).toMatchObject({
      isPresent: false,
      regulizationStatus: 'pending',
      regulizationComment: 'My microphone is broken',
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.manual_requested'));
    expect(entry).toMatchObject({ entitySlug: row.slug, detail: { comment: 'My microphone is broken' } });

    await received(pushed, 1);
    const msg = RegulizationRequestMessageSchema.parse(pushed[0]);
    expect(msg.data.data).toMatchObject({ session_id: w.sessionId, status: true });
    expect(msg.data.data.data.attendance_data).toMatchObject({
      slug: row.slug,
      is_present: false,
      regulization_comment: 'My microphone is broken',
      regulization_request: true,
      student: { enrollment: w.students.a1.student.enrollment },
    });

    // A teacher who reloads finds the request among the pending ones.
    socket.close();
    await leaseFreed(t.app, w.sessionId);
    const again = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    const state = OngoingSessionDataMessageSchema.parse(again.answer.m).data.data.data;
    expect(state.pending_regulization_requests.map((r) => r.slug)).toEqual([row.slug]);
  });

  it('refuses a second request (code 100) and keeps the first comment', async () => {
    const w = await startLiveWorld(t.app, t.db);
    expect(
      (await request(w.tokens.a1, { session_id: w.sessionId, regulization_commet: 'first' })).status,
    ).toBe(200);
    const second = await request(w.tokens.a1, {
      lecture_slug: w.lecture.slug,
      regulization_commet: 'second',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 100, message: MARKING_MESSAGES.requestSent });
    expect((await rowOf(w.students.a1.student.id))!.regulizationComment).toBe('first');
  });

  it('refuses other roles, strangers, other institutions, and sessions that are not live', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const body = { lecture_slug: w.lecture.slug, regulization_commet: 'please' };
    expect((await request(w.tokens.cst, body)).status).toBe(403);
    expect((await request(w.tokens.admin, body)).status).toBe(403);
    expect((await request('', body)).status).toBe(401);
    const stranger = await request(w.tokens.b1, body);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(MARKING_MESSAGES.notPart);
    const other = await buildLiveWorld(t.app, t.db);
    expect((await request(other.tokens.a1, body)).status).toBe(404);
    expect((await request(other.tokens.a1, { ...body, session_id: w.sessionId })).status).toBe(404);

    const empty = await request(w.tokens.a1, { lecture_slug: w.lecture.slug, regulization_commet: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('regulization_commet must not be empty');
    expect((await request(w.tokens.a1, { regulization_commet: 'no lecture' })).status).toBe(400);

    const notStarted = await request(other.tokens.a1, {
      lecture_slug: other.lecture.slug,
      regulization_commet: 'please',
    });
    expect(notStarted.status).toBe(409);
    expect(notStarted.body).toMatchObject({ code: 'conflict', message: MARKING_MESSAGES.notStarted });

    await t.db
      .update(lectureSessions)
      .set({ status: 'post' })
      .where(eq(lectureSessions.sessionId, w.sessionId));
    const ended = await request(w.tokens.a1, body);
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({ code: 100, message: MARKING_MESSAGES.ended });

    const pending = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.regulizationStatus, 'pending'));
    expect(pending).toEqual([]);
  });

  it('refuses a request from a student already marked present (code 100)', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await t.db
      .update(attendances)
      .set({ isPresent: true })
      .where(eq(attendances.studentId, w.students.a1.student.id));
    const res = await request(w.tokens.a1, { lecture_slug: w.lecture.slug, regulization_commet: 'please' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 100, message: MARKING_MESSAGES.alreadyMarked });
  });

  it('a request racing a successful mark is answered as already marked (code 100) and stores nothing', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const socket = await sheet(w);
    const events = collectAll(socket);
    const studentId = w.students.a1.student.id;
    // The request has read the row (absent); the student's mark commits before the request writes.
    const transaction = t.db.transaction.bind(t.db);
    const spy = vi.spyOn(t.db, 'transaction').mockImplementationOnce(async (run, config) => {
      await t.db
        .update(attendances)
        .set({ isPresent: true, verdict: 'present', markingTime: t.clock.now() })
        .where(eq(attendances.studentId, studentId));
      return transaction(run, config);
    });
    try {
      const res = await request(w.tokens.a1, {
        lecture_slug: w.lecture.slug,
        regulization_commet: 'late bus',
      });
      expect(spy).toHaveBeenCalled();
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 100, error: true, message: MARKING_MESSAGES.alreadyMarked });
    } finally {
      spy.mockRestore();
    }
    expect(await rowOf(studentId)).toMatchObject({
      isPresent: true,
      manual: false,
      regulizationStatus: null,
      regulizationComment: null,
    });
    const requested = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.manual_requested'));
    expect(requested).toEqual([]);
    // Nothing reached the sheet: A2's request, filed after, is the first event it receives.
    await expectNoPushSince(t.app, w, events, 0);
  });

  it('a student marked after asking keeps the verified mark: the request is no longer pending, approving it changes nothing', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const socket = await sheet(w);
    const studentId = w.students.a1.student.id;
    expect(
      (await request(w.tokens.a1, { lecture_slug: w.lecture.slug, regulization_commet: 'no signal' })).status,
    ).toBe(200);
    // Then the recording goes through, compared with the room's sound the teacher's microphone heard.
    const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
    const sound = roomSound(11, 8);
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
    t.clock.set(new Date(epochMs + 8000));
    const wav = studentRecording(w.tone, sound, 1, epochMs);
    expect((await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), wav)).status).toBe(200);
    const marked = (await rowOf(studentId))!;
    expect(marked).toMatchObject({ isPresent: true, manual: false });

    // The sheet's "Mark All Students": nothing is approved (whatever the sheet is told about it).
    const approvedPush = collect(socket, 'regulization_approved');
    const answered = Promise.race([
      nextEvent(socket, 'regulization_approved'),
      nextEvent(socket, 'update_attendance'),
    ]);
    socket.emit('regulization_request', {
      client: 'FE',
      session_id: w.sessionId,
      data: [marked.slug],
      auth_token: w.tokens.cst,
    });
    await answered;
    const pushedRows = approvedPush.flatMap((m) => RegulizationApprovedMessageSchema.parse(m).data.data.data);
    expect(pushedRows).toEqual([]);
    expect(await rowOf(studentId)).toEqual(marked);
    const approved = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.manual_request_approved'));
    expect(approved).toEqual([]);

    // A teacher who reloads is not offered the request any more.
    socket.close();
    await leaseFreed(t.app, w.sessionId);
    const again = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    const state = OngoingSessionDataMessageSchema.parse(again.answer.m).data.data.data;
    expect(state.pending_regulization_requests).toEqual([]);
  });

  it('the teacher approves one by one: manual, present, with the teacher’s name and time in the audit log', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const socket = await sheet(w);
    for (const token of [w.tokens.a1, w.tokens.a2]) {
      expect(
        (await request(token, { lecture_slug: w.lecture.slug, regulization_commet: 'on the back bench' }))
          .status,
      ).toBe(200);
    }
    const a1 = (await rowOf(w.students.a1.student.id))!;
    const a2 = (await rowOf(w.students.a2.student.id))!;

    const first = await approve(socket, w, [a1.slug]);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ slug: a1.slug, is_present: true, manual: true });
    expect(await rowOf(w.students.a1.student.id)).toMatchObject({
      isPresent: true,
      manual: true,
      regulizationStatus: 'approved',
      markingTime: t.clock.now(),
    });
    expect((await rowOf(w.students.a2.student.id))!.regulizationStatus).toBe('pending');

    t.clock.advance(60_000);
    const second = await approve(socket, w, [a2.slug]);
    expect(second.map((r) => r.slug)).toEqual([a2.slug]);
    // Approving again changes nothing: no success is pushed; the sheet is told why instead.
    const approvals = collect(socket, 'regulization_approved');
    const answers = collect(socket, 'update_attendance');
    socket.emit('regulization_request', {
      client: 'FE',
      session_id: w.sessionId,
      data: [a1.slug, a2.slug],
      auth_token: w.tokens.cst,
    });
    await received(answers, 1);
    expect(answers[0]).toMatchObject({ status_code: 409, message: NOTHING_APPROVED_MESSAGES.nonePending });
    expect(approvals).toEqual([]);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.manual_request_approved'));
    expect(trail.map((e) => [e.entitySlug, e.detail])).toEqual([
      [
        a1.slug,
        expect.objectContaining({
          teacher: 'Chirag S. Thakkar',
          at: '2026-11-02T03:30:00.000Z',
          comment: 'on the back bench',
        }),
      ],
      [a2.slug, expect.objectContaining({ teacher: 'Chirag S. Thakkar', at: '2026-11-02T03:31:00.000Z' })],
    ]);
  });

  it('the teacher approves all at once; only this session’s pending requests count', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const other = await startLiveWorld(t.app, t.db);
    const socket = await sheet(w);
    for (const token of [w.tokens.a1, w.tokens.a2]) {
      await request(token, { lecture_slug: w.lecture.slug, regulization_commet: 'no signal' });
    }
    await request(other.tokens.a1, { lecture_slug: other.lecture.slug, regulization_commet: 'elsewhere' });
    const pending = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.regulizationStatus, 'pending'));
    const approved = await approve(
      socket,
      w,
      pending.map((r) => r.slug),
    );
    expect(approved.map((r) => r.student.enrollment).sort()).toEqual(
      [w.students.a1.student.enrollment, w.students.a2.student.enrollment].sort(),
    );
    expect(approved.every((r) => r.is_present && r.manual)).toBe(true);
    const stillPending = await t.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.regulizationStatus, 'pending')));
    expect(stillPending.map((r) => r.studentId)).toEqual([other.students.a1.student.id]);
  });
});
