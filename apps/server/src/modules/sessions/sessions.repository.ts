import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  attendances,
  batchStudents,
  classrooms,
  divisions,
  lectureBatches,
  lectureSessions,
  lectures,
  profiles,
  semesters,
  streams,
  students,
  timetables,
} from '../../db/schema';
import type { DbOrTx } from '../../db/client';

/** A session with what the live flow needs: its lecture, institution and the classroom in use. */
export interface LiveSessionRow {
  id: number;
  sessionId: string;
  lectureId: number;
  lectureSlug: string;
  teacherId: number;
  institutionId: number;
  branchId: number;
  day: string;
  status: 'pre' | 'ongoing' | 'post';
  createdAt: Date;
  audioPath: string | null;
  toneParams: unknown;
  classroom: { name: string; latitude: number; longitude: number; radiusM: number };
}

/** One attendance row joined with its student, as the wire needs it. */
export interface AttendanceRow {
  id: number;
  slug: string;
  studentId: number;
  studentSlug: string;
  enrollment: string;
  name: string | null;
  email: string;
  isPresent: boolean;
  manual: boolean;
  markingTime: Date | null;
  gpsDistance: number | null;
  similarity: number | null;
  euclideanDistance: number | null;
  ncc: number | null;
  magnitude: number | null;
  regulizationStatus: 'pending' | 'approved' | 'rejected' | null;
  regulizationComment: string | null;
  changedByTeacherAt: Date | null;
  deviceId: string | null;
}

const attendanceColumns = {
  id: attendances.id,
  slug: attendances.slug,
  studentId: attendances.studentId,
  studentSlug: students.slug,
  enrollment: students.enrollment,
  name: profiles.name,
  email: profiles.email,
  isPresent: attendances.isPresent,
  manual: attendances.manual,
  markingTime: attendances.markingTime,
  gpsDistance: attendances.gpsDistance,
  similarity: attendances.similarity,
  euclideanDistance: attendances.euclideanDistance,
  ncc: attendances.ncc,
  magnitude: attendances.magnitude,
  regulizationStatus: attendances.regulizationStatus,
  regulizationComment: attendances.regulizationComment,
  changedByTeacherAt: attendances.changedByTeacherAt,
  deviceId: attendances.deviceId,
};

