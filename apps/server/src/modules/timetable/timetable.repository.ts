import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  adminBranches,
  batches,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  divisions,
  institutions,
  lectureBatches,
  lectureSessions,
  lectures,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  students,
  batchStudents,
  teacherBranches,
  teachers,
  timetables,
  attendances,
} from '../../db/schema';
import { randomBytes } from 'node:crypto';
import type { Weekday } from './week';

/** The columns every lecture view needs, from one join of the lecture with its owners. */
const lectureColumns = {
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
  streamId: streams.id,
  streamSlug: streams.slug,
  streamTitle: streams.title,
  streamCode: streams.streamCode,
  branchId: branches.id,
  branchSlug: branches.slug,
  branchName: branches.name,
  teacherId: teachers.id,
  teacherSlug: teachers.slug,
  teacherCode: teachers.teacherCode,
  teacherName: profiles.name,
  teacherEmail: profiles.email,
  classroomId: classrooms.id,
  classroomSlug: classrooms.slug,
  classroomName: classrooms.name,
};

export type LectureRow = Awaited<
  ReturnType<ReturnType<typeof createTimetableRepository>['lectures']>
>[number];

/** One batch of a lecture, with its division (the wire shape embeds it). */
export interface LectureBatchRow {
  lectureId: number;
  slug: string;
  name: string;
  divisionSlug: string;
  divisionName: string;
  semesterNo: number;
}

/** The session of a lecture on one date, with the classroom actually used. */
export interface SessionRow {
  id: number;
  lectureId: number;
  sessionId: string;
  status: 'pre' | 'ongoing' | 'post';
  day: string;
  createdAt: Date;
  classroomFinalId: number | null;
  classroomFinalSlug: string | null;
  classroomFinalName: string | null;
}

/** A new public session id: 32 hex characters, opaque and unguessable. */
export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

/** Queries of the timetable module; no rules live here. */
export function createTimetableRepository(db: DbOrTx) {
  return {
    async institutionTimezone(institutionId: number): Promise<string> {
      const [row] = await db
        .select({ tz: institutions.timezone })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.tz ?? 'Asia/Kolkata';
    },

    async adminBranchIds(profileId: number, institutionId: number): Promise<number[]> {
      const rows = await db
        .select({ id: adminBranches.branchId })
        .from(adminBranches)
        .innerJoin(branches, eq(branches.id, adminBranches.branchId))
        .where(and(eq(adminBranches.profileId, profileId), eq(branches.institutionId, institutionId)));
      return rows.map((r) => r.id);
    },

    async teacherOfProfile(profileId: number) {
      const [row] = await db
        .select({ id: teachers.id, code: teachers.teacherCode, institutionId: teachers.institutionId })
        .from(teachers)
        .where(eq(teachers.profileId, profileId));
      return row;
    },

    async teacherBranchIds(teacherId: number): Promise<number[]> {
      const rows = await db
        .select({ id: teacherBranches.branchId })
        .from(teacherBranches)
        .where(eq(teacherBranches.teacherId, teacherId));
      return rows.map((r) => r.id);
    },

    async studentOfProfile(profileId: number) {
      const [row] = await db
        .select({ id: students.id, slug: students.slug, institutionId: students.institutionId })
        .from(students)
        .where(eq(students.profileId, profileId));
      return row;
    },

    async batchIdsOfStudent(studentId: number): Promise<number[]> {
      const rows = await db
        .select({ id: batchStudents.batchId })
        .from(batchStudents)
        .where(eq(batchStudents.studentId, studentId));
      return rows.map((r) => r.id);
    },

    /** Lectures with subject, semester, division, stream, branch, teacher and classroom, in time order. */
    lectures(where: SQL | undefined) {
      return db
        .select(lectureColumns)
        .from(lectures)
        .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
        .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .innerJoin(branches, eq(branches.id, streams.branchId))
        .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .innerJoin(teachers, eq(teachers.id, lectures.teacherId))
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .innerJoin(classrooms, eq(classrooms.id, lectures.classroomId))
        .where(where)
        .orderBy(asc(lectures.startTime), asc(lectures.endTime), asc(lectures.id));
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

    /**
     * Creates the missing sessions of some lectures on a date, in status `pre`. Idempotent and safe
     * under concurrency: the unique (lecture, day) key makes a second insert a no-op.
     */
    async ensureSessions(lectureIds: number[], day: string): Promise<void> {
      if (lectureIds.length === 0) return;
      await db
        .insert(lectureSessions)
        .values(
          lectureIds.map((lectureId) => ({
            lectureId,
            day,
            sessionId: newSessionId(),
            status: 'pre' as const,
          })),
        )
        .onConflictDoNothing({ target: [lectureSessions.lectureId, lectureSessions.day] });
    },

    async sessionsOf(lectureIds: number[], day: string): Promise<SessionRow[]> {
      if (lectureIds.length === 0) return [];
      return db
        .select({
          id: lectureSessions.id,
          lectureId: lectureSessions.lectureId,
          sessionId: lectureSessions.sessionId,
          status: lectureSessions.status,
          day: lectureSessions.day,
          createdAt: lectureSessions.createdAt,
          classroomFinalId: lectureSessions.classroomFinalId,
          classroomFinalSlug: classrooms.slug,
          classroomFinalName: classrooms.name,
        })
        .from(lectureSessions)
        .leftJoin(classrooms, eq(classrooms.id, lectureSessions.classroomFinalId))
        .where(and(inArray(lectureSessions.lectureId, lectureIds), eq(lectureSessions.day, day)));
    },

    /** Sessions (by internal id) in which the student is marked present. */
    async presentSessionIds(studentId: number, sessionIds: number[]): Promise<Set<number>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: attendances.sessionId })
        .from(attendances)
        .where(
          and(
            eq(attendances.studentId, studentId),
            inArray(attendances.sessionId, sessionIds),
            eq(attendances.isPresent, true),
          ),
        );
      return new Set(rows.map((r) => r.id));
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

    /** Streams of some branches (admin pickers). */
    async streamInBranches(slug: string, branchIds: number[]) {
      if (branchIds.length === 0) return undefined;
      const [row] = await db
        .select({ id: streams.id })
        .from(streams)
        .where(and(eq(streams.slug, slug), inArray(streams.branchId, branchIds)));
      return row;
    },

    divisionsOfStream(streamId: number) {
      return db
        .select({ slug: divisions.slug, name: divisions.name, semesterNo: semesters.no })
        .from(divisions)
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .where(eq(semesters.streamId, streamId))
        .orderBy(asc(semesters.no), asc(divisions.ordering), asc(divisions.name));
    },

    async divisionInBranches(slug: string, branchIds: number[]) {
      if (branchIds.length === 0) return undefined;
      const [row] = await db
        .select({ id: divisions.id, slug: divisions.slug, name: divisions.name, semesterNo: semesters.no })
        .from(divisions)
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .where(and(eq(divisions.slug, slug), inArray(streams.branchId, branchIds)));
      return row;
    },

    async timetableOfDivision(divisionId: number) {
      const [row] = await db
        .select({ id: timetables.id, slug: timetables.slug })
        .from(timetables)
        .where(eq(timetables.divisionId, divisionId));
      return row;
    },

    /** Sets the classroom a session actually uses. */
    async setSessionClassroom(sessionRowId: number, classroomId: number): Promise<void> {
      await db
        .update(lectureSessions)
        .set({ classroomFinalId: classroomId })
        .where(eq(lectureSessions.id, sessionRowId));
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
  };
}

export type TimetableRepository = ReturnType<typeof createTimetableRepository>;
