import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { StudentPlacementSchema } from '@rollbook/contract';
import { auditLog, batchStudents, divisionStudents, semesters } from '../../db/schema';
import {
  createAttendanceRecordRepository,
  studentMarks,
  type SubjectTally,
} from '../../domain/attendance-record';
import { sessionExpectedStudentIds } from '../../db/queries/session-audience';
import { buildAdmin, buildBranch, buildStudent } from '../../testing/factories';
import { buildRecordHistory, holdSession } from '../../testing/record-fixture';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { lectureSessions, students } from '../../db/schema';
import { sql } from 'drizzle-orm';

const t = useTestApp();

type History = Awaited<ReturnType<typeof buildRecordHistory>>;

/**
 * The record history (IS theory for division A on 19 Oct, 26 Oct and 2 Nov; IS lab for batch A1 on
 * 21 Oct; CD theory for division B on 20 Oct), seen on 10 November 2026.
 */
let w: History;
let admin: string;

beforeEach(async () => {
  w = await buildRecordHistory(t.db);
  t.clock.set(new Date('2026-11-10T10:00:00+05:30'));
  admin = await tokenFor(t.app, w.world.admin.profile);
});

const url = (slug: string) => `/api/institution/people/${slug}/placement/`;
const place = (slug: string, body: unknown, token = admin) =>
  call(t.app, { method: 'POST', url: url(slug), token, body });
const read = (slug: string, token = admin) => call(t.app, { method: 'GET', url: url(slug), token });

async function tallies(studentId: number) {
  return createAttendanceRecordRepository(t.db).subjectTallies({
    institutionId: w.world.institutionId,
    studentIds: [studentId],
  });
}
const bySubject = (list: SubjectTally[], subjectId: number) => {
  const found = list.find((x) => x.subjectId === subjectId);
  return found ? { held: found.held, attended: found.attended, absent: found.absent } : null;
};

/** What the database holds of a student's division and batches, with their first days. */
async function memberships(studentId: number) {
  const division = await t.db
    .select({ divisionId: divisionStudents.divisionId, since: divisionStudents.since })
    .from(divisionStudents)
    .where(eq(divisionStudents.studentId, studentId));
  const batches = await t.db
    .select({ batchId: batchStudents.batchId, since: batchStudents.since })
    .from(batchStudents)
    .where(eq(batchStudents.studentId, studentId))
    .orderBy(batchStudents.batchId);
  return { division, batches };
}

