import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  attendances,
  batches,
  batchStudents,
  classrooms,
  divisions,
  institutions,
  lectureBatches,
  lectureSessions,
  lectures,
  semesters,
  students,
  teachers,
} from '../../db/schema';
import {
  joinLectureColumns,
  lectureColumns,
  lectureOrder,
  type LectureBatchRow,
} from '../../domain/lectures/lectures.repository';
import type { SessionRow } from '../../domain/lectures/lecture-sessions.repository';
import type { SessionView } from '../../domain/lectures/lecture-wire';
import { plannedSessionIdSql } from '../../domain/lectures/planned-session-id';
import type { Weekday } from '../../lib/week';
import { readCacheFor } from '../../db/read-cache';
import { expectedOn } from '../../db/queries/placement-since';

// The tables a lecture's batches subquery reads under names of their own: the outer query already
// joins `divisions` and `semesters` as the lecture's owners.
const batchDivision = alias(divisions, 'batch_division');
const batchSemester = alias(semesters, 'batch_semester');
const finalRoom = alias(classrooms, 'final_room');

/** A lecture's batches as one JSON array, in the order the cards show them. */
const batchesJson = sql<LectureBatchRow[]>`(
  select coalesce(json_agg(json_build_object(
    'lectureId', ${lectureBatches.lectureId},
    'slug', ${batches.slug},
    'name', ${batches.name},
    'divisionSlug', ${batchDivision.slug},
    'divisionName', ${batchDivision.name},
    'semesterNo', ${batchSemester.no}
  ) order by ${batches.ordering}, ${batches.name}), '[]'::json)
  from ${lectureBatches}
  join ${batches} on ${batches.id} = ${lectureBatches.batchId}
  join ${divisions} ${batchDivision} on ${batchDivision.id} = ${batches.divisionId}
  join ${semesters} ${batchSemester} on ${batchSemester.id} = ${batchDivision.semesterId}
  where ${lectureBatches.lectureId} = ${lectures.id}
)`;

const datePlaceholder = sql.placeholder('date');

/**
 * The day's session of each lecture as the cards need it: the stored row when the teacher has
 * started (or moved) it, else the planned one — status `pre`, the id it will be created with.
 */
const sessionColumns = {
  sessionRowId: lectureSessions.id,
  sessionId: sql<string>`coalesce(${lectureSessions.sessionId}, ${plannedSessionIdSql(lectures.sessionSeed, datePlaceholder)})`,
  sessionStatus: lectureSessions.status,
  sessionCreatedAt: lectureSessions.createdAt,
  classroomFinalId: lectureSessions.classroomFinalId,
  classroomFinalSlug: finalRoom.slug,
  classroomFinalName: finalRoom.name,
  batches: batchesJson,
};

/**
 * The reads behind the teacher's and the student's day (contract §6.1, §6.4), built for the hot
 * path: one statement for the caller with the institution's time zone, one for the day's lectures
 * with their batches, session and (for a student) attendance. Both lecture reads are named
 * prepared statements, planned once per connection on PostgreSQL; on the embedded database the
 * answers are kept until its next write. Nothing here writes.
 */