/** Queries of the sessions module; rules live in the services. */
export function createSessionsRepository(db: DbOrTx) {
  // The classroom in use is the session's chosen one, else the lecture's own.
  const roomId = sql`coalesce(${lectureSessions.classroomFinalId}, ${lectures.classroomId})`;

  function liveSessions() {
    return db
      .select({
        id: lectureSessions.id,
        sessionId: lectureSessions.sessionId,
        lectureId: lectureSessions.lectureId,
        lectureSlug: lectures.slug,
        teacherId: lectures.teacherId,
        institutionId: semesters.institutionId,
        branchId: streams.branchId,
        day: lectureSessions.day,
        status: lectureSessions.status,
        createdAt: lectureSessions.createdAt,
        audioPath: lectureSessions.audioPath,
        toneParams: lectureSessions.toneParams,
        classroomName: classrooms.name,
        latitude: classrooms.latitude,
        longitude: classrooms.longitude,
        radiusM: classrooms.radiusM,
      })
      .from(lectureSessions)
      .innerJoin(lectures, eq(lectures.id, lectureSessions.lectureId))
      .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
      .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
      .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
      .innerJoin(streams, eq(streams.id, semesters.streamId))
      .innerJoin(classrooms, eq(classrooms.id, roomId));
  }

  type Raw = Awaited<ReturnType<typeof liveSessions>>[number];
  const toRow = (r: Raw): LiveSessionRow => ({
    id: r.id,
    sessionId: r.sessionId,
    lectureId: r.lectureId,
    lectureSlug: r.lectureSlug,
    teacherId: r.teacherId,
    institutionId: r.institutionId,
    branchId: r.branchId,
    day: r.day,
    status: r.status,
    createdAt: r.createdAt,
    audioPath: r.audioPath,
    toneParams: r.toneParams,
    classroom: { name: r.classroomName, latitude: r.latitude, longitude: r.longitude, radiusM: r.radiusM },
  });

  return {
    /** A session by its public id, only inside one institution. */
    async sessionById(sessionId: string, institutionId: number): Promise<LiveSessionRow | undefined> {
      const [row] = await liveSessions().where(
        and(eq(lectureSessions.sessionId, sessionId), eq(semesters.institutionId, institutionId)),
      );
      return row ? toRow(row) : undefined;
    },

    /** The session of a lecture on a date. */
    async sessionOfLecture(lectureId: number, day: string): Promise<LiveSessionRow | undefined> {
      const [row] = await liveSessions().where(
        and(eq(lectureSessions.lectureId, lectureId), eq(lectureSessions.day, day)),
      );
      return row ? toRow(row) : undefined;
    },

    /** Session rows whose tone file is `audioPath` (serving tones on any instance). */
    async toneParamsByAudioPath(audioPath: string): Promise<unknown> {
      const [row] = await db
        .select({ toneParams: lectureSessions.toneParams })
        .from(lectureSessions)
        .where(eq(lectureSessions.audioPath, audioPath));
      return row?.toneParams;
    },

    /** Moves a `pre` session to `ongoing` with its tone; false if it was not `pre` any more. */
    async startSession(id: number, audioPath: string, toneParams: unknown, at: Date): Promise<boolean> {
      const rows = await db
        .update(lectureSessions)
        .set({ status: 'ongoing', audioPath, toneParams, startedAt: at })
        .where(and(eq(lectureSessions.id, id), eq(lectureSessions.status, 'pre')))
        .returning({ id: lectureSessions.id });
      return rows.length > 0;
    },

    /** Moves an `ongoing` session to `post`; false if it was not ongoing. */
    async endSession(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(lectureSessions)
        .set({ status: 'post', endedAt: at })
        .where(and(eq(lectureSessions.id, id), eq(lectureSessions.status, 'ongoing')))
        .returning({ id: lectureSessions.id });
      return rows.length > 0;
    },

    /** Students of a lecture: everyone in any of its batches. */
    async studentIdsOfLecture(lectureId: number): Promise<number[]> {
      const rows = await db
        .select({ id: batchStudents.studentId })
        .from(batchStudents)
        .innerJoin(lectureBatches, eq(lectureBatches.batchId, batchStudents.batchId))
        .where(eq(lectureBatches.lectureId, lectureId));
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

    /** One absent attendance row per student (existing rows are kept as they are). */
    async ensureAttendances(sessionRowId: number, studentIds: number[]): Promise<void> {
      if (studentIds.length === 0) return;
      await db
        .insert(attendances)
        .values(studentIds.map((studentId) => ({ sessionId: sessionRowId, studentId })))
        .onConflictDoNothing({ target: [attendances.sessionId, attendances.studentId] });
    },

    async countAttendances(sessionRowId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(attendances)
        .where(eq(attendances.sessionId, sessionRowId));
      return Number(row?.n ?? 0);
    },

    /** Attendance rows of a session, by enrollment; `filter` narrows them. */
    attendances(sessionRowId: number, filter?: ReturnType<typeof and>): Promise<AttendanceRow[]> {
      return db
        .select(attendanceColumns)
        .from(attendances)
        .innerJoin(students, eq(students.id, attendances.studentId))
        .innerJoin(profiles, eq(profiles.id, students.profileId))
        .where(and(eq(attendances.sessionId, sessionRowId), filter))
        .orderBy(asc(students.enrollment));
    },

    /** Rows the teacher's sheet lists: a marking attempt, a teacher decision, or an approval. */
    markedAttendances(sessionRowId: number): Promise<AttendanceRow[]> {
      return this.attendances(
        sessionRowId,
        or(
          isNotNull(attendances.markingTime),
          isNotNull(attendances.changedByTeacherAt),
          eq(attendances.isPresent, true),
        ),
      );
    },

    /** Requests still waiting for the teacher: a student marked meanwhile has nothing to approve. */
    pendingRequests(sessionRowId: number): Promise<AttendanceRow[]> {
      return this.attendances(
        sessionRowId,
        and(eq(attendances.regulizationStatus, 'pending'), eq(attendances.isPresent, false)),
      );
    },

    async attendanceOfStudent(sessionRowId: number, studentId: number): Promise<AttendanceRow | undefined> {
      const [row] = await this.attendances(sessionRowId, eq(attendances.studentId, studentId));
      return row;
    },

    async attendanceBySlug(sessionRowId: number, slug: string): Promise<AttendanceRow | undefined> {
      const [row] = await this.attendances(sessionRowId, eq(attendances.slug, slug));
      return row;
    },

    attendancesBySlugs(sessionRowId: number, slugs: string[]): Promise<AttendanceRow[]> {
      if (slugs.length === 0) return Promise.resolve([]);
      return this.attendances(sessionRowId, inArray(attendances.slug, slugs));
    },

    /** The student holding a device in a session, if any. */
    async deviceHolder(sessionRowId: number, deviceId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ studentId: attendances.studentId })
        .from(attendances)
        .where(and(eq(attendances.sessionId, sessionRowId), eq(attendances.deviceId, deviceId)));
      return row?.studentId;
    },

    /**
     * Stores a verified marking attempt on a row that is not present and that the teacher has not
     * decided (`changed_by_teacher_at` is set by every toggle and approval: the teacher overrides
     * the verdict, never the reverse); false when either changed meanwhile (a parallel request won,
     * or the teacher decided while the recording was being verified).
     */
    async recordAttempt(
      attendanceId: number,
      values: Partial<typeof attendances.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(attendances)
        .set(values)
        .where(
          and(
            eq(attendances.id, attendanceId),
            eq(attendances.isPresent, false),
            isNull(attendances.changedByTeacherAt),
          ),
        )
        .returning({ id: attendances.id });
      return rows.length > 0;
    },

    /**
     * Files a manual request on a row that is not present and has none pending; false when the
     * row was marked or a request filed meanwhile (the caller read it before), storing nothing.
     */
    async fileManualRequest(attendanceId: number, comment: string): Promise<boolean> {
      const rows = await db
        .update(attendances)
        .set({ regulizationStatus: 'pending', regulizationComment: comment })
        .where(
          and(
            eq(attendances.id, attendanceId),
            eq(attendances.isPresent, false),
            or(isNull(attendances.regulizationStatus), ne(attendances.regulizationStatus, 'pending')),
          ),
        )
        .returning({ id: attendances.id });
      return rows.length > 0;
    },

    /** Teacher toggle: applies only if the stored value differs; false when nothing changed. */
    async setPresence(attendanceId: number, present: boolean, at: Date): Promise<boolean> {
      const rows = await db
        .update(attendances)
        .set({
          isPresent: present,
          manual: true,
          changedByTeacherAt: at,
          ...(present ? { markingTime: sql`coalesce(${attendances.markingTime}, ${at.toISOString()})` } : {}),
        })
        .where(and(eq(attendances.id, attendanceId), eq(attendances.isPresent, !present)))
        .returning({ id: attendances.id });
      return rows.length > 0;
    },

    /**
     * Approves pending manual requests among `ids` on rows still absent (a student marked after
     * asking keeps their verified, non-manual mark); answers the ids it approved.
     */
    async approveRequests(ids: number[], at: Date): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(attendances)
        .set({
          isPresent: true,
          manual: true,
          regulizationStatus: 'approved',
          changedByTeacherAt: at,
          markingTime: sql`coalesce(${attendances.markingTime}, ${at.toISOString()})`,
        })
        .where(
          and(
            inArray(attendances.id, ids),
            eq(attendances.regulizationStatus, 'pending'),
            eq(attendances.isPresent, false),
          ),
        )
        .returning({ id: attendances.id });
      return rows.map((r) => r.id);
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
