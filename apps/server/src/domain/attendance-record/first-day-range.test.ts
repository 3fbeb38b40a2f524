import { describe, expect, it } from 'vitest';
import { admitLateToA2, buildRecordHistory } from '../../testing/record-fixture';
import { useTestApp } from '../../testing/test-app';
import { createAttendanceRecordRepository } from '.';

const t = useTestApp();

describe('a date-ranged report and a first day after its range (people-0001)', () => {
  it('does not list a student whose first day is after the range, and lists them from it on', async () => {
    const w = await buildRecordHistory(t.db);
    const late = await admitLateToA2(t.db, w, '2026-10-26');
    const record = createAttendanceRecordRepository(t.db);
    const base = { institutionId: w.world.institutionId };

    // 19-25 October: IS theory of 19 October only, before their first day.
    const early = { ...base, from: '2026-10-19', to: '2026-10-25' };
    const tallies = await record.subjectTallies(early);
    expect(tallies.some((x) => x.studentId === late.student.id)).toBe(false);
    expect(tallies.some((x) => x.studentId === w.students.a2.student.id)).toBe(true);
    const roster = await record.roster(early, { limit: 50, offset: 0 });
    expect(roster.studentIds).not.toContain(late.student.id);
    expect(roster.total).toBe(roster.studentIds.length);
    expect(await record.detained(early, 75)).not.toContainEqual(
      expect.objectContaining({ studentId: late.student.id }),
    );

    // From 19 October to 26 October: one session expected them, absent.
    const wider = { ...base, from: '2026-10-19', to: '2026-10-26' };
    const mine = (await record.subjectTallies(wider)).filter((x) => x.studentId === late.student.id);
    expect(mine.map((x) => [x.subjectId, x.held, x.absent])).toEqual([[w.subjects.IS.id, 1, 1]]);
    expect((await record.roster(wider, { limit: 50, offset: 0 })).studentIds).toContain(late.student.id);
  });
});
