import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { institutions } from '../../db/schema';
import type { Db } from '../../db/client';
import { useTestApp } from '../../testing/test-app';
import {
  buildRecordHistory as buildHistory,
  buildRecordWorld,
  type RecordWorld,
} from '../../testing/record-fixture';
import { createAttendanceRecordRepository, lecturesNeeded, remainingLectures, type SubjectTally } from '.';

const t = useTestApp();

function tallyOf(tallies: SubjectTally[], studentId: number, subjectId: number) {
  const found = tallies.filter((x) => x.studentId === studentId && x.subjectId === subjectId);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const figures = (x: SubjectTally) => ({
  held: x.held,
  attended: x.attended,
  excused: x.excused,
  absent: x.absent,
  percentage: x.percentage,
});

async function setExcused(db: Db, w: RecordWorld, setting: 'excluded' | 'present' | 'absent') {
  await db
    .update(institutions)
    .set({ excusedCountsAs: setting })
    .where(eq(institutions.id, w.world.institutionId));
}

describe('the attendance record', () => {
  it('counts held, attended, excused and absent per student and subject (no row is absent)', async () => {
    const w = await buildHistory(t.db);
    const { a1, a2, b1, b2 } = w.students;
    const tallies = await createAttendanceRecordRepository(t.db).subjectTallies({
      institutionId: w.world.institutionId,
    });
    expect(tallies).toHaveLength(5);
    expect(figures(tallyOf(tallies, a1.student.id, w.subjects.IS.id))).toEqual({
      held: 4,
      attended: 2,
      excused: 1,
      absent: 1,
      percentage: 66.66,
    });
    expect(figures(tallyOf(tallies, a2.student.id, w.subjects.IS.id))).toEqual({
      held: 3,
      attended: 1,
      excused: 0,
      absent: 2,
      percentage: 33.33,
    });
    expect(figures(tallyOf(tallies, a1.student.id, w.subjects.CD.id))).toMatchObject({
      held: 1,
      attended: 1,
    });
    expect(figures(tallyOf(tallies, b1.student.id, w.subjects.CD.id))).toMatchObject({ percentage: 100 });
    // Only an excused session: nothing counts under the default setting.
    const b2cd = tallyOf(tallies, b2.student.id, w.subjects.CD.id);
    expect(figures(b2cd)).toEqual({ held: 1, attended: 0, excused: 1, absent: 0, percentage: null });
    expect(b2cd).toMatchObject({
      enrollment: b2.student.enrollment,
      subjectName: 'Compiler Design',
      divisionName: 'B',
      excusedCountsAs: 'excluded',
    });
  });

  it.each([
    ['excluded', { a1: 66.66, b2: null }, { held: 3, attended: 2 }],
    ['present', { a1: 75, b2: 100 }, { held: 4, attended: 3 }],
    ['absent', { a1: 50, b2: 0 }, { held: 4, attended: 2 }],
  ] as const)('counts an excused mark as the setting "%s" says', async (setting, expected, counted) => {
    const w = await buildHistory(t.db);
    await setExcused(t.db, w, setting);
    const record = createAttendanceRecordRepository(t.db);
    const tallies = await record.subjectTallies({ institutionId: w.world.institutionId });
    const a1 = tallyOf(tallies, w.students.a1.student.id, w.subjects.IS.id);
    expect(a1.percentage).toBe(expected.a1);
    expect({ held: a1.countedHeld, attended: a1.countedAttended }).toEqual(counted);
    expect(a1.excusedCountsAs).toBe(setting);
    expect(tallyOf(tallies, w.students.b2.student.id, w.subjects.CD.id).percentage).toBe(expected.b2);
  });

  it.each([
    ['excluded', ['a1:IS', 'a2:IS']],
    ['present', ['a2:IS']],
    ['absent', ['a1:IS', 'a2:IS', 'b2:CD']],
  ] as const)('lists below the threshold strictly, with the setting "%s"', async (setting, expected) => {
    const w = await buildHistory(t.db);
    await setExcused(t.db, w, setting);
    const names = new Map(Object.entries(w.students).map(([k, v]) => [v.student.id, k]));
    const subjects = new Map(Object.entries(w.subjects).map(([k, v]) => [v.id, k]));
    const detained = await createAttendanceRecordRepository(t.db).detained(
      { institutionId: w.world.institutionId },
      75,
    );
    expect(detained.map((d) => `${names.get(d.studentId)}:${subjects.get(d.subjectId)}`).sort()).toEqual(
      [...expected].sort(),
    );
  });

  it('narrows by dates, subject, division, batch, student, semester and branch', async () => {
    const w = await buildHistory(t.db);
    const record = createAttendanceRecordRepository(t.db);
    const base = { institutionId: w.world.institutionId };
    const { a1, a2, b1, b2 } = w.students;
    const keys = (xs: SubjectTally[]) => xs.map((x) => `${x.studentId}:${x.subjectId}`).sort();

    const recent = await record.subjectTallies({ ...base, from: '2026-10-26', to: '2026-11-08' });
    expect(figures(tallyOf(recent, a1.student.id, w.subjects.IS.id))).toEqual({
      held: 2,
      attended: 1,
      excused: 1,
      absent: 0,
      percentage: 100,
    });
    expect(recent.some((x) => x.subjectId === w.subjects.CD.id)).toBe(false);

    const cd = await record.subjectTallies({ ...base, subjectIds: [w.subjects.CD.id] });
    expect(keys(cd)).toEqual(
      keys(
        [a1, b1, b2].map((s) => ({ studentId: s.student.id, subjectId: w.subjects.CD.id }) as SubjectTally),
      ),
    );
    const divisionA = await record.subjectTallies({ ...base, divisionId: w.world.divisions.A.id });
    expect(new Set(divisionA.map((x) => x.subjectId))).toEqual(new Set([w.subjects.IS.id]));
    const batchA1 = await record.subjectTallies({ ...base, batchId: w.batches.A1.id });
    expect(new Set(batchA1.map((x) => x.studentId))).toEqual(new Set([a1.student.id]));
    expect(tallyOf(batchA1, a1.student.id, w.subjects.IS.id).held).toBe(4);
    const onlyA2 = await record.subjectTallies({ ...base, studentIds: [a2.student.id] });
    expect(onlyA2.map(figures)).toEqual([{ held: 3, attended: 1, excused: 0, absent: 2, percentage: 33.33 }]);
    expect(await record.subjectTallies({ ...base, studentIds: [] })).toEqual([]);
    expect(await record.subjectTallies({ ...base, semesterId: w.world.semester.id })).toHaveLength(5);
    expect(await record.subjectTallies({ ...base, branchIds: [w.world.branch.id] })).toHaveLength(5);
    expect(await record.subjectTallies({ ...base, branchIds: [] })).toEqual([]);
  });

  it('never counts another institution', async () => {
    const w = await buildHistory(t.db);
    const other = await buildRecordWorld(t.db, { branchCode: '16' });
    const record = createAttendanceRecordRepository(t.db);
    expect(await record.subjectTallies({ institutionId: other.world.institutionId })).toEqual([]);
    // Even naming this institution's branch from the other institution finds nothing.
    expect(
      await record.subjectTallies({
        institutionId: other.world.institutionId,
        branchIds: [w.world.branch.id],
      }),
    ).toEqual([]);
  });

  it('gives a weekly trend over the whole filter', async () => {
    const w = await buildHistory(t.db);
    const trend = await createAttendanceRecordRepository(t.db).weeklyTrend({
      institutionId: w.world.institutionId,
    });
    expect(trend).toEqual([
      {
        subjectId: null,
        weekStart: '2026-10-19',
        held: 6,
        attended: 3,
        excused: 1,
        countedAttended: 3,
        countedHeld: 5,
        percentage: 60,
      },
      {
        subjectId: null,
        weekStart: '2026-10-26',
        held: 2,
        attended: 1,
        excused: 1,
        countedAttended: 1,
        countedHeld: 1,
        percentage: 100,
      },
      {
        subjectId: null,
        weekStart: '2026-11-02',
        held: 2,
        attended: 1,
        excused: 0,
        countedAttended: 1,
        countedHeld: 2,
        percentage: 50,
      },
    ]);
  });

  it("counts a student's remaining lectures until the semester's end and what they need", async () => {
    const w = await buildHistory(t.db);
    const q = { institutionId: w.world.institutionId, today: '2026-11-02' };
    // Semester ends Tuesday 15 Dec. IS theory Mondays from 9 Nov (2 Nov was held; the 9 Nov
    // session exists but was never started): 6; the lab on Wednesdays from 4 Nov: 6.
    const a1 = await remainingLectures(t.db, { ...q, studentId: w.students.a1.student.id });
    expect(a1).toEqual([{ subjectId: w.subjects.IS.id, remaining: 12, semesterEnd: '2026-12-15' }]);
    const b1 = await remainingLectures(t.db, { ...q, studentId: w.students.b1.student.id });
    expect(b1).toEqual([{ subjectId: w.subjects.CD.id, remaining: 7, semesterEnd: '2026-12-15' }]);
    expect(
      await remainingLectures(t.db, {
        ...q,
        studentId: w.students.b1.student.id,
        subjectIds: [w.subjects.IS.id],
      }),
    ).toEqual([]);

    const tallies = await createAttendanceRecordRepository(t.db).subjectTallies({
      institutionId: w.world.institutionId,
      studentIds: [w.students.a1.student.id],
      subjectIds: [w.subjects.IS.id],
    });
    const mine = tallies[0]!;
    expect(lecturesNeeded({ attended: mine.countedAttended, held: mine.countedHeld }, 12, 75)).toBe(10);
  });
});

describe('lectures needed to reach the threshold', () => {
  it('is the smallest number that reaches it, 0 when safe, null when out of reach', () => {
    expect(lecturesNeeded({ attended: 1, held: 3 }, 6, 75)).toBe(6);
    expect(lecturesNeeded({ attended: 1, held: 3 }, 5, 75)).toBe(5);
    expect(lecturesNeeded({ attended: 1, held: 3 }, 4, 75)).toBeNull();
    expect(lecturesNeeded({ attended: 9, held: 10 }, 10, 75)).toBe(6);
    expect(lecturesNeeded({ attended: 10, held: 10 }, 0, 75)).toBe(0);
    expect(lecturesNeeded({ attended: 0, held: 0 }, 4, 75)).toBe(3);
    expect(lecturesNeeded({ attended: 3, held: 4 }, 0, 75)).toBe(0);
  });
});
