import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  MarkAttendanceMessageSchema,
  SseAttendanceMarkedSchema,
  OngoingSessionDataMessageSchema,
  RegulizationRequestMessageSchema,
} from '@rollbook/contract';
import { attendances, lectures } from '../../db/schema';
import { call, sharedServicesConfigured, useTwoTestApps } from '../../testing/test-app';
import { ONE_TEACHER_MESSAGE, TAKEN_OVER_MESSAGE } from './live-socket';
import { decodeHolder } from './teacher-lease';
import { MARKING_MESSAGES } from './marking.service';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import { openSse, sseMessage } from '../../testing/sse-client';
import {
  collect,
  keepTeacherAudio,
  leaseFreed,
  listenOnLoopback,
  markAttendance,
  markFields,
  nextEvent,
  received,
  startLiveWorld,
  streamTeacherAudio,
  toggleAttendance,
  useSockets,
  watchLeaseReleases,
  type ClientSocket,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { BROWSER_FETCH } from '../../testing/tone-downloads';

// Two instances share state only through PostgreSQL and Redis, so this needs both: CI's
// "server suites on PostgreSQL + Redis" step sets TEST_DATABASE_URL and TEST_REDIS_URL.
describe.runIf(sharedServicesConfigured)('two server instances on one PostgreSQL and Redis', () => {
  const t = useTwoTestApps();
  const url = { a: '', b: '' };
  const sockets = useSockets();

  beforeAll(async () => {
    url.a = await listenOnLoopback(t.a);
    url.b = await listenOnLoopback(t.b);
  });

  const sound = roomSound(21, 8);
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  // Uploads arrive (server time) once the room's eight seconds are over.
  beforeEach(() => t.clock.set(new Date(epochMs + 8000)));

  const teacherOn = (base: string, w: StartedLiveWorld) => sockets.join(base, w.sessionId, w.tokens.cst);

  /** A student's upload to one instance: a recording of the room with the session's tone. */
  const markOn = (app: FastifyInstance, w: StartedLiveWorld, token: string) =>
    markAttendance(app, token, markFields(w, epochMs + 1000), studentRecording(w.tone, sound, 1, epochMs));

  it('a mark that lands on B reaches the teacher connected to A', async () => {
    const w = await startLiveWorld(t.a, t.db);
    const { socket, answer } = await teacherOn(url.a, w);
    expect(answer.kind).toBe('data');
    const marks = collect(socket, 'mark_attendance');
    await keepTeacherAudio(t.a, w.sessionId, teacherChunks(sound, epochMs));

    const res = await markOn(t.b, w, w.tokens.a1);
    expect(res.status).toBe(200);
    // How fast it arrives is bench/sessions' business (no duration is asserted here); it must arrive.
    await received(marks, 1);
    const record = MarkAttendanceMessageSchema.parse(marks[0]).data.data.attendance_data;
    expect(record).toMatchObject({
      is_present: true,
      student: { enrollment: w.students.a1.student.enrollment },
    });

    // A manual request filed on B shows up on A too.
    const requests = collect(socket, 'regulization_request');
    const filed = await call(t.b, {
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      token: w.tokens.a2,
      body: { lecture_slug: w.lecture.slug, regulization_commet: 'left my phone on silent' },
    });
    expect(filed.status).toBe(200);
    await received(requests, 1);
    expect(RegulizationRequestMessageSchema.parse(requests[0]).data.data.data.attendance_data).toMatchObject({
      regulization_comment: 'left my phone on silent',
    });
  });

  it('an SSE stream held by A gets the events raised on B (slow-network path, §13)', async () => {
    const w = await startLiveWorld(t.a, t.db);
    const stream = await openSse(url.a, { session_id: w.sessionId, access_token: w.tokens.cst });
    expect(stream.status).toBe(200);
    try {
      await sseMessage(stream, 'ongoing_session_data');
      await keepTeacherAudio(t.a, w.sessionId, teacherChunks(sound, epochMs));
      const res = await markOn(t.b, w, w.tokens.a1);
      expect(res.status).toBe(200);
      const mark = SseAttendanceMarkedSchema.parse(await sseMessage(stream, 'attendance_marked'));
      expect(mark.data.attendance_data.student.enrollment).toBe(w.students.a1.student.enrollment);

      // The teacher's own action, sent through B, reaches the stream on A too.
      const ended = await call(t.b, {
        method: 'POST',
        url: '/api/manage/session/end_session/',
        token: w.tokens.cst,
        body: { session_id: w.sessionId },
      });
      expect(ended.status).toBe(200);
      expect((await sseMessage(stream, 'session_ended')).status_code).toBe(409);
      // Each event once, though both instances hold the feed.
      expect(stream.messages.map((m) => m.type)).toEqual([
        'ongoing_session_data',
        'attendance_marked',
        'session_ended',
      ]);
    } finally {
      stream.close();
    }
  });

  /** The teacher ticks student a1 present over `socket`; returns a1's attendance row. */
  async function teacherMarksA1Present(w: StartedLiveWorld, socket: ClientSocket) {
    const [a1] = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.studentId, w.students.a1.student.id));
    const updated = await toggleAttendance(
      socket,
      { sessionId: w.sessionId, token: w.tokens.cst },
      a1!.slug,
      true,
    );
    expect(updated.status_code).toBe(200);
    return a1!;
  }

  it('the same teacher rejoining on B takes the session over from the socket on A; another teacher is refused', async () => {
    const w = await startLiveWorld(t.a, t.db);
    const first = await teacherOn(url.a, w);
    expect(first.answer.kind).toBe('data');
    const firstId = first.socket.id;
    const a1 = await teacherMarksA1Present(w, first.socket);

    // A network blip: A has not noticed the old socket is gone when the sheet rejoins through B.
    const firstError = nextEvent(first.socket, 'client_error');
    const firstClosed = nextEvent(first.socket, 'disconnect');
    const releasesOnA = watchLeaseReleases(t.a);
    const second = await teacherOn(url.b, w);
    expect(second.answer.kind).toBe('data');
    const state = OngoingSessionDataMessageSchema.parse(second.answer.m).data.data.data;
    expect(state.marked_attendances.map((r) => [r.slug, r.is_present])).toEqual([[a1.slug, true]]);
    expect(await firstError).toEqual({
      event: 'client_error',
      client: 'FE',
      status_code: 409,
      data: TAKEN_OVER_MESSAGE,
    });
    expect(await firstClosed).toBe('io server disconnect');
    // A's disconnect of its socket leaves B's lease alone: once A has finished releasing what that
    // socket held, the lease is still B's socket's.
    const held = await t.b.liveStore.teacherLeaseHolder(w.sessionId);
    expect(decodeHolder(held!)?.socketId).toBe(second.socket.id);
    try {
      await releasesOnA.released(w.sessionId, (h) => decodeHolder(h)?.socketId === firstId);
    } finally {
      releasesOnA.restore();
    }
    expect(await t.a.liveStore.teacherLeaseHolder(w.sessionId)).toBe(held);

    // A different teacher (the lecture handed over mid-session) is refused on either instance.
    await t.db
      .update(lectures)
      .set({ teacherId: w.world.teachers.haj.teacher.id })
      .where(eq(lectures.id, w.lecture.id));
    const other = await sockets.join(url.a, w.sessionId, w.tokens.haj);
    expect(other.answer).toEqual({
      kind: 'error',
      m: { event: 'client_error', client: 'FE', status_code: 500, data: ONE_TEACHER_MESSAGE },
    });
    // B's sheet stays connected: a request filed on A after the refusal still reaches it (A
    // publishes in order, so a close A had sent for B's socket would have arrived first).
    const requests = collect(second.socket, 'regulization_request');
    const filed = await call(t.a, {
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      token: w.tokens.a2,
      body: { lecture_slug: w.lecture.slug, regulization_commet: 'after the refusal' },
    });
    expect(filed.status).toBe(200);
    await received(requests, 1);
    expect(RegulizationRequestMessageSchema.parse(requests[0]).data.data.data.attendance_data).toMatchObject({
      regulization_comment: 'after the refusal',
    });
    expect(second.socket.connected).toBe(true);
    expect(await t.a.liveStore.teacherLeaseHolder(w.sessionId)).toBe(held);
  });

  it('a reload onto B rejoins with the state intact', async () => {
    const w = await startLiveWorld(t.a, t.db);
    const first = await teacherOn(url.a, w);
    expect(first.answer.kind).toBe('data');

    // Something happens, then the teacher's page reloads and lands on the other instance.
    const a1 = await teacherMarksA1Present(w, first.socket);
    first.socket.close();
    await leaseFreed(t.a, w.sessionId);
    const reload = await teacherOn(url.b, w);
    expect(reload.answer.kind).toBe('data');
    const state = OngoingSessionDataMessageSchema.parse(reload.answer.m).data.data.data;
    expect(state.marked_attendances.map((r) => [r.slug, r.is_present])).toEqual([[a1.slug, true]]);

    // B also serves the session tone A generated (instances share no disk).
    const toneOnA = await t.a.inject({
      method: 'GET',
      url: `/api/media/${w.audioUrl}`,
      headers: BROWSER_FETCH,
    });
    const toneOnB = await t.b.inject({
      method: 'GET',
      url: `/api/media/${w.audioUrl}`,
      headers: BROWSER_FETCH,
    });
    expect(toneOnB.statusCode).toBe(200);
    expect(Buffer.compare(toneOnB.rawPayload, toneOnA.rawPayload)).toBe(0);
  });

  it('teacher audio streamed to A is what a verification on B compares with', async () => {
    const w = await startLiveWorld(t.a, t.db);
    const { socket } = await teacherOn(url.a, w);
    await streamTeacherAudio(
      t.a,
      socket,
      { sessionId: w.sessionId, token: w.tokens.cst },
      teacherChunks(sound, epochMs),
    );
    expect(await t.b.liveStore.newestTeacherChunkMs(w.sessionId)).toBe(epochMs + 7000);

    const res = await markOn(t.b, w, w.tokens.a1);
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.studentId, w.students.a1.student.id));
    // A similarity exists only when the teacher's audio covered the window; the original client's
    // looped file cannot prove the moment, so the room sound decided.
    expect(row!.similarity!).toBeGreaterThanOrEqual(26);
    expect(row!.reasons).toEqual(['tone_time_unbounded']);
  });

  it('shares the per-student rate limit: a retry on B right after an attempt on A is too soon', async () => {
    const w = await startLiveWorld(t.a, t.db);
    // The teacher's audio of the room is kept and the recording is of another room without the
    // tone: refused whatever a loop-wide tone search finds in its noise (see useRoomAtNine).
    await keepTeacherAudio(t.a, w.sessionId, teacherChunks(sound, epochMs));
    const first = await markAttendance(
      t.a,
      w.tokens.a1,
      markFields(w, epochMs + 1000),
      studentRecording(null, roomSound(22, 8), 1, epochMs),
    );
    expect(first.status).toBe(403); // stored as not confirmed
    const retry = await markOn(t.b, w, w.tokens.a1);
    expect(retry.status).toBe(429);
    expect(retry.body.message).toBe(MARKING_MESSAGES.tooSoon);
  });

  it('a session ended through B is ended for A: marking there answers code 100, the lease is gone', async () => {
    const w = await startLiveWorld(t.a, t.db);
    const { socket } = await teacherOn(url.b, w);
    const ended = nextEvent(socket, 'session_ended');
    const closed = nextEvent(socket, 'disconnect');
    socket.emit('session_ended', { client: 'FE', session_id: w.sessionId, auth_token: w.tokens.cst });
    expect((await ended).data.data.data.active).toBe('post');
    expect(await closed).toBe('io server disconnect');
    // Marking on A now answers the ended session with code 100.
    const late = await markOn(t.a, w, w.tokens.a1);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe(100);
    expect(await t.a.liveStore.teacherLeaseHolder(w.sessionId)).toBeNull();
  });
});