describe('placing a student after the term began (people-0001)', () => {
  it('moves a student to another lab batch from a day: the new lab counts from then, the theory stays whole', async () => {
    const a2 = w.students.a2;
    // Before: IS theory three sessions (present once), no lab.
    expect(bySubject(await tallies(a2.student.id), w.subjects.IS.id)).toEqual({
      held: 3,
      attended: 1,
      absent: 2,
    });

    const res = await place(a2.profile.slug, {
      division_slug: w.world.divisions.A.slug,
      batch_slugs: [w.batches.A1.slug],
      since: '2026-10-22',
    });
    expect(res.status).toBe(200);
    const answer = StudentPlacementSchema.parse(res.body.data);
    expect(answer).toMatchObject({
      division_slug: w.world.divisions.A.slug,
      batch_slugs: [w.batches.A1.slug],
      // The division did not change, so it keeps its first day: the start of the term.
      since: null,
      today: '2026-11-10',
    });
    expect(await memberships(a2.student.id)).toEqual({
      division: [{ divisionId: w.world.divisions.A.id, since: null }],
      batches: [{ batchId: w.batches.A1.id, since: '2026-10-22' }],
    });
    // The lab of 21 October was before the first day: not counted. The theory (both batches) is
    // still three sessions: two from the first day on and the student's own row before it.
    expect(bySubject(await tallies(a2.student.id), w.subjects.IS.id)).toEqual({
      held: 3,
      attended: 1,
      absent: 2,
    });

    // The same move from 20 October takes in that lab, as an absence.
    await t.db
      .update(batchStudents)
      .set({ since: '2026-10-20' })
      .where(eq(batchStudents.studentId, a2.student.id));
    expect(bySubject(await tallies(a2.student.id), w.subjects.IS.id)).toEqual({
      held: 4,
      attended: 1,
      absent: 3,
    });

    // The week-by-week trend adds up to the same held sessions.
    const weeks = await createAttendanceRecordRepository(t.db).weeklyTrend({
      institutionId: w.world.institutionId,
      studentIds: [a2.student.id],
    });
    expect(weeks.reduce((n, x) => n + x.held, 0)).toBe(4);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'person.place'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ division: 'A', batches: ['A1'], since: '2026-10-22' });
  });

  it('places a late admission: sessions before their first day never expected them, later ones do', async () => {
    const late = await buildStudent(t.db, {
      institutionId: w.world.institutionId,
      branchId: w.world.branch.id,
      semesterId: w.world.semester.id,
      name: 'Late Joiner',
    });
    const before = StudentPlacementSchema.parse((await read(late.profile.slug)).body.data);
    expect(before).toMatchObject({ division_slug: null, batch_slugs: [], since: null });
    expect(before.divisions.map((d) => [d.name, d.batches.map((b) => `${b.name}:${b.kind}`)])).toEqual([
      ['A', ['A1:core', 'A2:core']],
      ['B', ['B1:core', 'B2:core']],
    ]);

    const res = await place(late.profile.slug, {
      division_slug: w.world.divisions.A.slug,
      batch_slugs: [w.batches.A2.slug],
      since: '2026-10-26',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.since).toBe('2026-10-26');
    // IS theory of 26 October and 2 November, no row: absent twice; 19 October never expected them.
    expect(bySubject(await tallies(late.student.id), w.subjects.IS.id)).toEqual({
      held: 2,
      attended: 0,
      absent: 2,
    });
    const marks = await studentMarks(t.db, {
      institutionId: w.world.institutionId,
      studentId: late.student.id,
      limit: 50,
      offset: 0,
    });
    expect(marks.marks.map((m) => m.day).sort()).toEqual(['2026-10-26', '2026-11-02']);

    // A session's own list: expected at 2 November's, not at 19 October's.
    const sessionOn = async (day: string) => {
      const [row] = await t.db
        .select({ id: lectureSessions.id })
        .from(lectureSessions)
        .where(
          sql`${lectureSessions.lectureId} = ${w.lectures.isTheory.id} and ${lectureSessions.day} = ${day}`,
        );
      return row!.id;
    };
    const expectedAt = async (sessionId: number) =>
      (
        await t.db
          .select({ id: students.id })
          .from(students)
          .where(sql`${students.id} in ${sessionExpectedStudentIds(sessionId, w.lectures.isTheory.id, null)}`)
      ).map((r) => r.id);
    expect(await expectedAt(await sessionOn('2026-11-02'))).toContain(late.student.id);
    expect(await expectedAt(await sessionOn('2026-10-19'))).not.toContain(late.student.id);
  });

  it('moves a student to another division: their marks there stay, the new division counts from the day', async () => {
    const b1 = w.students.b1;
    // Marked in CD of division B on 20 October: a move dated on or before it would count that
    // slot twice (the mark there, an absence in the new division), so it is refused.
    const twice = await place(b1.profile.slug, {
      division_slug: w.world.divisions.A.slug,
      batch_slugs: [w.batches.A1.slug],
      since: '2026-10-20',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(
      /has attendance where they are now up to 2026-10-20: the first day in the new place must be after it$/,
    );
    expect((await memberships(b1.student.id)).batches).toEqual([{ batchId: w.batches.B1.id, since: null }]);
    const res = await place(b1.profile.slug, {
      division_slug: w.world.divisions.A.slug,
      batch_slugs: [w.batches.A1.slug],
      since: '2026-10-27',
    });
    expect(res.status).toBe(200);
    const after = await tallies(b1.student.id);
    // CD of division B on 20 October: their mark there still counts.
    expect(bySubject(after, w.subjects.CD.id)).toEqual({ held: 1, attended: 1, absent: 0 });
    // IS of division A: only 2 November.
    expect(bySubject(after, w.subjects.IS.id)).toEqual({ held: 1, attended: 0, absent: 1 });
    expect(await memberships(b1.student.id)).toEqual({
      division: [{ divisionId: w.world.divisions.A.id, since: '2026-10-27' }],
      batches: [{ batchId: w.batches.A1.id, since: '2026-10-27' }],
    });
    // A later session of the new division expects them.
    await holdSession(t.db, w.lectures.isTheory.id, '2026-11-03', [[b1.student.id, 'present']]);
    expect(bySubject(await tallies(b1.student.id), w.subjects.IS.id)).toEqual({
      held: 2,
      attended: 1,
      absent: 1,
    });
  });

  it('refuses what cannot be, with a reason, and changes nothing', async () => {
    const a1 = w.students.a1;
    const A = w.world.divisions.A.slug;
    const before = await memberships(a1.student.id);
    const cases: Array<[unknown, number, RegExp]> = [
      [
        { division_slug: A, batch_slugs: [], since: '2026-11-01' },
        400,
        /^Choose one lab batch of division A \(A1, A2\)$/,
      ],
      [
        { division_slug: A, batch_slugs: [w.batches.A1.slug, w.batches.A2.slug], since: '2026-11-01' },
        400,
        /^Choose one lab batch of division A/,
      ],
      [
        { division_slug: A, batch_slugs: [w.batches.B1.slug], since: '2026-11-01' },
        400,
        /not a batch of division A/,
      ],
      [
        { division_slug: A, batch_slugs: [w.batches.A2.slug], since: '2026-11-11' },
        400,
        /cannot be after today \(2026-11-10\)/,
      ],
      [{ division_slug: A, batch_slugs: [w.batches.A2.slug], since: '2026-02-30' }, 400, /must be a date/],
      [
        { division_slug: A, batch_slugs: [w.batches.A1.slug], since: '2026-11-01' },
        400,
        /already in division A with these batches/,
      ],
      [{ division_slug: 'nope', batch_slugs: [], since: '2026-11-01' }, 404, /Division not found/],
    ];
    for (const [body, status, message] of cases) {
      const res = await place(a1.profile.slug, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    await t.db
      .update(semesters)
      .set({ startDate: '2026-10-01' })
      .where(eq(semesters.id, w.world.semester.id));
    const early = await place(a1.profile.slug, {
      division_slug: A,
      batch_slugs: [w.batches.A2.slug],
      since: '2026-09-30',
    });
    expect(early.body.message).toBe('The first day cannot be before the semester began (2026-10-01)');
    expect(StudentPlacementSchema.parse((await read(a1.profile.slug)).body.data).earliest).toBe('2026-10-01');
    // A teacher is not placed.
    const teacher = await place(w.world.teachers.cst.profile.slug, {
      division_slug: A,
      batch_slugs: [w.batches.A1.slug],
      since: '2026-11-01',
    });
    expect(teacher.body.message).toBe('Only a student is placed in a division');
    expect(await memberships(a1.student.id)).toEqual(before);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'person.place'))).toEqual([]);
  });

  it('is for admins of the student’s branch only', async () => {
    const a1 = w.students.a1;
    const body = {
      division_slug: w.world.divisions.A.slug,
      batch_slugs: [w.batches.A2.slug],
      since: '2026-11-01',
    };
    const other = await buildBranch(t.db, {
      institutionId: w.world.institutionId,
      name: 'Information Technology',
    });
    const otherAdmin = await tokenFor(
      t.app,
      (await buildAdmin(t.db, { institutionId: w.world.institutionId, branchId: other.id })).profile,
    );
    const stranger = await tokenFor(t.app, (await buildAdmin(t.db)).profile);
    const teacher = await tokenFor(t.app, w.world.teachers.cst.profile);
    const student = await tokenFor(t.app, a1.profile);
    for (const token of [otherAdmin, stranger]) {
      expect((await read(a1.profile.slug, token)).status).toBe(404);
      expect((await place(a1.profile.slug, body, token)).status).toBe(404);
    }
    for (const token of [teacher, student]) {
      expect((await read(a1.profile.slug, token)).status).toBe(403);
      expect((await place(a1.profile.slug, body, token)).status).toBe(403);
    }
    expect((await read(a1.profile.slug, '')).status).toBe(401);
    expect(await memberships(a1.student.id)).toMatchObject({ batches: [{ batchId: w.batches.A1.id }] });
  });
});
