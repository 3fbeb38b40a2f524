import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SessionEndedMessageSchema } from '@rollbook/contract';
import { lectures, profiles, semesters, students } from '../src/db/schema';
import { buildSemester } from '../src/testing/factories';
import { call } from '../src/testing/test-app';
import { roomSound, studentRecording, teacherChunks } from '../src/testing/audio';
import {
  keepTeacherAudio,
  markAttendance,
  markFields,
  nextEvent,
  startLiveWorld,
  useListeningTestApp,
} from '../src/testing/live-fixture';

/** Splits the export's RFC 4180 text into rows (the cells here hold no commas or quotes). */
const csvRows = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

/**
 * The "done when": the new-year action moves students and keeps the old year's attendance
 * readable. A real lecture session is held and marked in 2026-27, the registrar opens 2027-28,
 * and everything about that session still reads as it did.
 */
describe('a new academic year keeps the old year readable', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();

  it('moves the students up one semester while the old session, its export and the old divisions stay', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { world } = w;
    // The world's semester 7 belongs to 2026-27; BE ran to semester 8 last year, so 7 moves up to 8.
    await t.db.update(semesters).set({ academicYear: '2026-27' }).where(eq(semesters.id, world.semester.id));
    await buildSemester(t.db, {
      institutionId: world.institutionId,
      streamId: world.stream.id,
      no: 8,
      academicYear: '2025-26',
      isActive: false,
    });
    await t.db
      .update(profiles)
      .set({ institutionAdmin: true })
      .where(eq(profiles.id, world.admin.profile.id));

    // A1 marks by sound during the lecture; the teacher ends the session; A2 stays absent.
    const sound = roomSound(3, 8);
    const heardFrom = t.clock.now().getTime() - 8000;
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, heardFrom));
    const marked = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, heardFrom + 1000),
      studentRecording(w.tone, sound, 1, heardFrom),
    );
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const { socket } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    const ended = nextEvent(socket, 'session_ended');
    socket.emit('session_ended', { client: 'FE', session_id: w.sessionId, auth_token: w.tokens.cst });
    expect(SessionEndedMessageSchema.parse(await ended).data.data.data.active).toBe('post');

    const exportOf = (token: string) =>
      call(t.app, {
        method: 'GET',
        url: `/api/manage/session/get_session_data_for_export/${w.sessionId}`,
        token,
      });
    const before = await exportOf(w.tokens.cst);
    expect(before.status).toBe(200);

    const opened = await call(t.app, {
      method: 'POST',
      url: '/api/institution/academic-year/open',
      token: w.tokens.admin,
      body: { academic_year: '2027-28' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ students_moved_up: 4, students_graduated: 0 });

    // Every student of the old semester 7 now sits in semester 8 of 2027-28.
    for (const s of [w.students.a1, w.students.a2, w.students.b1]) {
      const [row] = await t.db
        .select({ no: semesters.no, year: semesters.academicYear, active: semesters.isActive })
        .from(students)
        .innerJoin(semesters, eq(semesters.id, students.semesterId))
        .where(eq(students.id, s.student.id));
      expect(row).toEqual({ no: 8, year: '2027-28', active: true });
    }

    // The old session's export is unchanged: the teacher and the admin still read both students.
    for (const token of [w.tokens.cst, w.tokens.admin]) {
      const after = await exportOf(token);
      expect(after.status).toBe(200);
      expect(after.raw.body).toBe(before.raw.body);
    }
    const rows = csvRows(before.raw.body);
    const byEnrollment = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byEnrollment.get(w.students.a1.student.enrollment)?.slice(2, 3)).toEqual(['yes']);
    expect(byEnrollment.get(w.students.a2.student.enrollment)?.slice(2, 3)).toEqual(['no']);
    expect(rows).toHaveLength(3);

    // The old semester's divisions still read, with their students, though the semester is closed.
    const old = await call(t.app, {
      method: 'GET',
      url: `/api/manage/get_subject_choice_groups/${world.semester.slug}`,
      token: w.tokens.admin,
    });
    expect(old.status).toBe(200);
    expect(old.body.data.divisions.map((d: { division_name: string }) => d.division_name)).toEqual([
      'A',
      'B',
    ]);
    const divisionA = old.body.data.divisions[0] as { batches: { students: { enrollment: string }[] }[] };
    expect(divisionA.batches.flatMap((b) => b.students.map((s) => s.enrollment)).sort()).toEqual(
      [w.students.a1.student.enrollment, w.students.a2.student.enrollment].sort(),
    );

    // The old weekly lecture is history now: inactive, so no new session of it can start.
    const [lecture] = await t.db.select().from(lectures).where(eq(lectures.id, w.lecture.id));
    expect(lecture!.isActive).toBe(false);
    // In the new semester the student has no division yet.
    const mine = await call(t.app, {
      method: 'GET',
      url: '/api/manage/get_students_division',
      token: w.tokens.a1,
    });
    expect(mine.status).toBe(404);
  });
});
