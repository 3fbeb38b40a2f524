import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { institutionPeopleRoutes as routes } from '@rollbook/contract';
import { lectureSessions, semesters, studentDepartures, students } from '../../db/schema';
import { createAttendanceRecordRepository, studentMarks } from '../../domain/attendance-record';
import { sessionExpectedStudentIds } from '../../db/queries/session-audience';
import { createLecturesRepository } from '../../domain/lectures/lectures.repository';
import { buildRecordHistory } from '../../testing/record-fixture';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';

const t = useTestApp();

type History = Awaited<ReturnType<typeof buildRecordHistory>>;

/**
 * The record history (IS theory for division A on 19 Oct, A2 absent, and 26 Oct, A2 present; on
 * 2 Nov A2 has no row), A2 deactivated on 27 October 2026.
 */
let w: History;
let admin: string;

beforeEach(async () => {
  w = await buildRecordHistory(t.db);
  admin = await tokenFor(t.app, w.world.admin.profile);
});

const at = (day: string) => t.clock.set(new Date(`${day}T10:00:00+05:30`));
const act = (path: string, slug: string) =>
  call(t.app, { method: 'POST', url: `/api${path.replace('{person_slug}', slug)}`, token: admin });
const deactivate = (slug: string) => act(routes.deactivate.path, slug);
const reactivate = (slug: string) => act(routes.reactivate.path, slug);
const get = (url: string) => call(t.app, { method: 'GET', url: `/api${url}`, token: admin });

async function isTheorySessionOn(day: string): Promise<number> {
  const [row] = await t.db
    .select({ id: lectureSessions.id })
    .from(lectureSessions)
    .where(sql`${lectureSessions.lectureId} = ${w.lectures.isTheory.id} and ${lectureSessions.day} = ${day}`);
  return row!.id;
}

async function expectedAt(sessionId: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: students.id })
    .from(students)
    .where(sql`${students.id} in ${sessionExpectedStudentIds(sessionId, w.lectures.isTheory.id, null)}`);
  return rows.map((r) => r.id);
}

const markDays = async (studentId: number) =>
  (await studentMarks(t.db, { institutionId: w.world.institutionId, studentId, limit: 50, offset: 0 })).marks
    .map((m) => m.day)
    .sort();

async function setSemesterActive(isActive: boolean) {
  await t.db.update(semesters).set({ isActive }).where(eq(semesters.id, w.world.semester.id));
}

async function isTally(studentId: number) {
  const tallies = await createAttendanceRecordRepository(t.db).subjectTallies({
    institutionId: w.world.institutionId,
    studentIds: [studentId],
  });
  const found = tallies.find((x) => x.subjectId === w.subjects.IS.id);
  return found ? { held: found.held, attended: found.attended, absent: found.absent } : null;
}

describe('a student who leaves the college (record-0004)', () => {
  it('is not expected from the day of deactivation; their record up to then stays', async () => {
    const a2 = w.students.a2;
    at('2026-10-27');
    expect((await deactivate(a2.profile.slug)).status).toBe(200);
    expect(
      await t.db.select().from(studentDepartures).where(eq(studentDepartures.studentId, a2.student.id)),
    ).toMatchObject([{ leftOn: '2026-10-27', returnedOn: null }]);

    // Their own list: the two sessions before, not the one of 2 November (no row: not expected).
    expect(await markDays(a2.student.id)).toEqual(['2026-10-19', '2026-10-26']);
    // A session after they left does not expect them, one before still does.
    expect(await expectedAt(await isTheorySessionOn('2026-11-02'))).not.toContain(a2.student.id);
    expect(await expectedAt(await isTheorySessionOn('2026-10-19'))).toContain(a2.student.id);
    // Starting a session of a later day gives them no row.
    const lectures = createLecturesRepository(t.db);
    expect(await lectures.studentIdsOfLecture(w.lectures.isTheory.id, '2026-11-09')).not.toContain(
      a2.student.id,
    );
    expect(await lectures.studentIdsOfLecture(w.lectures.isTheory.id, '2026-10-26')).toContain(a2.student.id);

    // A past term's report lists them with what they had: two held, one attended.
    await setSemesterActive(false);
    expect(await isTally(a2.student.id)).toEqual({ held: 2, attended: 1, absent: 1 });
    const weeks = await createAttendanceRecordRepository(t.db).weeklyTrend({
      institutionId: w.world.institutionId,
      studentIds: [a2.student.id],
    });
    expect(weeks.reduce((n, x) => n + x.held, 0)).toBe(2);
  });

  it('is left out of the current term’s detention list, table and exports, and listed again once back', async () => {
    const a2 = w.students.a2;
    const enrollmentsOf = (rows: { enrollment: string }[]) => rows.map((r) => r.enrollment);
    expect(enrollmentsOf((await get('/attendance/reports/detention')).body.data.rows)).toContain(
      a2.student.enrollment,
    );
    at('2026-10-27');
    await deactivate(a2.profile.slug);
    const detention = await get('/attendance/reports/detention');
    expect(enrollmentsOf(detention.body.data.rows)).not.toContain(a2.student.enrollment);
    expect(enrollmentsOf(detention.body.data.rows)).toContain(w.students.a1.student.enrollment);
    const table = await get('/attendance/reports/table');
    expect(enrollmentsOf(table.body.data.rows)).not.toContain(a2.student.enrollment);
    expect(table.body.data.total).toBe(table.body.data.rows.length);
    const csv = await get('/attendance/reports/csv?kind=table');
    expect(csv.raw.body).not.toContain(a2.student.enrollment);

    // Back on 2 November: expected again from that day, the whole day (no row: absent).
    at('2026-11-02');
    expect((await reactivate(a2.profile.slug)).status).toBe(200);
    expect(
      await t.db.select().from(studentDepartures).where(eq(studentDepartures.studentId, a2.student.id)),
    ).toMatchObject([{ leftOn: '2026-10-27', returnedOn: '2026-11-02' }]);
    expect(await isTally(a2.student.id)).toEqual({ held: 3, attended: 1, absent: 2 });
    expect(await expectedAt(await isTheorySessionOn('2026-11-02'))).toContain(a2.student.id);
    expect(enrollmentsOf((await get('/attendance/reports/detention')).body.data.rows)).toContain(
      a2.student.enrollment,
    );
  });

  it('leaves no period away when reactivated the same day', async () => {
    const a2 = w.students.a2;
    at('2026-11-02');
    await deactivate(a2.profile.slug);
    await reactivate(a2.profile.slug);
    expect(
      await t.db.select().from(studentDepartures).where(eq(studentDepartures.studentId, a2.student.id)),
    ).toEqual([]);
    expect(await isTally(a2.student.id)).toEqual({ held: 3, attended: 1, absent: 2 });
    // A teacher leaving is not a student leaving: nothing is recorded.
    await deactivate(w.world.teachers.cst.profile.slug);
    expect(await t.db.select().from(studentDepartures)).toEqual([]);
  });
});
