import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertLecture, insertRoom } from '../../testing/lecture-fixture';
import type { DivisionSuggestion } from '@rollbook/contract';
import {
  auditLog,
  batches,
  divisionStudents,
  divisions,
  lectureSessions,
  lectures,
  semesters,
  teacherAllocations,
  timetables,
} from '../../db/schema';
import { as, seconds } from '../../testing/choices-fixture';
import { useTestApp } from '../../testing/test-app';
import { buildDivisionsWorld, type DivisionsWorld } from './testing/divisions-fixture';

const RESET = (slug: string) => `/api/institution/divisions/reset/${slug}`;
const GROUPS = (slug: string) => `/api/manage/get_subject_choice_groups/${slug}`;
const SUGGEST = (slug: string) => `/api/manage/get_division_suggestion/${slug}?max_students=6`;
const CONFIRM = '/api/manage/confirm_suggested_divisions/';
const EXTEND = '/api/manage/extend_subject_choice_deadline/';

describe('POST /institution/divisions/reset/{semester_slug} (planning divisions again)', () => {
  const t = useTestApp();
  let w: DivisionsWorld;

  /** Confirms the planner's suggestion, then gives division A a weekly lecture and a teacher load row. */
  async function plannedWithLecture() {
    const suggestion = await as(t, w.admin, 'GET', SUGGEST(w.semester.slug));
    const plan = suggestion.body.data as DivisionSuggestion;
    const saved = await as(t, w.admin, 'POST', CONFIRM, {
      semester_slug: w.semester.slug,
      divisions_data: plan,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [divisionA] = await t.db
      .select()
      .from(divisions)
      .where(and(eq(divisions.semesterId, w.semester.id), eq(divisions.name, 'A')));
    const [timetable] = await t.db.select().from(timetables).where(eq(timetables.divisionId, divisionA!.id));
    const room = await insertRoom(t.db, w.institution.id);
    const lecture = await insertLecture(t.db, {
      timetableId: timetable!.id,
      offeredSubjectId: w.subjects.os.id,
      teacherId: w.teacher.teacher.id,
      classroomId: room.id,
    });
    await t.db.insert(teacherAllocations).values({
      semesterId: w.semester.id,
      teacherId: w.teacher.teacher.id,
      offeredSubjectId: w.subjects.os.id,
      divisionId: divisionA!.id,
      kind: 'theory',
      hours: 3,
      status: 'confirmed',
    });
    await t.db.update(semesters).set({ allocationConfirmed: true }).where(eq(semesters.id, w.semester.id));
    return { divisionA: divisionA!, lecture };
  }

  /** The rows a reset would discard, to compare before and after a refusal. */
  async function rowsOfSemester() {
    const divisionRows = await t.db.select().from(divisions).where(eq(divisions.semesterId, w.semester.id));
    const ids = divisionRows.map((d) => d.id);
    const [semester] = await t.db.select().from(semesters).where(eq(semesters.id, w.semester.id));
    return {
      divisions: divisionRows,
      members: await t.db
        .select()
        .from(divisionStudents)
        .where(eq(divisionStudents.semesterId, w.semester.id)),
      batches: ids.length ? await t.db.select().from(batches).where(inArray(batches.divisionId, ids)) : [],
      lectures: ids.length
        ? await t.db
            .select({ id: lectures.id })
            .from(lectures)
            .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
            .where(inArray(timetables.divisionId, ids))
        : [],
      allocations: await t.db
        .select()
        .from(teacherAllocations)
        .where(eq(teacherAllocations.semesterId, w.semester.id)),
      semester,
      audits: await t.db.select().from(auditLog).where(eq(auditLog.action, 'divisions.reset')),
    };
  }

  beforeEach(async () => {
    w = await buildDivisionsWorld(t.db);
  });

  it('discards the divisions, their lectures, unstarted sessions and the teacher load, and lets the admin plan again', async () => {
    const { lecture } = await plannedWithLecture();
    await t.db
      .insert(lectureSessions)
      .values({ sessionId: 'pre-only-1', lectureId: lecture.id, day: '2026-11-02' });
    const before = await rowsOfSemester();
    expect(before.divisions.length).toBeGreaterThan(1);
    expect(before.members).toHaveLength(12);

    const res = await as(t, w.admin, 'POST', RESET(w.semester.slug));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      semester_slug: w.semester.slug,
      divisions: before.divisions.map((d) => d.name),
      lectures: 1,
      teacher_allocations: 1,
    });

    const after = await rowsOfSemester();
    expect(after.divisions).toEqual([]);
    expect(after.members).toEqual([]);
    expect(after.lectures).toEqual([]);
    expect(after.allocations).toEqual([]);
    expect(await t.db.select().from(lectureSessions)).toEqual([]);
    expect(after.semester!.divisionsCreated).toBe(false);
    expect(after.semester!.allocationConfirmed).toBe(false);
    expect(after.audits).toHaveLength(1);
    expect(after.audits[0]).toMatchObject({
      institutionId: w.institution.id,
      actorProfileId: w.admin.id,
      entityType: 'semester',
      entitySlug: w.semester.slug,
    });

    // The page now shows the choice groups again, and a new plan can be confirmed.
    const groups = await as(t, w.admin, 'GET', GROUPS(w.semester.slug));
    expect(groups.status).toBe(200);
    expect(groups.body.data.total_students).toBe(12);
    const again = await as(t, w.admin, 'GET', SUGGEST(w.semester.slug));
    expect(again.status).toBe(200);
    const saved = await as(t, w.admin, 'POST', CONFIRM, {
      semester_slug: w.semester.slug,
      divisions_data: again.body.data,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("unfreezes the students' choices: the deadline can be extended again once the divisions are gone", async () => {
    await plannedWithLecture();
    const extend = () =>
      as(t, w.admin, 'POST', EXTEND, {
        semester_slug: w.semester.slug,
        new_deadline_timestamp: seconds('2026-11-20'),
      });
    const frozen = await extend();
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toMatch(/already created from the students' choices/);
    expect((await as(t, w.admin, 'POST', RESET(w.semester.slug))).status).toBe(200);
    const reopened = await extend();
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
  });

  it.each(['ongoing', 'post'] as const)(
    'refuses with 409 once a lecture session is %s, changing nothing',
    async (status) => {
      const { lecture } = await plannedWithLecture();
      await t.db.insert(lectureSessions).values([
        { sessionId: 'pre-one', lectureId: lecture.id, day: '2026-11-09' },
        { sessionId: 'held-one', lectureId: lecture.id, day: '2026-11-02', status },
      ]);
      const before = await rowsOfSemester();
      const res = await as(t, w.admin, 'POST', RESET(w.semester.slug));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ data: null, error: true });
      expect(res.body.message).toBe(
        'The divisions of BE Computer Engineering - Semester 7 cannot be planned again: 1 session of its lectures has already been held, and the attendance taken belongs to these divisions',
      );
      expect(await rowsOfSemester()).toEqual(before);
      expect(await t.db.select().from(lectureSessions)).toHaveLength(2);
    },
  );

  it('refuses with 409 when the semester has no divisions', async () => {
    const res = await as(t, w.admin, 'POST', RESET(w.semester.slug));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('BE Computer Engineering - Semester 7 has no divisions to plan again');
    expect((await rowsOfSemester()).audits).toEqual([]);
  });

  it('is for admins of the semester’s branch only: 401, 403 for other roles, 404 elsewhere, nothing changed', async () => {
    await plannedWithLecture();
    const before = await rowsOfSemester();
    expect((await as(t, null, 'POST', RESET(w.semester.slug))).status).toBe(401);
    for (const who of [w.teacher.profile, w.students[0]!.profile]) {
      expect((await as(t, who, 'POST', RESET(w.semester.slug))).status).toBe(403);
    }
    for (const who of [w.itAdmin, w.other.admin]) {
      const res = await as(t, who, 'POST', RESET(w.semester.slug));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Semester not found');
    }
    const malformed = await as(t, w.admin, 'POST', RESET('not a slug!'));
    expect(malformed.status).toBe(400);
    expect(await rowsOfSemester()).toEqual(before);
  });
});
