import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { instantAudienceStudentIds } from '../../db/queries/instant-audience';
import {
  batches,
  branches,
  catalogueSubjects,
  classrooms,
  divisions,
  instantLectureBatches,
  instantLectureDivisions,
  instantLectures,
  lectureSessions,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  students,
  teachers,
} from '../../db/schema';

/** The columns every instant lecture view needs, from one join with its owners and session. */
const instantColumns = {
  id: instantLectures.id,
  slug: instantLectures.slug,
  title: instantLectures.title,
  day: instantLectures.day,
  startTime: instantLectures.startTime,
  endTime: instantLectures.endTime,
  createdAt: instantLectures.createdAt,
  subjectSlug: offeredSubjects.slug,
  subjectName: catalogueSubjects.subjectName,
  subjectCode: catalogueSubjects.subjectCode,
  subjectShortName: catalogueSubjects.shortName,
  semesterId: semesters.id,
  semesterSlug: semesters.slug,
  semesterNo: semesters.no,
  institutionId: semesters.institutionId,
  branchId: branches.id,
  branchName: branches.name,
  teacherId: teachers.id,
  teacherSlug: teachers.slug,
  teacherCode: teachers.teacherCode,
  teacherName: profiles.name,
  classroomSlug: classrooms.slug,
  classroomName: classrooms.name,
  sessionRowId: lectureSessions.id,
  sessionId: lectureSessions.sessionId,
  sessionStatus: lectureSessions.status,
  sessionCreatedAt: lectureSessions.createdAt,
};

/** Instant lectures with subject (if any), semester, branch, teacher, classroom and session. */
function selectInstantLectures(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(instantColumns)
    .from(instantLectures)
    .innerJoin(semesters, eq(semesters.id, instantLectures.semesterId))
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .innerJoin(branches, eq(branches.id, streams.branchId))
    .innerJoin(teachers, eq(teachers.id, instantLectures.teacherId))
    .innerJoin(profiles, eq(profiles.id, teachers.profileId))
    .innerJoin(lectureSessions, eq(lectureSessions.instantLectureId, instantLectures.id))
    .leftJoin(offeredSubjects, eq(offeredSubjects.id, instantLectures.offeredSubjectId))
    .leftJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
    .leftJoin(classrooms, eq(classrooms.id, instantLectures.classroomId))
    .where(where)
    .orderBy(desc(instantLectures.day), desc(instantLectures.createdAt), desc(instantLectures.id))
    .$dynamic();
}

export type InstantLectureRow = Awaited<ReturnType<typeof selectInstantLectures>>[number];

/** One division or batch of an instant lecture, for its labels. */
export interface InstantGroupRow {
  instantLectureId: number;
  slug: string;
  name: string;
  divisionSlug: string;
  divisionName: string;
  semesterNo: number;
}

/**
 * Instant lectures with their owners, groups and audience; no rules here. Every instant lecture has
 * its session (created with it), so the session join is an inner one.
 */
export function createInstantLecturesRepository(db: DbOrTx) {
  return {
    /** Instant lectures matching `where`, newest first, at most `limit` of them. */
    instantLectures(where: SQL | undefined, limit?: number): Promise<InstantLectureRow[]> {
      const query = selectInstantLectures(db, where);
      return limit === undefined ? query : query.limit(limit);
    },

    /** One instant lecture of an institution by slug. */
    async instantBySlug(slug: string, institutionId: number): Promise<InstantLectureRow | undefined> {
      const [row] = await this.instantLectures(
        and(eq(instantLectures.slug, slug), eq(semesters.institutionId, institutionId)),
      );
      return row;
    },

    /** One instant lecture by its internal id. */
    async instantById(id: number): Promise<InstantLectureRow | undefined> {
      const [row] = await this.instantLectures(eq(instantLectures.id, id));
      return row;
    },

    /** The chosen divisions of some instant lectures. */
    async divisionsOf(ids: number[]): Promise<InstantGroupRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          instantLectureId: instantLectureDivisions.instantLectureId,
          slug: divisions.slug,
          name: divisions.name,
          divisionSlug: divisions.slug,
          divisionName: divisions.name,
          semesterNo: semesters.no,
        })
        .from(instantLectureDivisions)
        .innerJoin(divisions, eq(divisions.id, instantLectureDivisions.divisionId))
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .where(inArray(instantLectureDivisions.instantLectureId, ids))
        .orderBy(asc(divisions.ordering), asc(divisions.name));
    },

    /** The chosen batches of some instant lectures. */
    async batchesOf(ids: number[]): Promise<InstantGroupRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          instantLectureId: instantLectureBatches.instantLectureId,
          slug: batches.slug,
          name: batches.name,
          divisionSlug: divisions.slug,
          divisionName: divisions.name,
          semesterNo: semesters.no,
        })
        .from(instantLectureBatches)
        .innerJoin(batches, eq(batches.id, instantLectureBatches.batchId))
        .innerJoin(divisions, eq(divisions.id, batches.divisionId))
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .where(inArray(instantLectureBatches.instantLectureId, ids))
        .orderBy(asc(divisions.name), asc(batches.ordering), asc(batches.name));
    },

    /** Every student expected at an instant lecture's session of `day`. */
    async audienceStudentIds(instantLectureId: number, day: string): Promise<number[]> {
      const rows = await db
        .select({ id: students.id })
        .from(students)
        .where(sql`${students.id} in ${instantAudienceStudentIds(instantLectureId, sql`${day}::date`)}`);
      return rows.map((r) => r.id);
    },

    async isInAudience(instantLectureId: number, studentId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.id, studentId),
            sql`${students.id} in ${instantAudienceStudentIds(instantLectureId)}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Instant lectures of one day in an institution whose audience holds the student. */
    studentInstantLectures(studentId: number, institutionId: number, day: string) {
      return this.instantLectures(
        and(
          eq(semesters.institutionId, institutionId),
          eq(instantLectures.day, day),
          // Expected on that day: the memberships it had begun, at the college then (expectedOn).
          sql`${studentId} in ${instantAudienceStudentIds(sql`${instantLectures.id}`, sql`${instantLectures.day}`)}`,
        ),
      );
    },
  };
}

export type InstantLecturesRepository = ReturnType<typeof createInstantLecturesRepository>;