export function createDashboardRepository(db: Db) {
  /** The student or teacher row of a profile with the institution's time zone, planned once. */
  function callerOfProfile(people: typeof students | typeof teachers, name: string) {
    return db
      .select({ id: people.id, timeZone: institutions.timezone })
      .from(people)
      .innerJoin(institutions, eq(institutions.id, people.institutionId))
      .where(eq(people.profileId, sql.placeholder('profileId')))
      .limit(1)
      .prepare(name);
  }
  const studentOfProfile = callerOfProfile(students, 'dashboard_student_of_profile');
  const teacherOfProfile = callerOfProfile(teachers, 'dashboard_teacher_of_profile');

  function dayLectures() {
    return joinLectureColumns(
      db
        .select({
          ...lectureColumns,
          ...sessionColumns,
          present: sql<boolean>`exists(
            select 1 from ${attendances}
            where ${attendances.sessionId} = ${lectureSessions.id}
              and ${attendances.studentId} = ${sql.placeholder('studentId')}
              and ${attendances.isPresent})`,
        })
        .from(lectures)
        .$dynamic(),
    )
      .leftJoin(
        lectureSessions,
        and(eq(lectureSessions.lectureId, lectures.id), eq(lectureSessions.day, datePlaceholder)),
      )
      .leftJoin(finalRoom, eq(finalRoom.id, lectureSessions.classroomFinalId));
  }

  const studentLectures = dayLectures()
    .where(
      and(
        eq(lectures.day, sql.placeholder('day')),
        eq(lectures.isActive, true),
        // The batches the student was in on that date, at the college then (expectedOn): a past
        // date is not read with memberships that began later.
        sql`${lectures.id} in (
          select ${lectureBatches.lectureId} from ${lectureBatches}
          join ${batchStudents} on ${batchStudents.batchId} = ${lectureBatches.batchId}
          where ${batchStudents.studentId} = ${sql.placeholder('studentId')}
            and ${expectedOn(sql`${batchStudents.since}`, sql`${datePlaceholder}::date`, sql`${batchStudents.studentId}`)})`,
      ),
    )
    .orderBy(...lectureOrder)
    .prepare('dashboard_student_lectures');

  const teacherLectures = dayLectures()
    .where(
      and(
        eq(lectures.teacherId, sql.placeholder('teacherId')),
        eq(lectures.day, sql.placeholder('day')),
        eq(lectures.isActive, true),
      ),
    )
    .orderBy(...lectureOrder)
    .prepare('dashboard_teacher_lectures');

  // On the embedded database, answers until the next write (its thread is the server's own);
  // on PostgreSQL a pass-through.
  const cached = readCacheFor(db);

  return {
    /** The student of a profile with their institution's time zone. */
    student(profileId: number) {
      return cached(`student:${profileId}`, async () => (await studentOfProfile.execute({ profileId }))[0]);
    },

    /** The teacher of a profile with their institution's time zone. */
    teacher(profileId: number) {
      return cached(`teacher:${profileId}`, async () => (await teacherOfProfile.execute({ profileId }))[0]);
    },

    /**
     * The active lectures on a weekday of the batches a student was in on `date` (expectedOn),
     * with the session of `date`.
     */
    studentDay(studentId: number, day: Weekday, date: string) {
      return cached(`student-day:${studentId}:${day}:${date}`, async () =>
        (await studentLectures.execute({ studentId, day, date })).map(withSession(date)),
      );
    },

    /** A teacher's active lectures on a weekday, with the session of `date`. */
    teacherDay(teacherId: number, day: Weekday, date: string) {
      // No student: the attendance check matches nothing (ids start at 1).
      return cached(`teacher-day:${teacherId}:${day}:${date}`, async () =>
        (await teacherLectures.execute({ teacherId, day, date, studentId: 0 })).map(withSession(date)),
      );
    },
  };
}

/** A lecture row with its session as the wire mappers take it (a planned one has no row yet). */
function withSession(date: string) {
  return <
    T extends {
      sessionRowId: number | null;
      sessionId: string;
      sessionStatus: SessionRow['status'] | null;
      sessionCreatedAt: Date | null;
      classroomFinalSlug: string | null;
      classroomFinalName: string | null;
    },
  >(
    row: T,
  ) => ({
    ...row,
    session: {
      sessionId: row.sessionId,
      status: row.sessionStatus ?? 'pre',
      day: date,
      createdAt: row.sessionCreatedAt,
      classroomFinalSlug: row.classroomFinalSlug,
      classroomFinalName: row.classroomFinalName,
    } satisfies SessionView,
  });
}

export type DayLecture = Awaited<
  ReturnType<ReturnType<typeof createDashboardRepository>['studentDay']>
>[number];
