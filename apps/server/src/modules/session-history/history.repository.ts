import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { joinLectureOwners } from '../../db/queries/lecture-owners';
import {
  attendances,
  branches,
  catalogueSubjects,
  divisions,
  lectureSessions,
  lectures,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  teachers,
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

/** A held session with what its history row and its sheet show. */
export interface HeldSessionRow {
  id: number;
  sessionId: string;
  lectureId: number;
  teacherId: number;
  branchId: number;
  day: string;
  status: 'pre' | 'ongoing' | 'post';
  startedAt: Date | null;
  type: string;
  startTime: string;
  endTime: string;
  subjectSlug: string;
  subjectName: string;
  subjectCode: string;
  teacherName: string | null;
  branchSlug: string;
  branchName: string;
  semesterSlug: string;
  semesterNo: number;
  divisionSlug: string;
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

/** Queries of a teacher's past sessions; no rules here. */
export function createHistoryRepository(db: DbOrTx) {
  function sessionsWithOwners() {
    const query = db
      .select({
        id: lectureSessions.id,
        sessionId: lectureSessions.sessionId,
        lectureId: lectures.id,
        teacherId: lectures.teacherId,
        branchId: streams.branchId,
        day: lectureSessions.day,
        status: lectureSessions.status,
        startedAt: lectureSessions.startedAt,
        type: lectures.type,
        startTime: lectures.startTime,
        endTime: lectures.endTime,
        subjectSlug: offeredSubjects.slug,
        subjectName: catalogueSubjects.subjectName,
        subjectCode: catalogueSubjects.subjectCode,
        teacherName: profiles.name,
        branchSlug: branches.slug,
        branchName: branches.name,
        semesterSlug: semesters.slug,
        semesterNo: semesters.no,
        divisionSlug: divisions.slug,
        divisionName: divisions.name,
      })
      .from(lectures)
      .$dynamic();
    return joinLectureOwners(query)
      .innerJoin(lectureSessions, eq(lectureSessions.lectureId, lectures.id))
      .innerJoin(branches, eq(branches.id, streams.branchId))
      .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
      .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
      .innerJoin(teachers, eq(teachers.id, lectures.teacherId))
      .innerJoin(profiles, eq(profiles.id, teachers.profileId));
  }

  function filterClauses(f: HistoryFilters): SQL[] {
    const clauses: (SQL | undefined)[] = [
      f.subjects?.length ? inArray(offeredSubjects.slug, f.subjects) : undefined,
      f.semesters?.length ? inArray(semesters.slug, f.semesters) : undefined,
      f.branches?.length ? inArray(branches.slug, f.branches) : undefined,
      f.divisions?.length ? inArray(divisions.slug, f.divisions) : undefined,
      f.startDate ? gte(lectureSessions.day, f.startDate) : undefined,
      f.endDate ? lte(lectureSessions.day, f.endDate) : undefined,
    ];
    return clauses.filter((c): c is SQL => c !== undefined);
  }

  const inScope = (scope: HistoryScope) =>
    and(
      'teacherId' in scope
        ? eq(lectures.teacherId, scope.teacherId)
        : inArray(streams.branchId, scope.branchIds.length > 0 ? scope.branchIds : [-1]),
      eq(semesters.institutionId, scope.institutionId),
      held,
    );

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
          .orderBy(desc(lectureSessions.day), desc(lectures.startTime), asc(lectureSessions.id))
          .limit(page.limit)
          .offset(page.offset),
        joinLectureOwners(
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(lectures)
            .$dynamic(),
        )
          .innerJoin(lectureSessions, eq(lectureSessions.lectureId, lectures.id))
          .innerJoin(branches, eq(branches.id, streams.branchId))
          .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
          .where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /**
     * What the held sessions in scope touch, once each (the filters' choices): counted by the
     * database, so a branch's year of sessions is a few hundred rows, not one per session.
     */
    filterChoices(scope: HistoryScope) {
      const choice = {
        branchSlug: branches.slug,
        branchName: branches.name,
        semesterSlug: semesters.slug,
        semesterNo: semesters.no,
        divisionSlug: divisions.slug,
        divisionName: divisions.name,
        subjectSlug: offeredSubjects.slug,
        subjectName: catalogueSubjects.subjectName,
        subjectCode: catalogueSubjects.subjectCode,
      };
      // Grouped by every column: one row per distinct choice (the repository may run in a transaction,
      // whose handle has no selectDistinct).
      return joinLectureOwners(db.select(choice).from(lectures).$dynamic())
        .innerJoin(lectureSessions, eq(lectureSessions.lectureId, lectures.id))
        .innerJoin(branches, eq(branches.id, streams.branchId))
        .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .where(inScope(scope))
        .groupBy(...Object.values(choice))
        .orderBy(asc(branches.name), asc(semesters.no), asc(divisions.name));
    },

    /** A session of the institution by its public id, held or not. */
    async sessionById(sessionId: string, institutionId: number): Promise<HeldSessionRow | undefined> {
      const [row] = await sessionsWithOwners().where(
        and(eq(lectureSessions.sessionId, sessionId), eq(semesters.institutionId, institutionId)),
      );
      return row;
    },

    /** Marks counted per session (only the sessions asked for, so a page costs only its rows). */
    async countsOf(sessionRowIds: number[]): Promise<Map<number, SessionCounts>> {
      if (sessionRowIds.length === 0) return new Map();
      const rows = await db
        .select({
          sessionId: attendances.sessionId,
          students: sql<number>`count(*)::int`,
          present: sql<number>`(count(*) filter (where ${attendances.isPresent} and ${attendances.excuse} is null))::int`,
          excused: sql<number>`(count(*) filter (where ${attendances.excuse} is not null))::int`,
          corrected: sql<number>`(count(*) filter (where ${attendances.correctedAt} is not null))::int`,
        })
        .from(attendances)
        .where(inArray(attendances.sessionId, sessionRowIds))
        .groupBy(attendances.sessionId);
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
