import { describe, expect, it } from 'vitest';
import { and, asc, eq, gte, isNotNull, lt, max, min, sql } from 'drizzle-orm';
import {
  attendanceCorrections,
  attendances,
  institutions,
  lectureSessions,
  profiles,
  students,
} from '../db/schema';
import { createAttendanceRecordRepository } from '../domain/attendance-record';
import { useTestApp } from '../testing/test-app';
import { seedDemo } from './demo';
import { DEMO_HISTORY_WEEKS, seedDemoHistory } from './demo-history';

describe('the demo’s attendance history', () => {
  const t = useTestApp();

  /** Every mark as (lecture, day, student, present, excuse): equal lists mean equal histories. */
  const fingerprint = async () =>
    t.db
      .select({
        lecture: lectureSessions.lectureId,
        day: lectureSessions.day,
        enrollment: students.enrollment,
        present: attendances.isPresent,
        excuse: attendances.excuse,
        verdict: attendances.verdict,
      })
      .from(attendances)
      .innerJoin(lectureSessions, eq(lectureSessions.id, attendances.sessionId))
      .innerJoin(students, eq(students.id, attendances.studentId))
      .orderBy(asc(lectureSessions.lectureId), asc(lectureSessions.day), asc(students.enrollment));

  it('holds several past weeks of sessions with students under 75 %, excuses, refusals, corrections and cleared positions, the same every time', async () => {
    // Wednesday 4 November 2026: the weeks before Monday 2 November are history.
    const now = new Date('2026-11-04T10:00:00+05:30');
    await seedDemo(t.db, { now });

    const [span] = await t.db
      .select({ first: min(lectureSessions.day), last: max(lectureSessions.day) })
      .from(lectureSessions);
    expect(span).toEqual({ first: '2026-09-21', last: '2026-11-01' });
    expect(DEMO_HISTORY_WEEKS).toBe(6);
    const notHeld = await t.db
      .select({ id: lectureSessions.id })
      .from(lectureSessions)
      .where(sql`${lectureSessions.status} <> 'post' or ${lectureSessions.startedAt} is null`);
    expect(notHeld).toEqual([]);

    const marks = await fingerprint();
    const excused = marks.filter((m) => m.excuse !== null);
    const refused = marks.filter((m) => m.verdict === 'absent' && !m.present);
    expect(marks.filter((m) => m.present).length).toBeGreaterThan(marks.length * 0.6);
    expect(excused.length).toBeGreaterThan(0);
    expect(excused.length).toBeLessThan(marks.length * 0.05);
    expect(refused.length).toBeGreaterThan(0);

    const trail = await t.db
      .select({
        reason: attendanceCorrections.reason,
        before: attendanceCorrections.before,
        after: attendanceCorrections.after,
        role: profiles.role,
        correctedAt: attendances.correctedAt,
        present: attendances.isPresent,
        excuse: attendances.excuse,
      })
      .from(attendanceCorrections)
      .innerJoin(attendances, eq(attendances.id, attendanceCorrections.attendanceId))
      .innerJoin(profiles, eq(profiles.id, attendanceCorrections.changedBy));
    expect(trail.length).toBeGreaterThanOrEqual(2);
    for (const c of trail) {
      expect(c.role).toBe('teacher');
      expect(c.reason.length).toBeGreaterThan(10);
      expect(c.before).toEqual({ status: 'absent', excuse: null });
      expect(c.correctedAt).not.toBeNull();
      expect(c.present).toBe(c.after.status === 'present');
      expect(c.excuse).toBe(c.after.excuse);
    }

    // Positions older than the 30-day retention were already deleted, as the nightly sweep does.
    const cutoff = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
    const oldWithPosition = await t.db
      .select({ id: attendances.id })
      .from(attendances)
      .where(and(lt(attendances.markingTime, cutoff), isNotNull(attendances.latitude)));
    expect(oldWithPosition).toEqual([]);
    const recentWithPosition = await t.db
      .select({ id: attendances.id })
      .from(attendances)
      .where(and(gte(attendances.markingTime, cutoff), isNotNull(attendances.latitude)));
    expect(recentWithPosition.length).toBeGreaterThan(0);

    // The attendance record finds students under 75 % (the demo student among them), not everyone.
    const [demo] = await t.db.select().from(institutions);
    const record = createAttendanceRecordRepository(t.db);
    const filter = { institutionId: demo!.id, to: '2026-11-01' };
    const tallies = await record.subjectTallies(filter);
    const below = await record.detained(filter, demo!.attendanceThresholdPercent);
    expect(demo!.attendanceThresholdPercent).toBe(75);
    expect(tallies.length).toBeGreaterThan(100);
    expect(below.length).toBeGreaterThan(tallies.length * 0.05);
    expect(below.length).toBeLessThan(tallies.length * 0.5);
    const [demoStudent] = await t.db
      .select({ id: students.id })
      .from(students)
      .innerJoin(profiles, eq(profiles.id, students.profileId))
      .where(eq(profiles.email, 'student@rollbook.test'));
    expect(below.some((b) => b.studentId === demoStudent!.id)).toBe(true);
    expect(tallies.filter((t) => t.excused > 0).length).toBeGreaterThan(0);

    // Drawn again from its seed on the same demo, the history is the same, mark for mark.
    await t.db.delete(lectureSessions);
    await seedDemoHistory(t.db, now);
    expect(await fingerprint()).toEqual(marks);
    // The whole demo is seeded here (argon2, the division planner): generous on a loaded machine.
  }, 120_000);
});
