import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  instantLectureDivisions,
  instantLectures,
  lectureSessions,
  studentDepartures,
} from '../../db/schema';
import { createInstantLecturesRepository } from '../../domain/lectures/instant-lectures.repository';
import { newSessionId } from '../../domain/lectures/lecture-sessions.repository';
import type { buildStudent } from '../../testing/factories';
import { admitLateToA2, buildRecordHistory } from '../../testing/record-fixture';
import { useTestApp } from '../../testing/test-app';
import { createDashboardRepository } from './dashboard.repository';

const t = useTestApp();

type History = Awaited<ReturnType<typeof buildRecordHistory>>;
let w: History;
/** A late admission to division A and batch A2 from Monday 26 October 2026 (people-0001). */
let late: Awaited<ReturnType<typeof buildStudent>>;

beforeEach(async () => {
  w = await buildRecordHistory(t.db);
  late = await admitLateToA2(t.db, w, '2026-10-26');
});

describe("a student's day of a past date reads the memberships of that date", () => {
  it('lists the timetable lectures of the batches they were in then, at the college then', async () => {
    const dashboard = createDashboardRepository(t.db);
    const lecturesOn = async (studentId: number, date: string) =>
      (await dashboard.studentDay(studentId, 'monday', date)).map((l) => l.id);
    // Monday 19 October: before their first day, IS theory did not expect them.
    expect(await lecturesOn(late.student.id, '2026-10-19')).toEqual([]);
    expect(await lecturesOn(late.student.id, '2026-10-26')).toEqual([w.lectures.isTheory.id]);

    // A student who left on 27 October is not expected on Monday 2 November.
    const a2 = w.students.a2.student.id;
    await t.db.insert(studentDepartures).values({ studentId: a2, leftOn: '2026-10-27' });
    expect(await lecturesOn(a2, '2026-10-26')).toEqual([w.lectures.isTheory.id]);
    expect(await lecturesOn(a2, '2026-11-02')).toEqual([]);
  });

  it("lists a past day's instant lectures of the divisions they were in then", async () => {
    const instantOn = async (day: string) => {
      const [row] = await t.db
        .insert(instantLectures)
        .values({
          semesterId: w.world.semester.id,
          teacherId: w.world.teachers.cst.teacher.id,
          offeredSubjectId: w.subjects.IS.id,
          day,
          startTime: '14:00',
          endTime: '15:00',
        })
        .returning();
      await t.db
        .insert(instantLectureDivisions)
        .values({ instantLectureId: row!.id, divisionId: w.world.divisions.A.id });
      await t.db
        .insert(lectureSessions)
        .values({ sessionId: newSessionId(), instantLectureId: row!.id, day, status: 'pre' });
      return row!.id;
    };
    const before = await instantOn('2026-10-19');
    const after = await instantOn('2026-10-27');
    const repo = createInstantLecturesRepository(t.db);
    const listed = async (studentId: number, day: string) =>
      (await repo.studentInstantLectures(studentId, w.world.institutionId, day)).map((r) => r.id);
    expect(await listed(late.student.id, '2026-10-19')).toEqual([]);
    expect(await listed(late.student.id, '2026-10-27')).toEqual([after]);
    // Who left on 27 October: the extra lecture of 19 October expected them, that of 27 October not.
    const a1 = w.students.a1.student.id;
    expect(await listed(a1, '2026-10-19')).toEqual([before]);
    await t.db.insert(studentDepartures).values({ studentId: a1, leftOn: '2026-10-27' });
    expect(await listed(a1, '2026-10-27')).toEqual([]);
    expect(await listed(a1, '2026-10-19')).toEqual([before]);
    await t.db.delete(studentDepartures).where(eq(studentDepartures.studentId, a1));
  });
});
