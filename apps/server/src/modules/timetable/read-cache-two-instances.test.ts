import { beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  attendances,
  batchStudents,
  batches,
  branches,
  catalogueSubjects,
  classrooms,
  divisions,
  lectureSessions,
  lectures,
  profiles,
} from '../../db/schema';
import { createNotificationService } from '../../domain/notifications';
import { call, sharedServicesConfigured, useTwoTestApps } from '../../testing/test-app';
import { buildInstitution } from '../../testing/factories';
import {
  buildTimetableWorld,
  gridCsv,
  multipartFile,
  type TimetableWorld,
} from '../../testing/timetable-fixture';
import { tokenFor } from '../../testing/tokens';
import { startSession } from '../../testing/live-fixture';

// The read caches of the timetables, the bell and the token check (db/read-cache.ts) keep answers
// per data version, which every committed write moves on every instance through Redis. These
// tests write on one instance (its API, or its database pool as any module would) and read on the
// other, each time after the other has the old answer cached.
describe.runIf(sharedServicesConfigured)('cached reads on two instances of one PostgreSQL and Redis', () => {
  const t = useTwoTestApps();

  const GRID = gridCsv(
    ['CST', 'HAJ', 'NMP'],
    [
      ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101', 'BE-7-B-CD-LH102', ''],
      ['', '10:00-11:00', 'BE-7-B-IS-LH102', '', 'BE-7-A-PM-LH101'],
      ['', '12:45-01:45', 'BE-7-A_A1-IS-LAB201', 'BE-7-A_A2-CD-LAB202', ''],
    ],
  );

  let w: TimetableWorld;
  const tokens = { admin: '', cst: '', a1: '', a2: '', b1: '' };

  async function upload(app: FastifyInstance) {
    const body = multipartFile('master_tt.csv', 'master_tt.csv', Buffer.from(GRID));
    const res = await app.inject({
      method: 'POST',
      url: '/api/manage/upload_master_timetable/',
      headers: { authorization: `Bearer ${tokens.admin}`, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
  }

  const get = async (app: FastifyInstance, url: string, token: string) => {
    const res = await call(app, { method: 'GET', url, token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const studentDay = async (app: FastifyInstance, token = tokens.a1) => {
    const body = await get(app, '/api/manage/get_timetable_for_student', token);
    return {
      text: JSON.stringify(body),
      lectures: (body.data as any[]).flatMap((e) => e.timetables.flatMap((tt: any) => tt.lectures)),
    };
  };
  const teacherDay = async (app: FastifyInstance, token = tokens.cst) => ({
    text: JSON.stringify(await get(app, '/api/manage/get_timetable_for_teacher/current', token)),
  });
  /** Reads on B twice, so its answer is cached, then returns it. */
  const cachedOnB = async <T>(read: (app: FastifyInstance) => Promise<T>): Promise<T> => {
    await read(t.b);
    return read(t.b);
  };

  beforeEach(async () => {
    w = await buildTimetableWorld(t.db);
    tokens.admin = await tokenFor(t.a, w.admin.profile);
    tokens.cst = await tokenFor(t.a, w.teachers.cst.profile);
    tokens.a1 = await tokenFor(t.a, w.students.get('A1')![0]!.profile);
    tokens.a2 = await tokenFor(t.a, w.students.get('A2')![0]!.profile);
    tokens.b1 = await tokenFor(t.a, w.students.get('B1')![0]!.profile);
  });

  it('sees a timetable upload on the other instance at the next read', async () => {
    expect((await cachedOnB(studentDay)).text).not.toContain('Information Security');
    expect((await cachedOnB(teacherDay)).text).not.toContain('Information Security');
    await upload(t.a);
    expect((await studentDay(t.b)).lectures.map((l: any) => l.start_time)).toEqual([
      '09:00',
      '10:00',
      '12:45',
    ]);
    expect((await teacherDay(t.b)).text).toContain('Information Security');
  });

  it('sees every kind of write the student’s day depends on at the next read on the other instance', async () => {
    await upload(t.a);
    const a1 = w.students.get('A1')![0]!;
    const lab = async () =>
      (await t.db.select({ id: lectures.id }).from(lectures).where(eq(lectures.startTime, '12:45')))[0]!.id;
    const renames: Array<{ what: string; write: () => Promise<unknown>; shows: string }> = [
      {
        what: 'classroom',
        write: () => t.db.update(classrooms).set({ name: 'ROOM-X' }).where(eq(classrooms.name, 'LH101')),
        shows: 'ROOM-X',
      },
      {
        what: 'division',
        write: () => t.db.update(divisions).set({ name: 'DIV-X' }).where(eq(divisions.id, w.divisions.A.id)),
        shows: 'DIV-X',
      },
      {
        what: 'batch',
        write: () => t.db.update(batches).set({ name: 'BATCH-X' }).where(eq(batches.name, 'A1')),
        shows: 'BATCH-X',
      },
      {
        what: 'subject',
        write: () =>
          t.db
            .update(catalogueSubjects)
            .set({ subjectName: 'SUBJECT-X' })
            .where(eq(catalogueSubjects.subjectName, 'Project Management')),
        shows: 'SUBJECT-X',
      },
      {
        what: 'teacher',
        write: () =>
          t.db.update(profiles).set({ name: 'TEACHER-X' }).where(eq(profiles.id, w.teachers.nmp.profile.id)),
        shows: 'TEACHER-X',
      },
      {
        what: 'branch',
        write: () => t.db.update(branches).set({ name: 'BRANCH-X' }).where(eq(branches.id, w.branch.id)),
        shows: 'BRANCH-X',
      },
    ];
    for (const { what, write, shows } of renames) {
      expect((await cachedOnB(studentDay)).text, what).not.toContain(shows);
      await write();
      expect((await studentDay(t.b)).text, what).toContain(shows);
    }

    // A session started through the other instance's API.
    const before = await cachedOnB(studentDay);
    expect(before.lectures[0].session.active).toBe('pre');
    const start = await startSession(t.a, tokens.cst, before.lectures[0].slug);
    expect(start.status).toBe(200);
    expect((await studentDay(t.b)).lectures[0].session.active).not.toBe('pre');

    // The student marked present in it.
    expect((await cachedOnB(studentDay)).lectures[0].attendance_marked).toBe(false);
    const [session] = await t.db.select({ id: lectureSessions.id }).from(lectureSessions);
    await t.db
      .update(attendances)
      .set({ isPresent: true })
      .where(and(eq(attendances.sessionId, session!.id), eq(attendances.studentId, a1.student.id)));
    expect((await studentDay(t.b)).lectures[0].attendance_marked).toBe(true);

    // The student leaves every batch, joins one again, then the lab is taken off the timetable
    // inside a transaction (the bump waits for its commit).
    expect((await cachedOnB(studentDay)).lectures).toHaveLength(3);
    await t.db.delete(batchStudents).where(eq(batchStudents.studentId, a1.student.id));
    expect((await studentDay(t.b)).lectures).toEqual([]);
    await studentDay(t.b);
    const a1Batch = w.batches.find((b) => b.name === 'A1')!.id;
    await t.db.insert(batchStudents).values({ batchId: a1Batch, studentId: a1.student.id });
    expect((await studentDay(t.b)).lectures).toHaveLength(3);
    await studentDay(t.b);
    const labId = await lab();
    await t.db.transaction(async (tx) => {
      await tx.update(lectures).set({ isActive: false }).where(eq(lectures.id, labId));
    });
    expect((await studentDay(t.b)).lectures).toHaveLength(2);
  });

  it('sees the teacher’s day change at the next read on the other instance', async () => {
    await upload(t.a);
    const before = await cachedOnB(teacherDay);
    expect(before.text).toContain('Information Security');
    await t.db
      .update(lectures)
      .set({ isActive: false })
      .where(eq(lectures.teacherId, w.teachers.cst.teacher.id));
    expect((await teacherDay(t.b)).text).not.toContain('Information Security');
  });

  it('sees new and read alerts at the next read on the other instance', async () => {
    const alerts = () => get(t.b, '/api/manage/alerts/get_alerts', tokens.a1);
    await alerts();
    expect((await alerts()).data).toEqual([]);
    await createNotificationService(t.db).notify({
      profileIds: [w.students.get('A1')![0]!.profile.id],
      type: 'subject_choice_alert',
      message: 'Choose your subjects',
    });
    const listed = await alerts();
    expect(listed.data.map((a: any) => a.status)).toEqual(['unseen']);
    await alerts();
    const marked = await call(t.a, {
      method: 'POST',
      url: '/api/manage/alerts/mark_all_as_read/',
      token: tokens.a1,
    });
    expect(marked.status).toBe(200);
    expect((await alerts()).data.map((a: any) => a.status)).toEqual(['seen']);
  });

  it('refuses a token on the other instance at once after its account is deactivated or its tokens revoked', async () => {
    await cachedOnB(studentDay);
    await t.db
      .update(profiles)
      .set({ tokenVersion: sql`${profiles.tokenVersion} + 1` })
      .where(eq(profiles.id, w.students.get('A1')![0]!.profile.id));
    expect(
      (await call(t.b, { method: 'GET', url: '/api/manage/get_timetable_for_student', token: tokens.a1 }))
        .status,
    ).toBe(401);

    await cachedOnB((app) => studentDay(app, tokens.a2));
    await t.db
      .update(profiles)
      .set({ isActive: false })
      .where(eq(profiles.id, w.students.get('A2')![0]!.profile.id));
    expect(
      (await call(t.b, { method: 'GET', url: '/api/manage/get_timetable_for_student', token: tokens.a2 }))
        .status,
    ).toBe(401);
  });

  it('never answers one caller with another’s cached day: students, roles and institutions apart', async () => {
    await upload(t.a);
    const other = await buildInstitution(t.db);
    const elsewhere = await buildTimetableWorld(t.db, { institutionId: other.id, branchCode: '08' });
    const outsider = await tokenFor(t.a, elsewhere.students.get('A1')![0]!.profile);
    const outsiderTeacher = await tokenFor(t.a, elsewhere.teachers.cst.profile);
    for (let round = 0; round < 2; round++) {
      // A1 has the A1 lab, A2 the A2 lab, B1 only division B's lecture; the other institution none.
      expect((await studentDay(t.b, tokens.a1)).lectures.map((l: any) => l.start_time)).toEqual([
        '09:00',
        '10:00',
        '12:45',
      ]);
      const a2 = (await studentDay(t.b, tokens.a2)).lectures;
      expect(a2.map((l: any) => l.start_time)).toEqual(['09:00', '10:00', '12:45']);
      expect(a2[2].subject.subject_map.subject_name).toBe('Compiler Design');
      expect((await studentDay(t.b, tokens.b1)).lectures.map((l: any) => l.start_time)).toEqual([
        '09:00',
        '10:00',
      ]);
      expect((await studentDay(t.b, outsider)).lectures).toEqual([]);
      expect((await teacherDay(t.b, outsiderTeacher)).text).not.toContain('Information Security');
      expect((await teacherDay(t.b)).text).toContain('Information Security');
      // A teacher's token on the student's call, and a student's on the teacher's, stay refused.
      expect(
        (await call(t.b, { method: 'GET', url: '/api/manage/get_timetable_for_student', token: tokens.cst }))
          .status,
      ).toBe(403);
      expect(
        (
          await call(t.b, {
            method: 'GET',
            url: '/api/manage/get_timetable_for_teacher/current',
            token: tokens.a1,
          })
        ).status,
      ).toBe(403);
    }
  });
});
