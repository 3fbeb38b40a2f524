import { describe, expect, it } from 'vitest';
import {
  MarkAttendanceMessageSchema,
  OngoingSessionDataMessageSchema,
  RegulizationApprovedMessageSchema,
  RegulizationRequestMessageSchema,
} from '@rollbook/contract';
import { eq } from 'drizzle-orm';
import { attendances } from '../../db/schema';
import { call } from '../../testing/test-app';
import { teacherChunks } from '../../testing/audio';
import {
  collect,
  joinAsTeacher,
  keepTeacherAudio,
  markAttendance,
  markFields,
  nextEvent,
  received,
  startLiveWorld,
  useRoomAtNine,
  type StartedLiveWorld,
} from '../../testing/live-fixture';

// Contract §6.2: the teacher gets `mark_attendance` for a successful mark. The original client
// prepends every pushed row to its list, so a refused attempt pushed to it, followed by the
// student's success or the teacher's approval, listed the student twice.
describe('refused marking attempts and the teacher sheet', () => {
  // The teacher's audio of the room is kept: a recording of it with the tone is present, one of
  // another room is refused. Uploads arrive once the room's eight seconds are over.
  const { t, sockets, baseUrl, sound, epochMs, withTone, elsewhere } = useRoomAtNine();

  /** A teacher sheet: the original client, or our web app with `refusedAttempts`. */
  async function sheet(w: StartedLiveWorld, opts: { refusedAttempts?: boolean } = {}) {
    const { socket, answer } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, opts);
    expect(answer.kind).toBe('data');
    const ongoing = OngoingSessionDataMessageSchema.parse(answer.m).data.data.data;
    return { socket, ongoing, marks: collect(socket, 'mark_attendance') };
  }

  async function attendanceSlug(studentId: number) {
    const [row] = await t.db.select().from(attendances).where(eq(attendances.studentId, studentId));
    return row!.slug;
  }

  const slugsOf = (marks: unknown[]) =>
    marks.map((m) => MarkAttendanceMessageSchema.parse(m).data.data.attendance_data.slug);

  async function refusedThenPresent(w: StartedLiveWorld) {
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
    const refused = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), elsewhere());
    expect(refused.status).toBe(403);
    const present = await markAttendance(t.app, w.tokens.a2, markFields(w, epochMs + 1000), withTone(w));
    expect(present.status).toBe(200);
  }

  it('pushes the original client a successful mark only, and lists an approved student once', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { socket, ongoing, marks } = await sheet(w);
    // The original client's Default list: the state it joined with, pushed rows prepended.
    const list = ongoing.marked_attendances.map((r) => r.slug);

    await refusedThenPresent(w);
    // a2's mark was pushed after a1's refusal was stored: once it is here, a1's would have been too.
    await received(marks, 1);
    const [a2] = slugsOf(marks);
    expect(slugsOf(marks)).toEqual([a2]);
    list.unshift(...slugsOf(marks));

    // a1 asks to be marked by hand; the teacher approves; the sheet appends the approved rows.
    const request = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/mark_for_regulization/',
      token: w.tokens.a1,
      body: { session_id: w.sessionId, regulization_commet: 'The tone did not reach my phone' },
    });
    expect(request.status).toBe(200);
    const requested = RegulizationRequestMessageSchema.parse(await nextEvent(socket, 'regulization_request'))
      .data.data.data.attendance_data;
    const approved = nextEvent(socket, 'regulization_approved');
    socket.emit('regulization_request', {
      client: 'FE',
      session_id: w.sessionId,
      data: [requested.slug],
      auth_token: w.tokens.cst,
    });
    const rows = RegulizationApprovedMessageSchema.parse(await approved).data.data.data;
    list.push(...rows.map((r) => r.slug));

    expect(list).toHaveLength(2);
    expect(new Set(list).size).toBe(2);
    expect(list).toContain(requested.slug);
  });

  it('does not list a refused attempt to a reconnecting original client, and does to our web app', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await refusedThenPresent(w);
    const a1 = await attendanceSlug(w.students.a1.student.id);
    const a2 = await attendanceSlug(w.students.a2.student.id);

    const original = await sheet(w);
    expect(original.ongoing.marked_attendances.map((r) => r.slug)).toEqual([a2]);
    original.socket.close();

    const ours = await sheet(w, { refusedAttempts: true });
    expect(ours.ongoing.marked_attendances.map((r) => [r.slug, r.is_present]).sort()).toEqual(
      [
        [a1, false],
        [a2, true],
      ].sort(),
    );
  });

  it('pushes refused attempts live to our web app, which asks for them', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { marks } = await sheet(w, { refusedAttempts: true });
    await refusedThenPresent(w);
    await received(marks, 2);
    const rows = marks.map((m) => MarkAttendanceMessageSchema.parse(m).data.data.attendance_data);
    expect(rows.map((r) => [r.student.enrollment, r.is_present])).toEqual([
      [w.students.a1.student.enrollment, false],
      [w.students.a2.student.enrollment, true],
    ]);
  });

  it('answers a NUL character in a socket payload with a 400 client_error, not a database error', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { socket, answer } = await joinAsTeacher(baseUrl(), `${w.sessionId}\u0000`, w.tokens.cst);
    sockets.track(socket);
    expect(answer.kind).toBe('error');
    expect(answer.m).toMatchObject({
      status_code: 400,
      data: 'session_id must not contain the NUL character (\\u0000)',
    });
  });
});
