import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  batches,
  batchStudents,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  divisions,
  lectureBatches,
  lectures,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  teachers,
  timetables,
} from '../../db/schema';
import type { Weekday } from '../../lib/week';
import { joinLectureOwners } from '../../db/queries/lecture-owners';
import { expectedOn } from '../../db/queries/placement-since';
import { streamBranchColumns } from '../stream-branch-columns';

/** The columns every lecture view needs, from one join of the lecture with its owners. */
export const lectureColumns = {
  id: lectures.id,
  slug: lectures.slug,
  day: lectures.day,
  startTime: lectures.startTime,
  endTime: lectures.endTime,
  type: lectures.type,
  isActive: lectures.isActive,
  isProxy: lectures.isProxy,
  subjectSlug: offeredSubjects.slug,
  subjectName: catalogueSubjects.subjectName,
  subjectCode: catalogueSubjects.subjectCode,
  subjectShortName: catalogueSubjects.shortName,
  semesterId: semesters.id,
  semesterSlug: semesters.slug,
  semesterNo: semesters.no,
  semesterStart: semesters.startDate,
  semesterEnd: semesters.endDate,
  divisionId: divisions.id,
  divisionSlug: divisions.slug,
  divisionName: divisions.name,
  timetableSlug: timetables.slug,
  ...streamBranchColumns,
  teacherId: teachers.id,
  teacherSlug: teachers.slug,
  teacherCode: teachers.teacherCode,
  teacherName: profiles.name,
  teacherEmail: profiles.email,
  classroomId: classrooms.id,
  classroomSlug: classrooms.slug,
  classroomName: classrooms.name,
};

/**
 * Joins a query over `lectures` to everything `lectureColumns` names: owners, branch, subject,
 * teacher with profile, and the lecture's own classroom (build the query with `.$dynamic()`).
 */
export function joinLectureColumns<T extends PgSelect>(query: T) {
  return joinLectureOwners(query)
    .innerJoin(branches, eq(branches.id, streams.branchId))
    .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
    .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
    .innerJoin(teachers, eq(teachers.id, lectures.teacherId))
    .innerJoin(profiles, eq(profiles.id, teachers.profileId))
    .innerJoin(classrooms, eq(classrooms.id, lectures.classroomId));
}

/** The order every lecture list is shown in. */
export const lectureOrder = [asc(lectures.startTime), asc(lectures.endTime), asc(lectures.id)];

export type LectureRow = Awaited<ReturnType<ReturnType<typeof createLecturesRepository>['lectures']>>[number];

/** One batch of a lecture, with its division (the wire shape embeds it). */
export interface LectureBatchRow {
  lectureId: number;
  slug: string;
  name: string;
  divisionSlug: string;
  divisionName: string;
  semesterNo: number;
}

/** Lectures of the timetable with their owners, batches, students and classrooms; no rules here. */
export function createLecturesRepository(db: DbOrTx) {
  return {
    /** Lectures with subject, semester, division, stream, branch, teacher and classroom, in time order. */
    lectures(where: SQL | undefined) {
      return joinLectureColumns(db.select(lectureColumns).from(lectures).$dynamic())
        .where(where)
        .orderBy(...lectureOrder);
    },

    /** Active lectures of one teacher on one weekday. */
    teacherLectures(teacherId: number, day: Weekday) {
      return this.lectures(
        and(eq(lectures.teacherId, teacherId), eq(lectures.day, day), eq(lectures.isActive, true)),
      );
    },

    /** Active lectures (optionally of one weekday) that any of the batches attends. */
    async batchLectures(batchIds: number[], day?: Weekday) {
      if (batchIds.length === 0) return [];
      const ids = db
        .select({ id: lectureBatches.lectureId })
        .from(lectureBatches)
        .where(inArray(lectureBatches.batchId, batchIds));
      return this.lectures(
        and(inArray(lectures.id, ids), eq(lectures.isActive, true), day ? eq(lectures.day, day) : undefined),
      );
    },

    async batchesOf(lectureIds: number[]): Promise<LectureBatchRow[]> {
      if (lectureIds.length === 0) return [];
      return db
        .select({
          lectureId: lectureBatches.lectureId,
          slug: batches.slug,
          name: batches.name,
          divisionSlug: divisions.slug,
          divisionName: divisions.name,
          semesterNo: semesters.no,
        })
        .from(lectureBatches)
        .innerJoin(batches, eq(batches.id, lectureBatches.batchId))
        .innerJoin(divisions, eq(divisions.id, batches.divisionId))
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .where(inArray(lectureBatches.lectureId, lectureIds))
        .orderBy(asc(batches.ordering), asc(batches.name));
    },

    /** One lecture of an institution by slug. */
    async lectureBySlug(slug: string, institutionId: number) {
      const [row] = await this.lectures(
        and(eq(lectures.slug, slug), eq(semesters.institutionId, institutionId)),
      );
      return row;
    },

    /** Every active lecture of an institution on a weekday (classroom allocation checks). */
    institutionLecturesOn(institutionId: number, day: Weekday) {
      return this.lectures(
        and(eq(semesters.institutionId, institutionId), eq(lectures.day, day), eq(lectures.isActive, true)),
      );
    },

    /**
     * Students a lecture's session of `day` expects: everyone in any of its batches whose
     * membership had begun by then and who was at the college that day (expectedOn).
     */
    async studentIdsOfLecture(lectureId: number, day: string): Promise<number[]> {
      const rows = await db
        .select({ id: batchStudents.studentId })
        .from(batchStudents)
        .innerJoin(lectureBatches, eq(lectureBatches.batchId, batchStudents.batchId))
        .where(
          and(
            eq(lectureBatches.lectureId, lectureId),
            expectedOn(sql`${batchStudents.since}`, sql`${day}::date`, sql`${batchStudents.studentId}`),
          ),
        );
      // A student in two batches of the lecture is one student.
      return [...new Set(rows.map((r) => r.id))];
    },

    async isStudentOfLecture(lectureId: number, studentId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: batchStudents.studentId })
        .from(batchStudents)
        .innerJoin(lectureBatches, eq(lectureBatches.batchId, batchStudents.batchId))
        .where(and(eq(lectureBatches.lectureId, lectureId), eq(batchStudents.studentId, studentId)))
        .limit(1);
      return row !== undefined;
    },

    async classroomsOfBranches(institutionId: number, branchIds: number[]) {
      if (branchIds.length === 0) return [];
      const ids = db
        .select({ id: classroomBranches.classroomId })
        .from(classroomBranches)
        .where(inArray(classroomBranches.branchId, branchIds));
      return db
        .select({ id: classrooms.id, slug: classrooms.slug, name: classrooms.name })
        .from(classrooms)
        .where(and(eq(classrooms.institutionId, institutionId), inArray(classrooms.id, ids)))
        .orderBy(asc(classrooms.name));
    },

    async classroomBySlug(institutionId: number, slug: string) {
      const [row] = await db
        .select({ id: classrooms.id, slug: classrooms.slug, name: classrooms.name })
        .from(classrooms)
        .where(and(eq(classrooms.institutionId, institutionId), eq(classrooms.slug, slug)));
      return row;
    },
  };
}

export type LecturesRepository = ReturnType<typeof createLecturesRepository>;
