import { academicYearStart } from '@rollbook/contract';
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  academicTerms,
  branches,
  divisions,
  institutions,
  instantLectures,
  lectureSessions,
  lectures,
  profiles,
  semesters,
  streams,
  students,
  timetables,
} from '../../db/schema';
import type { YearPlanInput, YearSemester } from './year-plan';

/** Students who take part in a new year: active profiles that have not graduated. */
const takingPart = and(
  isNull(students.graduatedAt),
  inArray(
    students.profileId,
    // A subquery, so the condition holds inside UPDATE ... WHERE as well as in a select.
    sql`(select ${profiles.id} from ${profiles} where ${profiles.isActive} = true)`,
  ),
);

/**
 * Queries of the new academic year: what the plan reads about an institution, and the writes
 * that open the next year. No rules here; pass a transaction as `db` to take part in it.
 */
export function createAcademicYearRepository(db: DbOrTx) {
  return {
    /** An institution by its code (any letter case), for the command. */
    async institutionByCode(code: string) {
      const [row] = await db
        .select({
          id: institutions.id,
          slug: institutions.slug,
          name: institutions.name,
          code: institutions.code,
        })
        .from(institutions)
        .where(sql`upper(${institutions.code}) = upper(${code})`);
      return row;
    },

    /** The institution's slug (audit rows name it). */
    async institutionSlug(institutionId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ slug: institutions.slug })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.slug;
    },

    /** Everything `planNewYear` reads about one institution. */
    async planInput(institutionId: number): Promise<YearPlanInput> {
      const terms = await db
        .select({
          id: academicTerms.id,
          startYear: academicTerms.startYear,
          isActive: academicTerms.isActive,
        })
        .from(academicTerms)
        .where(eq(academicTerms.institutionId, institutionId));
      const termStart = new Map(terms.map((t) => [t.id, t.startYear]));
      const activeStarts = terms.filter((t) => t.isActive).map((t) => t.startYear);
      const streamRows = await db
        .select({
          id: streams.id,
          slug: streams.slug,
          title: streams.title,
          streamCode: streams.streamCode,
          branchName: branches.name,
        })
        .from(streams)
        .innerJoin(branches, eq(branches.id, streams.branchId))
        .where(eq(streams.institutionId, institutionId));
      const semesterRows = await db
        .select({
          id: semesters.id,
          streamId: semesters.streamId,
          no: semesters.no,
          isActive: semesters.isActive,
          academicYear: semesters.academicYear,
          termId: semesters.termId,
          startDate: semesters.startDate,
          endDate: semesters.endDate,
        })
        .from(semesters)
        .where(eq(semesters.institutionId, institutionId));
      const yearSemesters: YearSemester[] = semesterRows.map((s) => ({
        id: s.id,
        streamId: s.streamId,
        no: s.no,
        isActive: s.isActive,
        // The semester's own label wins; a semester without one belongs to its term's year.
        year:
          (s.academicYear ? academicYearStart(s.academicYear) : null) ??
          (s.termId !== null ? (termStart.get(s.termId) ?? null) : null),
        startDate: s.startDate,
        endDate: s.endDate,
      }));
      const active = semesterRows.filter((s) => s.isActive).map((s) => s.id);
      const counts =
        active.length === 0
          ? []
          : await db
              .select({ semesterId: students.semesterId, n: count() })
              .from(students)
              .where(and(inArray(students.semesterId, active), takingPart))
              .groupBy(students.semesterId);
      const [live] = await db
        .select({ n: count() })
        .from(lectureSessions)
        .innerJoin(lectures, eq(lectures.id, lectureSessions.lectureId))
        .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
        .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .where(and(eq(semesters.institutionId, institutionId), eq(lectureSessions.status, 'ongoing')));
      // Instant lectures' live sessions count too.
      const [liveInstant] = await db
        .select({ n: count() })
        .from(lectureSessions)
        .innerJoin(instantLectures, eq(instantLectures.id, lectureSessions.instantLectureId))
        .innerJoin(semesters, eq(semesters.id, instantLectures.semesterId))
        .where(and(eq(semesters.institutionId, institutionId), eq(lectureSessions.status, 'ongoing')));
      return {
        activeTermStart: activeStarts.length === 0 ? null : Math.max(...activeStarts),
        streams: streamRows,
        semesters: yearSemesters,
        studentsBySemester: new Map(counts.map((c) => [c.semesterId!, c.n])),
        liveSessions: (live?.n ?? 0) + (liveInstant?.n ?? 0),
      };
    },

    /** Makes the term starting in `startYear` the only active one (creating it when missing). */
    async activateTerm(institutionId: number, startYear: number): Promise<number> {
      const [found] = await db
        .update(academicTerms)
        .set({ isActive: true })
        .where(and(eq(academicTerms.institutionId, institutionId), eq(academicTerms.startYear, startYear)))
        .returning({ id: academicTerms.id });
      const termId =
        found?.id ??
        (
          await db
            .insert(academicTerms)
            .values({ institutionId, startYear, endYear: startYear + 1, isActive: true })
            .returning({ id: academicTerms.id })
        )[0]!.id;
      await db
        .update(academicTerms)
        .set({ isActive: false })
        .where(and(eq(academicTerms.institutionId, institutionId), ne(academicTerms.id, termId)));
      return termId;
    },

    /** Creates a semester of the new year: subjects not locked, no deadline, no divisions. */
    async createSemester(input: {
      institutionId: number;
      streamId: number;
      termId: number;
      no: number;
      academicYear: string;
      startDate: string | null;
      endDate: string | null;
    }): Promise<number> {
      const [row] = await db.insert(semesters).values(input).returning({ id: semesters.id });
      return row!.id;
    },

    /** Adopts a semester of the new year that exists already into the new term, active. */
    async adoptSemester(semesterId: number, termId: number): Promise<void> {
      await db.update(semesters).set({ isActive: true, termId }).where(eq(semesters.id, semesterId));
    },

    /** Moves the taking-part students of one semester to another; answers how many moved. */
    async moveStudents(fromSemesterId: number, toSemesterId: number): Promise<number> {
      const rows = await db
        .update(students)
        .set({ semesterId: toSemesterId })
        .where(and(eq(students.semesterId, fromSemesterId), takingPart))
        .returning({ id: students.id });
      return rows.length;
    },

    /** Marks the taking-part students of a final semester graduated (they keep their semester). */
    async graduateStudents(semesterId: number, at: Date): Promise<number> {
      const rows = await db
        .update(students)
        .set({ graduatedAt: at })
        .where(and(eq(students.semesterId, semesterId), takingPart))
        .returning({ id: students.id });
      return rows.length;
    },

    /**
     * Closes semesters: they become inactive, and so do their weekly lectures, so teachers'
     * days, calendars and room checks stop counting a class that has moved on. Divisions,
     * batches, sessions and attendance rows are left as they are.
     */
    async closeSemesters(semesterIds: number[]): Promise<void> {
      if (semesterIds.length === 0) return;
      await db.update(semesters).set({ isActive: false }).where(inArray(semesters.id, semesterIds));
      const timetableIds = db
        .select({ id: timetables.id })
        .from(timetables)
        .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
        .where(inArray(divisions.semesterId, semesterIds));
      await db
        .update(lectures)
        .set({ isActive: false })
        .where(and(inArray(lectures.timetableId, timetableIds), eq(lectures.isActive, true)));
    },
  };
}

export type AcademicYearRepository = ReturnType<typeof createAcademicYearRepository>;
