import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  adminBranches,
  attendances,
  batchStudents,
  batches,
  divisions,
  divisionStudents,
  institutions,
  lectureBatches,
  lectureSessions,
  lectures,
  notifications,
  offeredSubjects,
  timetables,
} from '../../db/schema';
import { createNotificationService } from '../../domain/notifications';
import { createJobRunner } from '../../domain/scheduled-jobs/job-runner';
import {
  buildAdmin,
  buildBranch,
  buildSemester,
  buildStream,
  buildStudent,
  buildTeacher,
} from '../../testing/factories';
import { buildTimetableWorld, type TimetableWorld } from '../../testing/timetable-fixture';
import { useTestApp } from '../../testing/test-app';
import { waitUntil } from '../../testing/wait';
import { detentionNoticeDue, weeklyAlertsJob } from './weekly-alerts.job';

/** Four Mondays before the test clock's Monday (2 November 2026), and that Monday itself. */
const PAST_MONDAYS = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'];
const THIS_MONDAY = '2026-11-02';

describe('the weekly attendance alerts', () => {
  const t = useTestApp();

  /** A theory lecture of `teacherId` in `subjectId` for a division's batches, in a timetable of its own. */
  async function lectureFor(opts: {
    divisionId: number;
    subjectId: number;
    teacherId: number;
    classroomId: number;
  }) {
    const [timetable] = await t.db.insert(timetables).values({ divisionId: opts.divisionId }).returning();
    const [lecture] = await t.db
      .insert(lectures)
      .values({
        timetableId: timetable!.id,
        day: 'monday',
        startTime: '09:00',
        endTime: '10:00',
        type: 'theory',
        offeredSubjectId: opts.subjectId,
        teacherId: opts.teacherId,
        classroomId: opts.classroomId,
      })
      .returning();
    const divisionBatches = await t.db.select().from(batches).where(eq(batches.divisionId, opts.divisionId));
    await t.db
      .insert(lectureBatches)
      .values(divisionBatches.map((b) => ({ lectureId: lecture!.id, batchId: b.id })));
    return lecture!;
  }

  /** Held sessions of a lecture on these days; each student present at the first `attends[i]` of them. */
  async function hold(
    lectureId: number,
    days: string[],
    attends: Array<[studentId: number, present: number]>,
  ) {
    const sessions = await t.db
      .insert(lectureSessions)
      .values(
        days.map((day, i) => ({
          sessionId: `s-${lectureId}-${i}`,
          lectureId,
          day,
          status: 'post' as const,
          startedAt: new Date(`${day}T09:02:00+05:30`),
        })),
      )
      .returning();
    const rows = attends.flatMap(([studentId, present]) =>
      sessions
        .slice(0, present)
        .map((s) => ({ sessionId: s.id, studentId, isPresent: true, verdict: 'present' as const })),
    );
    if (rows.length > 0) await t.db.insert(attendances).values(rows);
  }

  async function subjectsOf(world: TimetableWorld) {
    return t.db
      .select({ id: offeredSubjects.id })
      .from(offeredSubjects)
      .where(eq(offeredSubjects.semesterId, world.semester.id))
      .orderBy(asc(offeredSubjects.id));
  }

  /**
   * The timetable world with CST teaching Information Security to division A and HAJ Compiler Design
   * to division B, four Mondays held: A2 attended 2 of 4 (50 %), A1 3 of 4 (75 %: not below), B1 1 of
   * 4, B2 4 of 4. This Monday's session (after the Sunday the run looks up to) changes nothing.
   */
  async function college(opts: { institutionId?: number } = {}) {
    const world = await buildTimetableWorld(t.db, opts);
    const [is, cd] = await subjectsOf(world);
    const student = (batch: string) => world.students.get(batch)![0]!;
    const room = world.rooms.LH101!.id;
    const isA = await lectureFor({
      divisionId: world.divisions.A.id,
      subjectId: is!.id,
      teacherId: world.teachers.cst.teacher.id,
      classroomId: room,
    });
    const cdB = await lectureFor({
      divisionId: world.divisions.B.id,
      subjectId: cd!.id,
      teacherId: world.teachers.haj.teacher.id,
      classroomId: room,
    });
    await hold(
      isA.id,
      [...PAST_MONDAYS, THIS_MONDAY],
      [
        [student('A1').student.id, 3],
        [student('A2').student.id, 2],
      ],
    );
    await hold(cdB.id, PAST_MONDAYS, [
      [student('B1').student.id, 1],
      [student('B2').student.id, 4],
    ]);
    return { world, student };
  }

  /** A second branch of the institution with one semester, one division and one student who never attends. */
  async function secondBranch(institutionId: number, classroomId: number, catalogueSubjectId: number) {
    const branch = await buildBranch(t.db, { institutionId, code: '16', name: 'Information Technology' });
    const stream = await buildStream(t.db, {
      institutionId,
      branchId: branch.id,
      title: 'BE',
      streamCode: '16',
    });
    const semester = await buildSemester(t.db, { institutionId, streamId: stream.id, no: 5 });
    const [offered] = await t.db
      .insert(offeredSubjects)
      .values({ semesterId: semester.id, catalogueSubjectId })
      .returning();
    const [division] = await t.db
      .insert(divisions)
      .values({ semesterId: semester.id, name: 'A' })
      .returning();
    const [batch] = await t.db.insert(batches).values({ divisionId: division!.id, name: 'A1' }).returning();
    const { profile, student } = await buildStudent(t.db, {
      institutionId,
      branchId: branch.id,
      semesterId: semester.id,
    });
    await t.db
      .insert(divisionStudents)
      .values({ semesterId: semester.id, divisionId: division!.id, studentId: student.id });
    await t.db.insert(batchStudents).values({ batchId: batch!.id, studentId: student.id });
    const teacher = await buildTeacher(t.db, {
      institutionId,
      branchId: branch.id,
      teacherCode: 'ITT',
      name: 'Ira T. Trivedi',
    });
    const lecture = await lectureFor({
      divisionId: division!.id,
      subjectId: offered!.id,
      teacherId: teacher.teacher.id,
      classroomId,
    });
    await hold(lecture.id, PAST_MONDAYS, [[student.id, 0]]);
    const admin = await buildAdmin(t.db, { institutionId, branchId: branch.id, name: 'IT Admin' });
    return { branch, studentProfile: profile, teacher, admin };
  }

  function runner() {
    return createJobRunner({
      db: t.db,
      clock: t.clock,
      jobs: [
        weeklyAlertsJob({
          mailer: t.app.deps.mailer,
          publicBase: 'http://rollbook.test',
          notifier: (tx) => createNotificationService(tx),
          onMailError: (err) => {
            throw err;
          },
        }),
      ],
      onError: (err) => {
        throw err;
      },
    });
  }

  const alertsOf = async (profileId: number) =>
    t.db
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.profileId, profileId));

  const mailTo = (email: string) => t.smtp.received.filter((m) => m.to.includes(email)).map((m) => m.raw);

  it('alerts students below the threshold, sums up each teacher’s subjects and mails both, once a week', async () => {
    const { world, student } = await college();
    const done = await runner().runDue();
    expect(done).toHaveLength(1);
    expect(done[0]!.summary).toEqual({ upTo: '2026-11-01', students: 2, teachers: 2, admins: 0 });

    expect(await alertsOf(student('A2').profile.id)).toEqual([
      {
        type: 'attendance_below_threshold_alert',
        message: expect.stringContaining('below 75 % in Information Security 50 % (2 of 4)'),
      },
    ]);
    expect((await alertsOf(student('A2').profile.id))[0]!.message).toContain('subject_choice_url');
    expect(await alertsOf(student('B1').profile.id)).toEqual([
      {
        type: 'attendance_below_threshold_alert',
        message: expect.stringContaining('Compiler Design 25 % (1 of 4)'),
      },
    ]);
    // Exactly 75 % is not below; full attendance gets nothing.
    expect(await alertsOf(student('A1').profile.id)).toEqual([]);
    expect(await alertsOf(student('B2').profile.id)).toEqual([]);

    const cst = await alertsOf(world.teachers.cst.profile.id);
    expect(cst).toEqual([
      {
        type: 'attendance_weekly_summary_alert',
        message: expect.stringContaining('Information Security, division A: 1 of 2 students below 75 %'),
      },
    ]);
    expect(cst[0]!.message).not.toContain('Compiler Design');
    expect((await alertsOf(world.teachers.haj.profile.id))[0]!.message).toContain(
      'Compiler Design, division B: 1 of 2 students below 75 %',
    );
    expect(await alertsOf(world.teachers.nmp.profile.id)).toEqual([]); // teaches nothing
    expect(await alertsOf(world.admin.profile.id)).toEqual([]); // no detention notice date

    await waitUntil(() => t.smtp.received.length === 4, 'two students and two teachers mailed');
    const a2Mail = mailTo(student('A2').profile.email);
    expect(a2Mail).toHaveLength(1);
    expect(a2Mail[0]).toContain('Information Security 50 % (2 of 4)');
    expect(a2Mail[0]).toContain('http://rollbook.test/student-dashboard/attendance');
    const cstMail = mailTo(world.teachers.cst.profile.email);
    expect(cstMail[0]).toContain(student('A2').student.enrollment);
    expect(cstMail[0]).not.toContain(student('A1').student.enrollment);

    // The same week again, or after a restart: nothing more.
    expect(await runner().runDue()).toEqual([]);
    expect(await alertsOf(student('A2').profile.id)).toHaveLength(1);
  });

  it('sends each admin their own branches’ detention list ahead of the notice date', async () => {
    const { world, student } = await college();
    const institutionId = world.institutionId;
    const [firstSubject] = await subjectsOf(world);
    const [catalogue] = await t.db
      .select()
      .from(offeredSubjects)
      .where(eq(offeredSubjects.id, firstSubject!.id));
    const it2 = await secondBranch(institutionId, world.rooms.LH101!.id, catalogue!.catalogueSubjectId);
    // The registrar administers both branches.
    const registrar = await buildAdmin(t.db, { institutionId, branchId: world.branch.id, name: 'Registrar' });
    await t.db.insert(adminBranches).values({ profileId: registrar.profile.id, branchId: it2.branch.id });
    await t.db
      .update(institutions)
      .set({ detentionNoticeDate: '2026-11-10' })
      .where(eq(institutions.id, institutionId));

    const done = await runner().runDue();
    expect(done.find((r) => r.institutionId === institutionId)!.summary).toMatchObject({ admins: 3 });

    const [ceList] = await alertsOf(world.admin.profile.id);
    expect(ceList).toEqual({
      type: 'detention_list_alert',
      message: expect.stringContaining('Detention list for 10 Nov 2026: 2 students below 75 %'),
    });
    const [itList] = await alertsOf(it2.admin.profile.id);
    expect(itList!.message).toContain('Detention list for 10 Nov 2026: 1 student below 75 %');
    const [both] = await alertsOf(registrar.profile.id);
    expect(both!.message).toContain('3 students below 75 %');

    await waitUntil(() => mailTo(registrar.profile.email).length === 1, 'the registrar mailed');
    const ceMail = mailTo(world.admin.profile.email)[0]!;
    expect(ceMail).toContain(student('A2').student.enrollment);
    expect(ceMail).toContain(student('B1').student.enrollment);
    expect(ceMail).not.toContain('Information Technology');
    const itMail = mailTo(it2.admin.profile.email)[0]!;
    expect(itMail).toContain('BE Information Technology - Semester 5');
    expect(itMail).not.toContain(student('A2').student.enrollment);
  });

  it('keeps each institution’s alerts to its own people', async () => {
    const a = await college();
    const b = await college({ institutionId: (await buildAdmin(t.db)).profile.institutionId });
    const done = await runner().runDue();
    const byInstitution = new Map(done.map((r) => [r.institutionId, r.summary]));
    expect(byInstitution.get(a.world.institutionId)).toMatchObject({ students: 2, teachers: 2 });
    expect(byInstitution.get(b.world.institutionId)).toMatchObject({ students: 2, teachers: 2 });
    const cstA = (await alertsOf(a.world.teachers.cst.profile.id))[0]!.message;
    expect(cstA).toContain('1 of 2 students');
    await waitUntil(() => t.smtp.received.length === 8, 'both institutions mailed');
    const mailA = mailTo(a.world.teachers.cst.profile.email)[0]!;
    expect(mailA).toContain(a.student('A2').student.enrollment);
    expect(mailA).not.toContain(b.student('A2').student.enrollment);
  });

  it('sends the detention list in the two weeks before the notice date only', () => {
    expect(detentionNoticeDue('2026-11-02', null)).toBe(false);
    expect(detentionNoticeDue('2026-11-02', '2026-11-16')).toBe(true);
    expect(detentionNoticeDue('2026-11-02', '2026-11-17')).toBe(false);
    expect(detentionNoticeDue('2026-11-02', '2026-11-03')).toBe(true);
    expect(detentionNoticeDue('2026-11-02', '2026-11-02')).toBe(false);
    expect(detentionNoticeDue('2026-11-02', '2026-10-30')).toBe(false);
  });
});
