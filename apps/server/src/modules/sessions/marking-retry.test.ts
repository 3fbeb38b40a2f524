import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MarkAttendanceMessageSchema } from '@rollbook/contract';
import { attendances, auditLog } from '../../db/schema';
import { teacherChunks } from '../../testing/audio';
import {
  collect,
  keepTeacherAudio,
  markAttendance,
  markFields,
  received,
  startLiveWorld,
  useRoomAtNine,
} from '../../testing/live-fixture';
import { call } from '../../testing/test-app';
import { MARKING_MESSAGES } from './marking.service';

// Issue 21 item 4: a phone that lost the answer sends the same upload again with the same
// `Idempotency-Key`; it is told the first verdict, and the attempt is counted once.
describe('a marking upload sent again after a lost answer', () => {
  const { t, sockets, baseUrl, sound, epochMs, withTone, elsewhere } = useRoomAtNine();
  const keyed = (key: string) => ({ 'idempotency-key': key });

  async function liveWorldHearingTheRoom() {
    const w = await startLiveWorld(t.app, t.db);
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
    const { socket } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, { refusedAttempts: true });
    return { w, marks: collect(socket, 'mark_attendance') };
  }

  async function rowsOf(studentId: number) {
    return t.db.select().from(attendances).where(eq(attendances.studentId, studentId));
  }

  /** The audit trail's marking verdicts of one attendance row: one per attempt judged. */
  async function verdictsAudited(slug: string) {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entitySlug, slug));
    return rows.map((r) => r.action).filter((a) => a !== 'attendance.manual_requested');
  }

  it('answers a present mark again with code 100 and counts it once', async () => {
    const { w, marks } = await liveWorldHearingTheRoom();
    const key = randomUUID();
    const wav = withTone(w);
    const first = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav, keyed(key));
    expect(first.status).toBe(200);
    const again = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav, keyed(key));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const rows = await rowsOf(w.students.a1.student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isPresent: true });
    expect(await verdictsAudited(rows[0]!.slug)).toEqual(['attendance.marked']);
    await received(marks, 1);
    expect(marks).toHaveLength(1);
  });

  it('answers a refused attempt again with the same refusal, not "too soon", and judges it once', async () => {
    const { w, marks } = await liveWorldHearingTheRoom();
    const key = randomUUID();
    const wav = elsewhere();
    const first = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav, keyed(key));
    expect(first.status).toBe(403);
    const again = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav, keyed(key));
    expect(again.status).toBe(403);
    expect(again.body).toEqual(first.body);
    const [row] = await rowsOf(w.students.a1.student.id);
    expect(await verdictsAudited(row!.slug)).toEqual(['attendance.not_confirmed']);
    // A new attempt (a new key) is a new upload: the rate limit applies to it.
    const fresh = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 1000),
      wav,
      keyed(randomUUID()),
    );
    expect(fresh.status).toBe(429);
    expect(fresh.body).toMatchObject({ message: MARKING_MESSAGES.tooSoon });
    await received(marks, 1);
    expect(marks).toHaveLength(1);
  });

  it('makes a duplicate that arrives during the first upload wait for its answer, then counts one', async () => {
    const { w, marks } = await liveWorldHearingTheRoom();
    const key = randomUUID();
    const wav = withTone(w);
    const [a, b] = await Promise.all([
      markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav, keyed(key)),
      markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav, keyed(key)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    const [row] = await rowsOf(w.students.a1.student.id);
    expect(await verdictsAudited(row!.slug)).toEqual(['attendance.marked']);
    await received(marks, 1);
    const pushed = marks.map((m) => MarkAttendanceMessageSchema.parse(m).data.data.attendance_data.slug);
    expect(pushed).toEqual([row!.slug]);
  });

  it("never answers another student with the first's verdict: the key is the student's own", async () => {
    const { w } = await liveWorldHearingTheRoom();
    const key = randomUUID();
    const refused = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 1000),
      elsewhere(),
      keyed(key),
    );
    expect(refused.status).toBe(403);
    const other = await markAttendance(
      t.app,
      w.tokens.a2,
      markFields(w, epochMs + 1000),
      withTone(w),
      keyed(key),
    );
    expect(other.status).toBe(200);
    expect((await rowsOf(w.students.a2.student.id))[0]).toMatchObject({ isPresent: true });
    expect((await rowsOf(w.students.a1.student.id))[0]).toMatchObject({ isPresent: false });
  });

  it('refuses a malformed key (400) and changes nothing', async () => {
    const { w } = await liveWorldHearingTheRoom();
    const res = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, epochMs + 1000),
      withTone(w),
      keyed('no'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('Idempotency-Key') });
    expect((await rowsOf(w.students.a1.student.id))[0]).toMatchObject({
      isPresent: false,
      markingTime: null,
    });
  });

  it('refuses an attempt too soon (429) before reading its upload', async () => {
    const { w } = await liveWorldHearingTheRoom();
    expect(
      (await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), elsewhere())).status,
    ).toBe(403);
    // A body that is not even multipart: read, it would be a 415; the held slot answers first.
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/mark_attendance_for_student/',
      token: w.tokens.a1,
      body: { lecture_slug: 'x' },
    });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ message: MARKING_MESSAGES.tooSoon });
  });
});
