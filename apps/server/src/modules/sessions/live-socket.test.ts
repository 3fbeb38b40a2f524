import { describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ClientErrorMessageSchema,
  MISSING_SESSION_OR_TOKEN_MESSAGE,
  OngoingSessionDataMessageSchema,
  RegulizationApprovedMessageSchema,
  SessionEndedMessageSchema,
  UpdateAttendanceMessageSchema,
} from '@rollbook/contract';
import { encodePcm16, openStoredTeacherChunks } from '@rollbook/presence';
import { attendances, auditLog, lectureSessions, lectures } from '../../db/schema';
import { call } from '../../testing/test-app';
import { newSessionId } from '../../domain/lectures/lecture-sessions.repository';
import { tokenFor } from '../../testing/tokens';
import { waitUntil } from '../../testing/wait';
import { NOTHING_APPROVED_MESSAGES, ONE_TEACHER_MESSAGE, TAKEN_OVER_MESSAGE } from './live-socket';
import { decodeHolder } from './teacher-lease';
import {
  addLecture,
  buildLiveWorld,
  collect,
  leaseFreed,
  useListeningTestApp,
  nextEvent,
  openSocket,
  received,
  startLiveWorld,
  toggleAttendance,
  watchLeaseReleases,
  type ClientSocket,
  type StartedLiveWorld,
} from '../../testing/live-fixture';

/** The test clock's start: chunk stamps and arrivals are counted from it. */
const T0 = new Date('2026-11-02T09:00:00+05:30').getTime();

