import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AcademicYearPreviewSchema } from '@rollbook/contract';
import {
  academicTerms,
  auditLog,
  divisions,
  lectureSessions,
  lectures,
  offeredSubjects,
  semesters,
  students,
  timetables,
} from '../../db/schema';
import { insertCatalogue } from '../../testing/catalogue-fixture';
import { insertLecture, insertRoom } from '../../testing/lecture-fixture';
import { as } from '../../testing/choices-fixture';
import { useTestApp } from '../../testing/test-app';
import { INSTITUTION_ADMINS_ONLY } from './academic-year.service';
import { buildYearWorld, type YearWorld } from './testing/year-fixture';

const PREVIEW = '/api/institution/academic-year/preview';
const OPEN = '/api/institution/academic-year/open';

describe('the new academic year (/institution/academic-year/)', () => {
  const t = useTestApp();
  let w: YearWorld;
  beforeEach(async () => {
    w = await buildYearWorld(t.db);
  });

  const open = (academic_year: unknown = '2027-28', who = w.registrar) =>
    as(t, who, 'POST', OPEN, { academic_year });

  /** Every row a new year touches, to prove a refusal changed nothing. */
  async function snapshot() {
    return {
      terms: await t.db.select().from(academicTerms).orderBy(asc(academicTerms.id)),
      semesters: await t.db.select().from(semesters).orderBy(asc(semesters.id)),
      students: await t.db.select().from(students).orderBy(asc(students.id)),
      lectures: await t.db.select().from(lectures).orderBy(asc(lectures.id)),
      audits: await t.db.select().from(auditLog).where(eq(auditLog.action, 'academic_year.open')),
    };
  }

  const semesterOf = async (studentId: number) => {
    const [row] = await t.db
      .select({ no: semesters.no, year: semesters.academicYear, graduatedAt: students.graduatedAt })
      .from(students)
      .innerJoin(semesters, eq(semesters.id, students.semesterId))
      .where(eq(students.id, studentId));
    return row;
  };

  it('previews the year in plain numbers: current and next year, new semesters, moves and graduates per stream', async () => {
    const res = await as(t, w.registrar, 'GET', PREVIEW);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = AcademicYearPreviewSchema.parse(res.body.data);
    const stream = (s: { slug: string }, title: string) => ({
      stream_slug: s.slug,
      stream_title: title,
      stream_code: '07',
      branch_name: 'Computer Engineering',
    });
    expect(preview).toEqual({
      current_year: '2026-27',
      next_year: '2027-28',
      closing_semesters: 3,
      new_semesters: [
        {
          ...stream(w.streams.be, 'BE'),
          no: 5,
          start_date: '2027-07-01',
          end_date: '2027-12-15',
          dates_from: 'shifted',
        },
        { ...stream(w.streams.be, 'BE'), no: 6, start_date: null, end_date: null, dates_from: 'none' },
        {
          ...stream(w.streams.be, 'BE'),
          no: 7,
          start_date: '2027-07-01',
          end_date: '2027-12-15',
          dates_from: 'shifted',
        },
        {
          ...stream(w.streams.be, 'BE'),
          no: 8,
          start_date: '2028-01-05',
          end_date: '2028-05-30',
          dates_from: 'shifted',
        },
        {
          ...stream(w.streams.me, 'ME'),
          no: 3,
          start_date: '2027-07-01',
          end_date: '2027-12-15',
          dates_from: 'shifted',
        },
      ],
      streams: [
        {
          ...stream(w.streams.be, 'BE'),
          final_semester: 8,
          // The deactivated student does not move.
          moving_up: [
            { from_no: 5, to_no: 6, students: 2 },
            { from_no: 7, to_no: 8, students: 2 },
          ],
          graduating: 0,
        },
        { ...stream(w.streams.me, 'ME'), final_semester: 3, moving_up: [], graduating: 2 },
      ],
      totals: { moving_up: 4, graduating: 2 },
      blockers: [],
    });
  });

  it('opens the year in one go: new clean semesters, students one semester up, finalists graduated, the old year closed and audited', async () => {
    const res = await open();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      opened_year: '2027-28',
      closed_year: '2026-27',
      semesters_opened: 5,
      semesters_closed: 3,
      students_moved_up: 4,
      students_graduated: 2,
    });

    const fresh = await t.db
      .select()
      .from(semesters)
      .where(and(eq(semesters.institutionId, w.institution.id), eq(semesters.academicYear, '2027-28')))
      .orderBy(asc(semesters.streamId), asc(semesters.no));
    const [newTerm] = await t.db
      .select()
      .from(academicTerms)
      .where(and(eq(academicTerms.institutionId, w.institution.id), eq(academicTerms.startYear, 2027)));
    expect(newTerm).toMatchObject({ endYear: 2028, isActive: true });
    expect(fresh.map((s) => [s.streamId, s.no, s.startDate, s.endDate])).toEqual([
      [w.streams.be.id, 5, '2027-07-01', '2027-12-15'],
      [w.streams.be.id, 6, null, null],
      [w.streams.be.id, 7, '2027-07-01', '2027-12-15'],
      [w.streams.be.id, 8, '2028-01-05', '2028-05-30'],
      [w.streams.me.id, 3, '2027-07-01', '2027-12-15'],
    ]);
    for (const s of fresh) {
      expect(s).toMatchObject({
        isActive: true,
        termId: newTerm!.id,
        subjectsLocked: false,
        subjectChoiceDeadline: null,
        divisionsCreated: false,
        allocationConfirmed: false,
      });
    }

    expect(await semesterOf(w.students.be5[0]!.student.id)).toEqual({
      no: 6,
      year: '2027-28',
      graduatedAt: null,
    });
    expect(await semesterOf(w.students.be7[1]!.student.id)).toEqual({
      no: 8,
      year: '2027-28',
      graduatedAt: null,
    });
    // Graduates keep their profile and their final semester, marked with the moment they left.
    for (const s of w.students.me3) {
      expect(await semesterOf(s.student.id)).toEqual({
        no: 3,
        year: '2026-27',
        graduatedAt: t.clock.now(),
      });
    }
    // A deactivated student stays where they were.
    expect(await semesterOf(w.students.be5Inactive.student.id)).toEqual({
      no: 5,
      year: '2026-27',
      graduatedAt: null,
    });

    const old = await t.db
      .select()
      .from(semesters)
      .where(and(eq(semesters.institutionId, w.institution.id), eq(semesters.academicYear, '2026-27')));
    expect(old.map((s) => s.isActive)).toEqual([false, false, false]);
    // The old semester keeps what it was: locked subjects and its divisions flag.
    expect(old.find((s) => s.id === w.semesters.be5.id)).toMatchObject({
      subjectsLocked: true,
      divisionsCreated: true,
    });
    const [oldTerm] = await t.db.select().from(academicTerms).where(eq(academicTerms.id, w.term.id));
    expect(oldTerm!.isActive).toBe(false);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'academic_year.open'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      institutionId: w.institution.id,
      actorProfileId: w.registrar.id,
      entityType: 'institution',
      entitySlug: w.institution.slug,
      detail: expect.objectContaining({
        opened_year: '2027-28',
        semesters_created: 5,
        via: 'web',
      }) as unknown,
    });

    // The next preview starts from the new year.
    const next = await as(t, w.registrar, 'GET', PREVIEW);
    expect(next.body.data).toMatchObject({ current_year: '2027-28', next_year: '2028-29' });
  });

  it('never opens a year twice: a second confirm (or a racing one) is 409 and changes nothing', async () => {
    const [first, racing] = await Promise.all([open(), open()]);
    expect([first.status, racing.status].sort()).toEqual([200, 409]);
    const after = await snapshot();
    const again = await open();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      data: null,
      error: true,
      message: '2027-28 is already the current academic year: it was opened already, nothing was changed',
    });
    expect(await snapshot()).toEqual(after);
    expect(after.audits).toHaveLength(1);
  });

  it('refuses a year that is not the next one (409) or is malformed (400), changing nothing', async () => {
    const before = await snapshot();
    const skip = await open('2028-29');
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe(
      'The current academic year is 2026-27, so the year to open is 2027-28, not 2028-29: reload the preview',
    );
    const past = await open('2025-26');
    expect(past.status).toBe(409);
    expect(past.body.message).toBe(
      '2025-26 is before the current academic year 2026-27: nothing was changed',
    );
    for (const bad of ['2027', '2027-29', 2027, '']) {
      const res = await open(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.message).toMatch(/academic_year/);
    }
    const missing = await as(t, w.registrar, 'POST', OPEN, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/academic_year is required/);
    expect(await snapshot()).toEqual(before);
  });

  /** A weekly lecture of BE semester 7 (its division A, Information Security, LH101, the teacher). */
  async function be7Lecture() {
    const [division] = await t.db
      .insert(divisions)
      .values({ semesterId: w.semesters.be7.id, name: 'A' })
      .returning();
    const [timetable] = await t.db.insert(timetables).values({ divisionId: division!.id }).returning();
    const room = await insertRoom(t.db, w.institution.id, { latitude: 23, longitude: 72 });
    const [catalogue] = await insertCatalogue(t.db, { institutionId: w.institution.id }, [
      { code: '3170701', name: 'Information Security', elective: false },
    ]);
    const [subject] = await t.db
      .insert(offeredSubjects)
      .values({ semesterId: w.semesters.be7.id, catalogueSubjectId: catalogue!.id })
      .returning();
    return insertLecture(t.db, {
      timetableId: timetable!.id,
      offeredSubjectId: subject!.id,
      teacherId: w.teacher.teacher.id,
      classroomId: room.id,
    });
  }

  it('is blocked while a lecture session is live, saying so in the preview and the refusal', async () => {
    const lecture = await be7Lecture();
    await t.db
      .insert(lectureSessions)
      .values({ sessionId: 'live-now', lectureId: lecture.id, day: '2026-11-02', status: 'ongoing' });

    const preview = await as(t, w.registrar, 'GET', PREVIEW);
    expect(preview.body.data.blockers).toEqual([
      '1 lecture session is live right now: open the new year once it has ended',
    ]);
    const before = await snapshot();
    const res = await open();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The new academic year cannot be opened: 1 lecture session is live right now: open the new year once it has ended',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('is for institution admins only: a branch admin is told why (403), other roles 403, anonymous 401', async () => {
    const before = await snapshot();
    for (const [method, url] of [
      ['GET', PREVIEW],
      ['POST', OPEN],
    ] as const) {
      const body = method === 'POST' ? { academic_year: '2027-28' } : undefined;
      const branchAdmin = await as(t, w.ceAdmin, method, url, body);
      expect(branchAdmin.status).toBe(403);
      expect(branchAdmin.body).toMatchObject({ data: null, error: true, message: INSTITUTION_ADMINS_ONLY });
      for (const who of [w.teacher.profile, w.students.be5[0]!.profile]) {
        expect((await as(t, who, method, url, body)).status).toBe(403);
      }
      expect((await as(t, null, method, url, body)).status).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('touches only the caller’s institution', async () => {
    const otherBefore = {
      semesters: await t.db
        .select()
        .from(semesters)
        .where(eq(semesters.institutionId, w.other.institution.id)),
      students: await t.db.select().from(students).where(eq(students.institutionId, w.other.institution.id)),
    };
    expect((await open()).status).toBe(200);
    expect(
      await t.db.select().from(semesters).where(eq(semesters.institutionId, w.other.institution.id)),
    ).toEqual(otherBefore.semesters);
    expect(
      await t.db.select().from(students).where(eq(students.institutionId, w.other.institution.id)),
    ).toEqual(otherBefore.students);
    // The other registrar's own preview still shows their year, untouched.
    const theirs = await as(t, w.other.registrar, 'GET', PREVIEW);
    expect(theirs.body.data).toMatchObject({
      current_year: '2026-27',
      next_year: '2027-28',
      closing_semesters: 1,
    });
  });
});
