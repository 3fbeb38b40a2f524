import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CreatedSessionSchema,
  InstantLectureStudentSchema,
  InstantLectureTeacherSchema,
} from '@rollbook/contract';
import { attendances, auditLog, institutions, lectureSessions } from '../../db/schema';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import { buildBranch, buildSemester, buildStream, buildTeacher } from '../../testing/factories';
import {
  buildInstantWorld,
  createInstant,
  getApi,
  startInstant,
  type InstantWorld,
} from '../../testing/instant-fixture';
import {
  markAttendance,
  sessionTone,
  startedEarlier,
  streamTeacherAudio,
  useListeningTestApp,
} from '../../testing/live-fixture';
import { call } from '../../testing/test-app';
import { createAttendanceRecordRepository } from '../../domain/attendance-record';
import { tokenFor } from '../../testing/tokens';

describe('instant lectures (contract §13)', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();

  /** An instant lecture of CST's subject for batch A1 of division A, in LH101. */
  async function createForA1(w: InstantWorld) {
    const res = await createInstant(t.app, w.tokens.cst, {
      semester: w.slugs.semester,
      divisions: [w.slugs.divisionA],
      batches: [w.slugs.batchA1],
      subject: w.slugs.subject,
      classroom: w.slugs.room,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return InstantLectureTeacherSchema.parse(res.body.data);
  }

  describe('GET /manage/get_instant_lecture_metadata', () => {
    it('walks branch → semesters → divisions and the subjects the teacher teaches → batches', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const branches = await getApi(t.app, w.tokens.cst, '/manage/get_instant_lecture_metadata');
      expect(branches.body.data).toEqual([
        { slug: w.world.branch.slug, branch_name: 'Computer Engineering' },
      ]);

      const semesters = await getApi(
        t.app,
        w.tokens.cst,
        `/manage/get_instant_lecture_metadata?branch=${w.world.branch.slug}`,
      );
      expect(semesters.body.data).toEqual([{ slug: w.slugs.semester, no: 7 }]);

      const semester = await getApi(
        t.app,
        w.tokens.cst,
        `/manage/get_instant_lecture_metadata?semester=${w.slugs.semester}`,
      );
      expect(semester.body.data.divisions).toEqual([
        { slug: w.slugs.divisionA, division_name: 'A' },
        { slug: w.slugs.divisionB, division_name: 'B' },
      ]);
      // CST teaches one subject of the semester; HAJ teaches none of it.
      expect(semester.body.data.subjects).toEqual([
        {
          slug: w.slugs.subject,
          subject_map: expect.objectContaining({ subject_name: 'Information Security' }),
        },
      ]);
      const haj = await getApi(
        t.app,
        w.tokens.haj,
        `/manage/get_instant_lecture_metadata?semester=${w.slugs.semester}`,
      );
      expect(haj.body.data.subjects).toEqual([]);

      const batches = await getApi(
        t.app,
        w.tokens.cst,
        `/manage/get_instant_lecture_metadata?division=${w.slugs.divisionA}`,
      );
      expect(batches.body.data.map((b: { batch_name: string }) => b.batch_name)).toEqual(['A1', 'A2']);
    });

    it("answers 404 for another institution's or another branch's branch, semester and division", async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const other = await buildInstantWorld(t.app, t.db);
      // A branch of the same institution CST does not belong to.
      const branch = await buildBranch(t.db, { institutionId: w.world.institutionId, name: 'Mechanical' });
      const stream = await buildStream(t.db, { institutionId: w.world.institutionId, branchId: branch.id });
      const semester = await buildSemester(t.db, {
        institutionId: w.world.institutionId,
        streamId: stream.id,
      });
      for (const query of [
        `branch=${other.world.branch.slug}`,
        `branch=${branch.slug}`,
        `semester=${other.slugs.semester}`,
        `semester=${semester.slug}`,
        `division=${other.slugs.divisionA}`,
      ]) {
        const res = await getApi(t.app, w.tokens.cst, `/manage/get_instant_lecture_metadata?${query}`);
        expect(res.status, query).toBe(404);
        expect(res.body.error).toBe(true);
      }
      const both = await getApi(
        t.app,
        w.tokens.cst,
        `/manage/get_instant_lecture_metadata?branch=${w.world.branch.slug}&semester=${w.slugs.semester}`,
      );
      expect(both.status).toBe(400);
      expect(both.body.message).toContain('one of branch, semester or division');
    });

    it('refuses students and admins', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      expect((await getApi(t.app, w.tokens.a1, '/manage/get_instant_lecture_metadata')).status).toBe(403);
      expect((await getApi(t.app, w.tokens.admin, '/manage/get_instant_lecture_metadata')).status).toBe(403);
    });
  });

  describe('POST /manage/create_instant_lecture', () => {
    it('creates a lecture for today with its pre session, listed for its teacher only, and audits it', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const created = await createForA1(w);
      expect(created).toMatchObject({
        subject: { subject_map: { subject_name: 'Information Security' } },
        branch: 'Computer Engineering',
        semester: 7,
        divisions: ['A'],
        batches: ['A1'],
        teacher: { profile: { name: 'Chirag S. Thakkar' } },
        session: { active: 'pre' },
        day: '2026-11-02',
        start_time: '09:00',
        end_time: '10:00',
        classroom: { slug: w.slugs.room, class_name: 'LH101' },
      });
      expect(created.title).toBeUndefined();

      const mine = await getApi(t.app, w.tokens.cst, '/manage/get_instant_lectures_for_teacher');
      expect(mine.body.data).toEqual([created]);
      const theirs = await getApi(t.app, w.tokens.haj, '/manage/get_instant_lectures_for_teacher');
      expect(theirs.body.data).toEqual([]);

      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'instant_lecture.created'));
      expect(entry).toMatchObject({ entitySlug: created.slug, entityType: 'instant_lecture' });
    });

    it('takes a free title instead of a subject, for whole divisions, checked against the campus point', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const noCampus = await createInstant(t.app, w.tokens.haj, {
        semester: w.slugs.semester,
        divisions: [w.slugs.divisionA, w.slugs.divisionB],
        title: 'Placement talk',
      });
      expect(noCampus.status).toBe(400);
      expect(noCampus.body.message).toContain('no campus point');

      await t.db
        .update(institutions)
        .set({ campusLatitude: 23.03, campusLongitude: 72.54 })
        .where(eq(institutions.id, w.world.institutionId));
      const res = await createInstant(t.app, w.tokens.haj, {
        semester: w.slugs.semester,
        divisions: [w.slugs.divisionA, w.slugs.divisionB],
        title: '  Placement talk ',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        title: 'Placement talk',
        divisions: ['A', 'B'],
        batches: [],
        classroom: null,
      });
      expect(res.body.data.subject).toBeUndefined();
    });

    it('refuses, changing nothing: no subject nor title, both, a subject the teacher does not teach, a batch of an unchosen division, a division of another semester, scopes outside', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const other = await buildInstantWorld(t.app, t.db);
      const base = { semester: w.slugs.semester, divisions: [w.slugs.divisionA], classroom: w.slugs.room };
      const cases: Array<[string, Record<string, unknown>, number, string]> = [
        ['neither', base, 400, 'either a subject or a title'],
        ['both', { ...base, subject: w.slugs.subject, title: 'x' }, 400, 'either a subject or a title'],
        ['no division', { ...base, divisions: [], title: 'x' }, 400, 'divisions'],
        [
          'batch of B',
          { ...base, batches: [w.slugs.batchB1], title: 'x' },
          400,
          'not a batch of the chosen divisions',
        ],
        [
          'division elsewhere',
          { ...base, divisions: [other.slugs.divisionA], title: 'x' },
          400,
          'not a division of this semester',
        ],
        [
          'other semester',
          { ...base, semester: other.slugs.semester, title: 'x' },
          404,
          'Semester not found',
        ],
        ['other classroom', { ...base, classroom: other.slugs.room, title: 'x' }, 404, 'Classroom not found'],
      ];
      for (const [name, body, status, message] of cases) {
        const res = await createInstant(t.app, w.tokens.cst, body);
        expect(res.status, name).toBe(status);
        expect(res.body.message, name).toContain(message);
      }
      const notTaught = await createInstant(t.app, w.tokens.haj, { ...base, subject: w.slugs.subject });
      expect(notTaught.status).toBe(400);
      expect(notTaught.body.message).toContain('subject you teach');
      expect(await t.db.select().from(lectureSessions).where(eq(lectureSessions.status, 'pre'))).toEqual([]);
    });

    it('answers a teacher of another institution 404 for this semester', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const other = await buildInstantWorld(t.app, t.db);
      const res = await createInstant(t.app, other.tokens.cst, {
        semester: w.slugs.semester,
        divisions: [w.slugs.divisionA],
        title: 'x',
        classroom: other.slugs.room,
      });
      expect(res.status).toBe(404);
    });
  });

  describe('POST /manage/session/create_instant_lecture_session/', () => {
    it("starts the session like §6.8 with the audience's rows, joins it again, and refuses another teacher", async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const created = await createForA1(w);

      const other = await startInstant(t.app, w.tokens.haj, created.slug);
      expect(other.status).toBe(403);
      const elsewhere = await buildInstantWorld(t.app, t.db);
      expect((await startInstant(t.app, elsewhere.tokens.cst, created.slug)).status).toBe(404);

      const started = await startInstant(t.app, w.tokens.cst, created.slug);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const session = CreatedSessionSchema.parse(started.body.data);
      expect(session).toMatchObject({
        session_id: created.session.session_id,
        active: 'ongoing',
        student_count: 1,
        lecture: {
          slug: created.slug,
          subject: { subject_map: { subject_name: 'Information Security' } },
          session: { session_id: created.session.session_id, active: 'ongoing' },
          batches: [{ batch_name: 'A1' }],
        },
      });
      const rows = await t.db.select().from(attendances);
      expect(rows.map((r) => r.studentId)).toEqual([w.students.a1.student.id]);

      const joined = await startInstant(t.app, w.tokens.cst, created.slug);
      expect(joined.body.data).toMatchObject({
        session_id: session.session_id,
        audio_url: session.audio_url,
      });
      // The timetable call does not start an instant lecture.
      const wrongCall = await call(t.app, {
        method: 'GET',
        url: `/api/manage/session/get_session_data_for_export/${session.session_id}`,
        token: w.tokens.cst,
      });
      expect(wrongCall.status).toBe(200);
      expect(wrongCall.raw.body).toContain(w.students.a1.student.enrollment);
    });

    it('keeps the divisions of a semester whose instant lecture was held from being planned again', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const created = await createForA1(w);
      const reset = () =>
        call(t.app, {
          method: 'POST',
          url: `/api/institution/divisions/reset/${w.slugs.semester}`,
          token: w.tokens.admin,
        });
      expect((await startInstant(t.app, w.tokens.cst, created.slug)).status).toBe(200);
      const refused = await reset();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('1 session of its lectures has already been held');
    });

    it('refuses to start an instant lecture of an earlier day', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const created = await createForA1(w);
      t.clock.set(new Date('2026-11-03T09:00:00+05:30'));
      const token = await tokenFor(t.app, w.world.teachers.cst.profile);
      const res = await startInstant(t.app, token, created.slug);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('create a new one');
    });
  });

  describe('the students of the audience', () => {
    it("lists today's instant lectures to the students of the chosen batches or whole divisions only", async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const forA1 = await createForA1(w);
      const forB = await createInstant(t.app, w.tokens.cst, {
        semester: w.slugs.semester,
        divisions: [w.slugs.divisionB],
        title: 'Revision',
        classroom: w.slugs.room,
      });
      const listOf = async (token: string) =>
        (await getApi(t.app, token, '/manage/get_instant_lectures_for_student')).body.data.map((l: unknown) =>
          InstantLectureStudentSchema.parse(l),
        );
      const a1 = await listOf(w.tokens.a1);
      expect(a1).toHaveLength(1);
      expect(a1[0]).toMatchObject({
        slug: forA1.slug,
        title: null,
        teacher: 'Chirag S. Thakkar',
        session: { session_id: forA1.session.session_id, active: 'pre' },
        attendance_marked: false,
      });
      expect(await listOf(w.tokens.a2)).toEqual([]);
      const b1 = await listOf(w.tokens.b1);
      expect(b1.map((l: { slug: string; title: string | null }) => [l.slug, l.title])).toEqual([
        [forB.body.data.slug, 'Revision'],
      ]);
      t.clock.set(new Date('2026-11-03T09:00:00+05:30'));
      expect(await listOf(await tokenFor(t.app, w.students.a1.profile))).toEqual([]);
    });

    it('marks a student of the audience by session_id with the tone and the room, and refuses one outside it', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const created = await createForA1(w);
      const started = await startedEarlier(t.app, () => startInstant(t.app, w.tokens.cst, created.slug));
      const sessionId = started.body.data.session_id as string;
      const tone = await sessionTone(t.db, sessionId);

      const { socket, answer } = await sockets.join(baseUrl(), sessionId, w.tokens.cst, {
        refusedAttempts: true,
      });
      expect(answer.kind).toBe('data');
      expect(answer.m.data.data.data).toMatchObject({ session_id: sessionId, student_count: 1 });
      const sound = roomSound(11, 8);
      // The teacher's microphone heard the room for the last eight seconds; the upload arrives now.
      const epochMs = t.clock.now().getTime() - 8000;
      await streamTeacherAudio(
        t.app,
        socket,
        { sessionId, token: w.tokens.cst },
        teacherChunks(sound, epochMs),
      );

      const fields = {
        latitude: String(w.room.latitude),
        longitude: String(w.room.longitude),
        session_id: sessionId,
        start_time: String(epochMs + 1000),
      };
      const outsider = await markAttendance(
        t.app,
        w.tokens.a2,
        fields,
        studentRecording(tone, sound, 1, epochMs),
      );
      expect(outsider.status).toBe(403);
      expect(outsider.body.message).toContain("You're not part of this attendance session");

      const res = await markAttendance(t.app, w.tokens.a1, fields, studentRecording(tone, sound, 1, epochMs));
      expect(res.body).toEqual({ data: true, code: 100, error: false, message: null });
      const [row] = await t.db
        .select()
        .from(attendances)
        .where(and(eq(attendances.studentId, w.students.a1.student.id), eq(attendances.isPresent, true)));
      expect(row?.verdict).toBe('present');

      const list = await getApi(t.app, w.tokens.a1, '/manage/get_instant_lectures_for_student');
      expect(list.body.data[0]).toMatchObject({ attendance_marked: true, session: { active: 'ongoing' } });
    });

    it("counts a held instant lecture of a subject in the student's record and the reports, with its audience only", async () => {
      const w = await buildInstantWorld(t.app, t.db);
      const created = await createForA1(w);
      const titled = await createInstant(t.app, w.tokens.cst, {
        semester: w.slugs.semester,
        divisions: [w.slugs.divisionA],
        title: 'Placement talk',
        classroom: w.slugs.room,
      });
      const recordOf = async (token: string) =>
        (await getApi(t.app, token, '/attendance/record')).body.data.subjects as Array<{
          subject_name: string;
          held: number;
          attended: number;
          percentage: number | null;
        }>;
      // Not started: nothing held yet (the subject is listed for its timetable lecture).
      expect(await recordOf(w.tokens.a1)).toEqual([
        expect.objectContaining({ subject_name: 'Information Security', held: 0 }),
      ]);

      const started = await startInstant(t.app, w.tokens.cst, created.slug);
      expect((await startInstant(t.app, w.tokens.cst, titled.body.data.slug)).status).toBe(200);
      await t.db
        .update(attendances)
        .set({ isPresent: true })
        .where(eq(attendances.studentId, w.students.a1.student.id));
      const [subject] = await recordOf(w.tokens.a1);
      // The subject's one held session is the instant lecture; the titled one belongs to no subject.
      expect(subject).toMatchObject({
        subject_name: 'Information Security',
        held: 1,
        attended: 1,
        percentage: 100,
      });
      // A2 is in division A but not in batch A1: not expected at it.
      expect(await recordOf(w.tokens.a2)).toEqual([
        expect.objectContaining({ subject_name: 'Information Security', held: 0 }),
      ]);
      const marks = await getApi(t.app, w.tokens.a1, '/attendance/record/marks');
      expect(marks.body.data.results).toEqual(
        expect.arrayContaining([expect.objectContaining({ subject_name: 'Information Security' })]),
      );

      const tallies = await createAttendanceRecordRepository(t.db).subjectTallies({
        institutionId: w.world.institutionId,
        divisionId: w.world.divisions.A.id,
      });
      expect(tallies.map((x) => [x.enrollment, x.held, x.attended])).toEqual([
        [w.students.a1.student.enrollment, 1, 1],
      ]);
      const otherDivision = await createAttendanceRecordRepository(t.db).subjectTallies({
        institutionId: w.world.institutionId,
        divisionId: w.world.divisions.B.id,
      });
      expect(otherDivision).toEqual([]);
      expect(started.status).toBe(200);
    });

    it('refuses the list to teachers', async () => {
      const w = await buildInstantWorld(t.app, t.db);
      expect((await getApi(t.app, w.tokens.cst, '/manage/get_instant_lectures_for_student')).status).toBe(
        403,
      );
      const teacher = await buildTeacher(t.db, {
        institutionId: w.world.institutionId,
        branchId: w.world.branch.id,
      });
      expect(
        (
          await getApi(
            t.app,
            await tokenFor(t.app, teacher.profile),
            '/manage/get_instant_lectures_for_teacher',
          )
        ).body.data,
      ).toEqual([]);
    });
  });
});