describe('live session socket (§8)', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();

  const live = () => startLiveWorld(t.app, t.db);
  const cst = (w: StartedLiveWorld) => ({ sessionId: w.sessionId, token: w.tokens.cst });

  const teacher = (sessionId: string, token: string) => sockets.join(baseUrl(), sessionId, token);

  /** The attendance row of a student, by student id. */
  async function rowOf(studentId: number) {
    const [row] = await t.db.select().from(attendances).where(eq(attendances.studentId, studentId));
    return row!;
  }

  it('joins the room and pushes ongoing_session_data in the bridge envelope', async () => {
    const w = await live();
    const { answer } = await teacher(w.sessionId, w.tokens.cst);
    expect(answer.kind).toBe('data');
    const msg = OngoingSessionDataMessageSchema.parse(answer.m);
    expect(msg.status_code).toBe(200);
    expect(msg.data.data.session_id).toBe(w.sessionId);
    expect(msg.data.data.data.student_count).toBe(2);
    expect(msg.data.data.data.marked_attendances).toEqual([]);
    expect(msg.data.data.data.pending_regulization_requests).toEqual([]);
    expect(msg.data.data.data.lecture?.slug).toBe(w.lecture.slug);
  });

  it('answers missing fields with client_error 500 and disconnects', async () => {
    const w = await live();
    const socket = await openSocket(baseUrl());
    sockets.track(socket);
    const error = nextEvent(socket, 'client_error');
    const closed = nextEvent(socket, 'disconnect');
    socket.emit('socket_connection', { client: 'FE', session_id: w.sessionId } as never);
    expect(ClientErrorMessageSchema.parse(await error)).toEqual({
      event: 'client_error',
      client: 'FE',
      status_code: 500,
      data: MISSING_SESSION_OR_TOKEN_MESSAGE,
    });
    expect(await closed).toBe('io server disconnect');
  });

  it('refuses a bad token (401), another teacher (401), a student (401), a foreign session (404)', async () => {
    const w = await live();
    const other = await buildLiveWorld(t.app, t.db);
    const cases: Array<[string, string, number]> = [
      ['not-a-token', w.sessionId, 401],
      [w.tokens.haj, w.sessionId, 401],
      [w.tokens.a1, w.sessionId, 401],
      [other.tokens.cst, w.sessionId, 404],
    ];
    for (const [token, sessionId, status] of cases) {
      const { socket, answer } = await teacher(sessionId, token);
      expect(answer.kind).toBe('error');
      expect(answer.m.status_code).toBe(status);
      if (socket.connected) await nextEvent(socket, 'disconnect');
      expect(socket.connected).toBe(false);
    }
  });

  it('refuses a session that is not live', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    // The dashboard names today's session (no row is written); it is not started.
    const day = await t.app.inject({
      method: 'GET',
      url: '/api/manage/get_timetable_for_teacher/current',
      headers: { authorization: `Bearer ${w.tokens.cst}` },
    });
    const sessionId = day.json().data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0]
      .session.session_id as string;
    const { answer } = await teacher(sessionId, w.tokens.cst);
    expect(answer.kind).toBe('error');
    expect(answer.m.status_code).toBe(409);
    expect(answer.m.data).toBe('This session has not been started yet');
  });

  /** One 1-second chunk of teacher audio, as the sheet sends it. */
  /**
   * Sends the chunk stamped `at` ms after the test clock's start, arriving (test clock) the moment
   * it is over, as a live sheet's do: the server places it at its stamp. With `wait`, waits until
   * this chunk is handled (the server places chunks by their arrival, so one at a time).
   */
  async function sendChunk(socket: ClientSocket, sessionId: string, token: string, at: number, wait = true) {
    const before = (await t.app.liveStore.teacherChunks(sessionId, 0, Infinity)).length;
    t.clock.set(new Date(T0 + at + 1000));
    socket.emit('incoming_audio_chunks', {
      client: 'FE',
      session_id: sessionId,
      auth_token: token,
      blob: encodePcm16(new Float32Array(48000).fill(0.1)),
      timestamp: T0 + at,
    });
    if (!wait) return;
    await waitUntil(
      async () => (await t.app.liveStore.teacherChunks(sessionId, 0, Infinity)).length > before,
      'the chunk was not kept',
    );
  }

  /** Waits until the live store keeps `count` teacher chunks of a session; answers their stamps (from T0). */
  async function storedChunks(sessionId: string, count: number) {
    let stored = await t.app.liveStore.teacherChunks(sessionId, 0, Infinity);
    await waitUntil(async () => {
      stored = await t.app.liveStore.teacherChunks(sessionId, 0, Infinity);
      return stored.length >= count;
    }, `${count} teacher chunks in the live store`);
    return stored.map((c) => c.timestampMs - T0);
  }

  /**
   * A manual request of student A1, pushed to the session's room: a later event that shows `socket`
   * is still connected and in the room after whatever came before it.
   */
  async function a1AsksManually(w: StartedLiveWorld, socket: ClientSocket) {
    const pushed = nextEvent(socket, 'regulization_request');
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      headers: { authorization: `Bearer ${w.tokens.a1}` },
      payload: { lecture_slug: w.lecture.slug, regulization_commet: 'still here?' },
    });
    expect(filed.statusCode).toBe(200);
    expect((await pushed).data.data.data.attendance_data.regulization_comment).toBe('still here?');
  }

  it('a rejoin by the same teacher takes the session over: the old sheet is told and closed', async () => {
    const w = await live();
    const first = await teacher(w.sessionId, w.tokens.cst);
    expect(first.answer.kind).toBe('data');
    const firstId = first.socket.id;
    const firstError = nextEvent(first.socket, 'client_error');
    const firstClosed = nextEvent(first.socket, 'disconnect');
    const releases = watchLeaseReleases(t.app);
    let second: Awaited<ReturnType<typeof teacher>>;
    try {
      // A network blip: the old socket still looks connected to the server when the sheet rejoins.
      second = await teacher(w.sessionId, w.tokens.cst);
      expect(second.answer.kind).toBe('data');
      expect(await firstError).toEqual({
        event: 'client_error',
        client: 'FE',
        status_code: 409,
        data: TAKEN_OVER_MESSAGE,
      });
      expect(await firstClosed).toBe('io server disconnect');
      const holder = await t.app.liveStore.teacherLeaseHolder(w.sessionId);
      expect(decodeHolder(holder!)?.socketId).toBe(second.socket.id);
      // The old socket's own disconnect does not release the lease it lost: once the server has
      // finished that socket's release, the new sheet still holds the lease.
      await releases.released(w.sessionId, (h) => decodeHolder(h)?.socketId === firstId);
      expect(await t.app.liveStore.teacherLeaseHolder(w.sessionId)).toBe(holder);
    } finally {
      releases.restore();
    }
    expect(second.socket.connected).toBe(true);
    const a1 = await rowOf(w.students.a1.student.id);
    expect((await toggleAttendance(second.socket, cst(w), a1.slug, true)).status_code).toBe(200);
  });

  it('refuses a different teacher while one is connected, exactly as before', async () => {
    const w = await live();
    const first = await teacher(w.sessionId, w.tokens.cst);
    expect(first.answer.kind).toBe('data');
    const held = await t.app.liveStore.teacherLeaseHolder(w.sessionId);
    // The lecture is handed to HAJ during the session: HAJ may drive it, but CST is connected.
    await t.db
      .update(lectures)
      .set({ teacherId: w.world.teachers.haj.teacher.id })
      .where(eq(lectures.id, w.lecture.id));
    const other = await teacher(w.sessionId, w.tokens.haj);
    expect(other.answer).toEqual({
      kind: 'error',
      m: { event: 'client_error', client: 'FE', status_code: 500, data: ONE_TEACHER_MESSAGE },
    });
    if (other.socket.connected) await nextEvent(other.socket, 'disconnect');
    // CST's sheet keeps the lease and its connection: a push raised after the refusal reaches it.
    expect(await t.app.liveStore.teacherLeaseHolder(w.sessionId)).toBe(held);
    await a1AsksManually(w, first.socket);
    expect(first.socket.connected).toBe(true);
    expect(await t.app.liveStore.teacherLeaseHolder(w.sessionId)).toBe(held);
  });

  it('a reload rejoins with the state intact', async () => {
    const w = await live();
    const first = await teacher(w.sessionId, w.tokens.cst);
    expect(first.answer.kind).toBe('data');

    // Something happens in the session, then the teacher reloads.
    const a1 = await rowOf(w.students.a1.student.id);
    const updated = await toggleAttendance(first.socket, cst(w), a1.slug, true);
    expect(updated.status_code).toBe(200);
    const gone = nextEvent(first.socket, 'disconnect');
    first.socket.close();
    await gone;
    // A browser reload closes the old socket before the new page connects: wait for the server
    // to have processed that close (the lease is released on disconnect).
    await leaseFreed(t.app, w.sessionId);
    const reload = await teacher(w.sessionId, w.tokens.cst);
    expect(reload.answer.kind).toBe('data');
    const state = OngoingSessionDataMessageSchema.parse(reload.answer.m).data.data.data;
    expect(state.marked_attendances.map((a) => [a.slug, a.is_present])).toEqual([[a1.slug, true]]);
  });

  it('update_attendance: 200 only when the stored value changes, 404 for a stranger, audited', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    const a2 = await rowOf(w.students.a2.student.id);
    const send = (slug: string, action: boolean) => toggleAttendance(socket, cst(w), slug, action);
    const ok = await send(a2.slug, true);
    expect(ok).toMatchObject({
      status_code: 200,
      message: 'Attendance updated successfully',
      attendance_slug: a2.slug,
    });
    expect((await rowOf(w.students.a2.student.id)).isPresent).toBe(true);
    expect((await rowOf(w.students.a2.student.id)).manual).toBe(true);
    const same = await send(a2.slug, true);
    expect(same.status_code).toBe(409);
    expect(same.message).toBe('This student is already marked present');
    const off = await send(a2.slug, false);
    expect(off.status_code).toBe(200);
    expect((await rowOf(w.students.a2.student.id)).isPresent).toBe(false);
    const stranger = await send('no-such-attendance', true);
    expect(stranger.status_code).toBe(404);

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entitySlug, a2.slug));
    expect(trail.map((a) => a.action)).toEqual([
      'attendance.marked_present_by_teacher',
      'attendance.marked_absent_by_teacher',
    ]);
    expect(trail[0]!.detail).toMatchObject({ teacher: 'Chirag S. Thakkar' });
  });

  it("marks present a student of the audience who never marked (found in get_session_data), as the teacher's audited manual mark", async () => {
    const w = await live();
    // A2 never marked, and joined the batch after the start: no row was made for them then.
    await t.db.delete(attendances).where(eq(attendances.studentId, w.students.a2.student.id));
    const { socket, answer } = await teacher(w.sessionId, w.tokens.cst);
    expect(OngoingSessionDataMessageSchema.parse(answer.m).data.data.data.marked_attendances).toEqual([]);
    // The live sheet lists the audience from the session's data: every expected student, with a row.
    const data = await call(t.app, {
      method: 'GET',
      url: `/api/manage/session/get_session_data/${w.sessionId}`,
      token: w.tokens.cst,
    });
    expect(data.status).toBe(200);
    const listed = data.body.data.marked_attendances as Array<{
      slug: string;
      is_present: boolean;
      student: { enrollment: string };
    }>;
    const a2Listed = listed.find((r) => r.student.enrollment === w.students.a2.student.enrollment);
    expect(a2Listed).toMatchObject({ is_present: false });

    const marked = await toggleAttendance(socket, cst(w), a2Listed!.slug, true);
    expect(marked).toMatchObject({ status_code: 200, attendance_slug: a2Listed!.slug });
    const row = await rowOf(w.students.a2.student.id);
    expect(row).toMatchObject({ isPresent: true, manual: true });
    expect(row.changedByTeacherAt).not.toBeNull();
    expect(row.markingTime).not.toBeNull();
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entitySlug, row.slug));
    expect(trail.map((entry) => [entry.action, entry.actorProfileId])).toEqual([
      ['attendance.marked_present_by_teacher', w.world.teachers.cst.profile.id],
    ]);
    expect(trail[0]!.detail).toMatchObject({
      session: w.sessionId,
      student: w.students.a2.student.enrollment,
      teacher: 'Chirag S. Thakkar',
    });
  });

  it("refuses to mark a student outside the session's audience, or another institution's, changing nothing", async () => {
    const w = await live();
    const foreign = await live(); // another institution, its session live too
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    // B1 (division B) is outside the lecture's audience; their one row is in a B lecture's session.
    const divisionB = w.world.batches.filter((b) => b.divisionId === w.world.divisions.B.id);
    const lectureB = await addLecture(t.db, w.world, {
      divisionId: w.world.divisions.B.id,
      batchIds: divisionB.map((b) => b.id),
      day: 'tuesday',
    });
    const [sessionB] = await t.db
      .insert(lectureSessions)
      .values({ lectureId: lectureB.id, day: '2026-10-27', sessionId: newSessionId(), status: 'post' })
      .returning();
    await t.db.insert(attendances).values({ sessionId: sessionB!.id, studentId: w.students.b1.student.id });
    const b1Row = await rowOf(w.students.b1.student.id);
    const foreignRow = await rowOf(foreign.students.a1.student.id);
    for (const slug of [b1Row.slug, foreignRow.slug]) {
      const refused = await toggleAttendance(socket, cst(w), slug, true);
      expect(refused).toMatchObject({
        status_code: 404,
        message: 'This student is not part of the session',
      });
    }
    expect(await rowOf(w.students.b1.student.id)).toEqual(b1Row);
    expect(await rowOf(foreign.students.a1.student.id)).toEqual(foreignRow);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entitySlug, [b1Row.slug, foreignRow.slug]));
    expect(trail).toEqual([]);
  });

  it('regulization_request approves the pending manual requests', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    // A student's request arrives on the sheet.
    const pushed = nextEvent(socket, 'regulization_request');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      headers: { authorization: `Bearer ${w.tokens.a1}` },
      payload: { lecture_slug: w.lecture.slug, regulization_commet: 'My microphone is broken' },
    });
    expect(request.statusCode).toBe(200);
    const record = (await pushed).data.data.data.attendance_data;
    expect(record.regulization_comment).toBe('My microphone is broken');

    const approved = nextEvent(socket, 'regulization_approved');
    socket.emit('regulization_request', {
      client: 'FE',
      session_id: w.sessionId,
      data: [record.slug, 'not-a-request'],
      auth_token: w.tokens.cst,
    });
    const msg = RegulizationApprovedMessageSchema.parse(await approved);
    expect(msg.data.data.data).toHaveLength(1);
    expect(msg.data.data.data[0]).toMatchObject({ slug: record.slug, is_present: true, manual: true });
    const row = await rowOf(w.students.a1.student.id);
    expect(row.regulizationStatus).toBe('approved');
    expect(row.markingTime).not.toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entitySlug, record.slug), eq(auditLog.action, 'attendance.manual_request_approved')),
      );
    expect(entry!.detail).toMatchObject({ teacher: 'Chirag S. Thakkar', comment: 'My microphone is broken' });
  });

  it('regulization_request that approves nothing sends no success, but says why on update_attendance', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    const pushed = nextEvent(socket, 'regulization_request');
    await t.app.inject({
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      headers: { authorization: `Bearer ${w.tokens.a1}` },
      payload: { lecture_slug: w.lecture.slug, regulization_commet: 'No microphone' },
    });
    const slug = (await pushed).data.data.data.attendance_data.slug as string;
    const approvals = collect(socket, 'regulization_approved');
    const answers = collect(socket, 'update_attendance');
    const approve = () =>
      socket.emit('regulization_request', {
        client: 'FE',
        session_id: w.sessionId,
        data: [slug],
        auth_token: w.tokens.cst,
      });

    // A double click: whichever request runs first approves, the other finds nothing pending.
    approve();
    approve();
    await received(approvals, 1);
    await received(answers, 1);
    expect(RegulizationApprovedMessageSchema.parse(approvals[0]).data.data.data.map((r) => r.slug)).toEqual([
      slug,
    ]);
    expect(UpdateAttendanceMessageSchema.parse(answers[0])).toMatchObject({
      status_code: 409,
      message: NOTHING_APPROVED_MESSAGES.nonePending,
      attendance_slug: slug,
    });

    // The session stopped being live (ended elsewhere) while the sheet was open.
    await t.db
      .update(lectureSessions)
      .set({ status: 'post' })
      .where(eq(lectureSessions.sessionId, w.sessionId));
    approve();
    await received(answers, 2);
    expect(UpdateAttendanceMessageSchema.parse(answers[1])).toMatchObject({
      status_code: 409,
      message: NOTHING_APPROVED_MESSAGES.notLive,
    });
    expect(approvals).toHaveLength(1);
    expect(socket.connected).toBe(true);
  });

  it('refuses actions from a socket that joined another session or sends another person’s token, and changes nothing', async () => {
    const w = await live();
    const other = await live();
    const { socket } = await teacher(other.sessionId, other.tokens.cst);
    const a1 = await rowOf(w.students.a1.student.id);
    // Joined `other`, acting on `w` with w's own teacher token: not this socket's session.
    const refused = nextEvent(socket, 'client_error');
    socket.emit('update_attendance', {
      client: 'FE',
      attendance_slug: a1.slug,
      session_id: w.sessionId,
      auth_token: w.tokens.cst,
      action: true,
    });
    expect((await refused).status_code).toBe(401);

    // Joined properly, then a student's and a colleague's token on the actions.
    for (const [token, event] of [
      [w.tokens.a1, 'session_ended'],
      [w.tokens.haj, 'regulization_request'],
    ] as const) {
      const { socket: sheet } = await teacher(w.sessionId, w.tokens.cst);
      const error = nextEvent(sheet, 'client_error');
      if (event === 'session_ended')
        sheet.emit(event, { client: 'FE', session_id: w.sessionId, auth_token: token });
      else sheet.emit(event, { client: 'FE', session_id: w.sessionId, data: [a1.slug], auth_token: token });
      expect((await error).status_code).toBe(401);
      if (sheet.connected) await nextEvent(sheet, 'disconnect');
      await leaseFreed(t.app, w.sessionId);
    }
    expect(await rowOf(w.students.a1.student.id)).toEqual(a1);
    const [session] = await t.db
      .select()
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, w.sessionId));
    expect(session!.status).toBe('ongoing');
  });

  it('keeps the teacher audio window; heartbeats are ignored; a socket that did not join is refused', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    const chunk = encodePcm16(new Float32Array(48000).fill(0.1));
    t.clock.set(new Date(T0 + 3_000));
    socket.emit('incoming_audio_chunks', {
      client: 'FE',
      session_id: w.sessionId,
      auth_token: w.tokens.cst,
      blob: new Uint8Array(0),
      timestamp: T0 + 1_000,
    });
    socket.emit('incoming_audio_chunks', {
      client: 'FE',
      session_id: w.sessionId,
      auth_token: w.tokens.cst,
      blob: chunk,
      timestamp: T0 + 2_000,
    });
    // The heartbeat was sent first, so once the real chunk is stored the heartbeat was handled too.
    expect(await storedChunks(w.sessionId, 1)).toEqual([2_000]);
    // Kept in the stored form (sessions-0011), well under the 96 kB of PCM it arrived as; opened,
    // a second of 48 kHz PCM16 again.
    const stored = await t.app.liveStore.teacherChunks(w.sessionId, 0, Infinity);
    expect(stored[0]!.bytes.length).toBeLessThan(40_000);
    const opened = openStoredTeacherChunks(stored, { audio: true });
    expect(opened.map((c) => [c.timestampMs - T0, c.bytes.length])).toEqual([[2_000, 96_000]]);

    const stranger = await openSocket(baseUrl());
    sockets.track(stranger);
    const refused = nextEvent(stranger, 'client_error');
    stranger.emit('incoming_audio_chunks', {
      client: 'FE',
      session_id: w.sessionId,
      auth_token: w.tokens.cst,
      blob: chunk,
      timestamp: T0 + 3_000,
    });
    expect((await refused).status_code).toBe(401);
    expect((await t.app.liveStore.teacherChunks(w.sessionId, 0, Infinity)).length).toBe(1);
  });

  it('events sent right after socket_connection wait for the join instead of closing the sheet', async () => {
    const w = await live();
    const socket = await openSocket(baseUrl());
    sockets.track(socket);
    const errors = collect(socket, 'client_error');
    const joined = nextEvent(socket, 'ongoing_session_data');
    const toggled = nextEvent(socket, 'update_attendance');
    const a1 = await rowOf(w.students.a1.student.id);
    t.clock.set(new Date(T0 + 3_000));
    const session = { client: 'FE' as const, session_id: w.sessionId, auth_token: w.tokens.cst };
    // A reconnecting sheet: its join, then at once what it had queued, without awaiting an answer.
    socket.emit('socket_connection', { ...session, live_tone: true });
    socket.emit('tone_clock', { ...session, offset_ms: 12, tolerance_ms: 40 });
    socket.emit('incoming_audio_chunks', {
      ...session,
      blob: encodePcm16(new Float32Array(48000).fill(0.1)),
      timestamp: T0 + 2_000,
    });
    socket.emit('update_attendance', { ...session, attendance_slug: a1.slug, action: true });
    const refused = new Promise((_, reject) =>
      socket.once('client_error', (m) => reject(new Error(`refused: ${JSON.stringify(m)}`))),
    );
    expect(OngoingSessionDataMessageSchema.parse(await Promise.race([joined, refused])).status_code).toBe(
      200,
    );
    expect(await storedChunks(w.sessionId, 1)).toEqual([2_000]);
    expect(UpdateAttendanceMessageSchema.parse(await toggled).status_code).toBe(200);
    expect(await t.app.liveStore.tonePlayback(w.sessionId)).toBe(
      JSON.stringify({ offsetMs: 12, toleranceMs: 40 }),
    );
    expect(errors).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('accepts chunks with a refreshed token of the same teacher; refuses another person’s token', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    // The access token is refreshed while streaming: the sheet sends the new one from then on.
    const refreshed = await tokenFor(t.app, w.world.teachers.cst.profile);
    expect(refreshed).not.toBe(w.tokens.cst);
    const errors = collect(socket, 'client_error');
    await sendChunk(socket, w.sessionId, w.tokens.cst, 1_000);
    await sendChunk(socket, w.sessionId, refreshed, 2_000);
    await sendChunk(socket, w.sessionId, `Bearer ${refreshed}`, 3_000);
    expect(await storedChunks(w.sessionId, 3)).toEqual([1_000, 2_000, 3_000]);
    expect(errors).toEqual([]);
    expect(socket.connected).toBe(true);

    // A valid token of someone else (a colleague) is still refused, and its chunk dropped.
    const refused = nextEvent(socket, 'client_error');
    const closed = nextEvent(socket, 'disconnect');
    await sendChunk(socket, w.sessionId, w.tokens.haj, 4_000, false);
    expect(ClientErrorMessageSchema.parse(await refused).status_code).toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect(await storedChunks(w.sessionId, 3)).toEqual([1_000, 2_000, 3_000]);
  });

  it('drops a chunk the live store fails to keep, without ending the sheet', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    const errors = collect(socket, 'client_error');
    const append = vi
      .spyOn(t.app.liveStore, 'appendTeacherChunk')
      .mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      await sendChunk(socket, w.sessionId, w.tokens.cst, 1_000, false);
      await sendChunk(socket, w.sessionId, w.tokens.cst, 2_000);
      expect(await storedChunks(w.sessionId, 1)).toEqual([2_000]);
    } finally {
      append.mockRestore();
    }
    expect(errors).toEqual([]);
    expect(socket.connected).toBe(true);
    const a2 = await rowOf(w.students.a2.student.id);
    expect((await toggleAttendance(socket, cst(w), a2.slug, true)).status_code).toBe(200);
  });

  it('session_ended stores the final state, pushes every student and disconnects the room', async () => {
    const w = await live();
    const { socket } = await teacher(w.sessionId, w.tokens.cst);
    const ended = nextEvent(socket, 'session_ended');
    const closed = nextEvent(socket, 'disconnect');
    socket.emit('session_ended', { client: 'FE', session_id: w.sessionId, auth_token: w.tokens.cst });
    const msg = SessionEndedMessageSchema.parse(await ended);
    expect(msg.data.data.data.active).toBe('post');
    expect(msg.data.data.data.session_id).toBe(w.sessionId);
    expect(msg.data.data.data.marked_attendances).toHaveLength(2);
    expect(await closed).toBe('io server disconnect');
    const [session] = await t.db.select().from(lectureSessions);
    expect(session!.status).toBe('post');
    expect(session!.endedAt).not.toBeNull();
    // An ended session cannot be joined again.
    const again = await teacher(w.sessionId, w.tokens.cst);
    expect(again.answer.m.status_code).toBe(409);
  });
});
