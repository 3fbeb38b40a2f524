import { and, asc, desc, eq, exists, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { sessionExpectedStudentIds } from '../../db/queries/session-audience';
import {
  attendances,
  branches,
  catalogueSubjects,
  divisions,
  instantLectureDivisions,
  instantLectures,
  lectureSessions,
  lectures,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  teachers,
  timetables,
} from '../../db/schema';

/** Whose sessions: one teacher's lectures, or every lecture of some branches (an admin's). */
export type HistoryScope =
  { institutionId: number; teacherId: number } | { institutionId: number; branchIds: number[] };

/** Which held sessions a history page asks for; each list narrows by slug, the dates are inclusive. */
export interface HistoryFilters {
  subjects?: string[];
  semesters?: string[];
  branches?: string[];
  divisions?: string[];
  startDate?: string;
  endDate?: string;
}

/**
 * A held session with what its history row and its sheet show. It belongs to a timetable lecture
 * (`lectureId`) or to an instant (extra) lecture (`instantLectureId`), never both: an instant one's
 * subject is its free title when it has no timetable subject, and its divisions are listed together.
 */
export interface HeldSessionRow {
  id: number;
  sessionId: string;
  lectureId: number | null;
  instantLectureId: number | null;
  teacherId: number;
  branchId: number;
  day: string;
  status: 'pre' | 'ongoing' | 'post';
  startedAt: Date | null;
  type: string;
  startTime: string;
  endTime: string;
  subjectName: string;
  subjectCode: string;
  teacherName: string | null;
  branchName: string;
  semesterNo: number;
  divisionName: string;
}

/** Marks counted per session for the history list. */
export interface SessionCounts {
  students: number;
  present: number;
  excused: number;
  corrected: number;
}

/** Sessions that were started: `ongoing` or `post` with a start time (the one meaning of "held"). */
const held = and(inArray(lectureSessions.status, ['ongoing', 'post']), isNotNull(lectureSessions.startedAt));

/** The divisions an instant lecture names (its own join, apart from a timetable lecture's division). */
const instantDivision = alias(divisions, 'instant_division');

// A session row has exactly one of a timetable lecture and an instant lecture (a CHECK), so each
// owner below is the one of whichever side is set.
const semesterId = sql`coalesce(${divisions.semesterId}, ${instantLectures.semesterId})`;
const offeredSubjectId = sql`coalesce(${lectures.offeredSubjectId}, ${instantLectures.offeredSubjectId})`;
const teacherId = sql`coalesce(${lectures.teacherId}, ${instantLectures.teacherId})`;

/**
 * Joins a query over `lecture_sessions` to what owns each session, of either kind: a timetable
 * lecture through its timetable and division, or an instant lecture directly; then the semester,
 * stream, branch, subject (none for an instant lecture with a free title) and teacher.
 */
function joinSessionOwners<T extends PgSelect>(query: T) {
  return query
    .leftJoin(lectures, eq(lectures.id, lectureSessions.lectureId))
    .leftJoin(timetables, eq(timetables.id, lectures.timetableId))
    .leftJoin(divisions, eq(divisions.id, timetables.divisionId))
    .leftJoin(instantLectures, eq(instantLectures.id, lectureSessions.instantLectureId))
    .innerJoin(semesters, eq(semesters.id, semesterId))
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .innerJoin(branches, eq(branches.id, streams.branchId))
    .leftJoin(offeredSubjects, eq(offeredSubjects.id, offeredSubjectId))
    .leftJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
    .innerJoin(teachers, eq(teachers.id, teacherId))
    .innerJoin(profiles, eq(profiles.id, teachers.profileId));
}

/** An instant lecture's divisions by name ("A, B"), for its one row in the list. */
const instantDivisionNames = sql<string>`(
  select string_agg(${instantDivision.name}, ', ' order by ${instantDivision.name})
    from ${instantLectureDivisions}
    join ${divisions} as ${instantDivision} on ${instantDivision.id} = ${instantLectureDivisions.divisionId}
   where ${instantLectureDivisions.instantLectureId} = ${instantLectures.id})`;

/** The type a history row shows: the timetable lecture's (theory, lab…), or "instant". */
export const INSTANT_SESSION_TYPE = 'instant';

const heldSessionColumns = {
  id: lectureSessions.id,
  sessionId: lectureSessions.sessionId,
  lectureId: lectureSessions.lectureId,
  instantLectureId: lectureSessions.instantLectureId,
  teacherId: teachers.id,
  branchId: streams.branchId,
  day: lectureSessions.day,
  status: lectureSessions.status,
  startedAt: lectureSessions.startedAt,
  type: sql<string>`coalesce(${lectures.type}, ${INSTANT_SESSION_TYPE})`,
  startTime: sql<string>`coalesce(${lectures.startTime}, ${instantLectures.startTime})`,
  endTime: sql<string>`coalesce(${lectures.endTime}, ${instantLectures.endTime})`,
  subjectName: sql<string>`coalesce(${catalogueSubjects.subjectName}, ${instantLectures.title}, '')`,
  subjectCode: sql<string>`coalesce(${catalogueSubjects.subjectCode}, '')`,
  teacherName: profiles.name,
  branchName: branches.name,
  semesterNo: semesters.no,
  divisionName: sql<string>`coalesce(${divisions.name}, ${instantDivisionNames}, '')`,
};

/** Queries of past sessions (timetable and instant lectures alike); no rules here. */
export function createHistoryRepository(db: DbOrTx) {
  /** Whether a session's division, or one of an instant lecture's divisions, has one of `slugs`. */
  function inDivisions(slugs: string[]): SQL | undefined {
    const instant = db
      .select({ one: sql`1` })
      .from(instantLectureDivisions)
      .innerJoin(instantDivision, eq(instantDivision.id, instantLectureDivisions.divisionId))
      .where(
        and(
          eq(instantLectureDivisions.instantLectureId, instantLectures.id),
          inArray(instantDivision.slug, slugs),
        ),
      );
    return sql`(${inArray(divisions.slug, slugs)} or ${exists(instant)})`;
  }

  function filterClauses(f: HistoryFilters): SQL[] {
    const clauses: (SQL | undefined)[] = [
      f.subjects?.length ? inArray(offeredSubjects.slug, f.subjects) : undefined,
      f.semesters?.length ? inArray(semesters.slug, f.semesters) : undefined,
      f.branches?.length ? inArray(branches.slug, f.branches) : undefined,
      f.divisions?.length ? inDivisions(f.divisions) : undefined,
      f.startDate ? gte(lectureSessions.day, f.startDate) : undefined,
      f.endDate ? lte(lectureSessions.day, f.endDate) : undefined,
    ];
    return clauses.filter((c): c is SQL => c !== undefined);
  }

  const inScope = (scope: HistoryScope) =>
    and(
      'teacherId' in scope
        ? eq(teachers.id, scope.teacherId)
        : inArray(streams.branchId, scope.branchIds.length > 0 ? scope.branchIds : [-1]),
      eq(semesters.institutionId, scope.institutionId),
      held,
    );

  const sessionsWithOwners = () =>
    joinSessionOwners(db.select(heldSessionColumns).from(lectureSessions).$dynamic());

  return {
    /** One page of the held sessions in scope, newest first, and how many match in all. */
    async heldSessionsPage(
      scope: HistoryScope,
      filters: HistoryFilters,
      page: { offset: number; limit: number },
    ): Promise<{ rows: HeldSessionRow[]; total: number }> {
      const where = and(inScope(scope), ...filterClauses(filters));
      const [rows, [count]] = await Promise.all([
        sessionsWithOwners()
          .where(where)
          .orderBy(desc(lectureSessions.day), desc(heldSessionColumns.startTime), asc(lectureSessions.id))
          .limit(page.limit)
          .offset(page.offset),
        joinSessionOwners(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(lectureSessions)
            .$dynamic(),
        ).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /**
     * What the held sessions in scope touch, once each (the filters' choices): counted by the
     * database, so a branch's year of sessions is a few hundred rows, not one per session. An
     * instant lecture adds each of its divisions; one with a free title adds no subject.
     */
    filterChoices(scope: HistoryScope) {
      const choice = {
        branchSlug: branches.slug,
        branchName: branches.name,
        semesterSlug: semesters.slug,
        semesterNo: semesters.no,
        divisionSlug: sql<string>`coalesce(${divisions.slug}, ${instantDivision.slug})`,
        divisionName: sql<string>`coalesce(${divisions.name}, ${instantDivision.name})`,
        subjectSlug: offeredSubjects.slug,
        subjectName: catalogueSubjects.subjectName,
        subjectCode: catalogueSubjects.subjectCode,
      };
      // Grouped by every column: one row per distinct choice (the repository may run in a transaction,
      // whose handle has no selectDistinct).
      return joinSessionOwners(db.select(choice).from(lectureSessions).$dynamic())
        .leftJoin(instantLectureDivisions, eq(instantLectureDivisions.instantLectureId, instantLectures.id))
        .leftJoin(instantDivision, eq(instantDivision.id, instantLectureDivisions.divisionId))
        .where(inScope(scope))
        .groupBy(...Object.values(choice))
        .orderBy(asc(branches.name), asc(semesters.no), asc(choice.divisionName));
    },

    /** A session of the institution by its public id, held or not. */
    async sessionById(sessionId: string, institutionId: number): Promise<HeldSessionRow | undefined> {
      const [row] = await sessionsWithOwners().where(
        and(eq(lectureSessions.sessionId, sessionId), eq(semesters.institutionId, institutionId)),
      );
      return row;
    },

    /**
     * Counts per session (only the sessions asked for, so a page costs only its rows): every
     * expected student, as the sheet lists them (an expected student without a row is absent),
     * and the marks present, excused and corrected.
     */
    async countsOf(sessionRowIds: number[]): Promise<Map<number, SessionCounts>> {
      if (sessionRowIds.length === 0) return new Map();
      const expected = sessionExpectedStudentIds(
        sql`${lectureSessions.id}`,
        sql`${lectureSessions.lectureId}`,
        sql`${lectureSessions.instantLectureId}`,
      );
      const marks = (condition: SQL) =>
        sql`(select count(*) from ${attendances} where ${attendances.sessionId} = ${lectureSessions.id} and ${condition})`;
      const rows = await db
        .select({
          sessionId: lectureSessions.id,
          students: sql<number>`(select count(*) from ${expected} as expected)::int`,
          present: sql<number>`${marks(sql`${attendances.isPresent} and ${attendances.excuse} is null`)}::int`,
          excused: sql<number>`${marks(sql`${attendances.excuse} is not null`)}::int`,
          corrected: sql<number>`${marks(sql`${attendances.correctedAt} is not null`)}::int`,
        })
        .from(lectureSessions)
        .where(inArray(lectureSessions.id, sessionRowIds));
      return new Map(
        rows.map((r) => [
          r.sessionId,
          {
            students: Number(r.students),
            present: Number(r.present),
            excused: Number(r.excused),
            corrected: Number(r.corrected),
          },
        ]),
      );
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
