import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessionExpectedStudentIds } from '../../db/queries/session-audience';
import {
  attendanceCorrections,
  attendances,
  profiles,
  students,
  type AttendanceExcuse,
  type AttendanceMark,
} from '../../db/schema';

/** What a session belongs to: a timetable lecture or an instant lecture (exactly one is set). */
export interface SessionLecture {
  lectureId: number | null;
  instantLectureId: number | null;
}

/** One expected student of a session with their mark (no attendance row: never marked). */
export interface SheetStudentRow {
  studentId: number;
  studentSlug: string;
  profileId: number;
  enrollment: string;
  name: string | null;
  attendanceId: number | null;
  isPresent: boolean | null;
  excuse: AttendanceExcuse | null;
  manual: boolean | null;
  markingTime: Date | null;
  correctedAt: Date | null;
  correctionCount: number;
}

/** One change of a mark, oldest first. */
export interface CorrectionRow {
  changedAt: Date;
  changedBy: string | null;
  before: AttendanceMark;
  after: AttendanceMark;
  reason: string;
}

/** A mark's effective status: an excuse makes it excused, else present or absent. */
export function markOf(row: { isPresent: boolean | null; excuse: AttendanceExcuse | null }): AttendanceMark {
  if (row.excuse) return { status: 'excused', excuse: row.excuse };
  return { status: row.isPresent ? 'present' : 'absent', excuse: null };
}

/** Queries of a held session's sheet and its corrections; no rules here. */
export function createSheetRepository(db: DbOrTx) {
  /** The students a session expects (db/queries/session-audience.ts), for the sheet's rows. */
  function expectedStudentIds(sessionRowId: number, lecture: SessionLecture) {
    return sql`${students.id} in ${sessionExpectedStudentIds(sessionRowId, lecture.lectureId, lecture.instantLectureId)}`;
  }

  function sheetRows(sessionRowId: number, lecture: SessionLecture, extra?: ReturnType<typeof eq>) {
    return db
      .select({
        studentId: students.id,
        studentSlug: students.slug,
        profileId: students.profileId,
        enrollment: students.enrollment,
        name: profiles.name,
        attendanceId: attendances.id,
        isPresent: attendances.isPresent,
        excuse: attendances.excuse,
        manual: attendances.manual,
        markingTime: attendances.markingTime,
        correctedAt: attendances.correctedAt,
        correctionCount: sql<number>`(select count(*) from ${attendanceCorrections} where ${attendanceCorrections.attendanceId} = ${attendances.id})::int`,
      })
      .from(students)
      .innerJoin(profiles, eq(profiles.id, students.profileId))
      .leftJoin(
        attendances,
        and(eq(attendances.studentId, students.id), eq(attendances.sessionId, sessionRowId)),
      )
      .where(and(expectedStudentIds(sessionRowId, lecture), extra))
      .orderBy(asc(students.enrollment));
  }

  return {
    /** Every expected student of a session, by enrollment. */
    async sheet(sessionRowId: number, lecture: SessionLecture): Promise<SheetStudentRow[]> {
      const rows = await sheetRows(sessionRowId, lecture);
      return rows.map((r) => ({ ...r, correctionCount: Number(r.correctionCount) }));
    },

    /** One expected student of a session by their public slug; undefined when not expected. */
    async sheetRowOf(
      sessionRowId: number,
      lecture: SessionLecture,
      studentSlug: string,
    ): Promise<SheetStudentRow | undefined> {
      const [row] = await sheetRows(sessionRowId, lecture, eq(students.slug, studentSlug));
      return row ? { ...row, correctionCount: Number(row.correctionCount) } : undefined;
    },

    /**
     * The student's attendance row in the session, created absent where missing, locked until the
     * transaction ends (two corrections of one mark run one after the other, each "before" true).
     */
    async lockedAttendance(sessionRowId: number, studentId: number) {
      await db
        .insert(attendances)
        .values({ sessionId: sessionRowId, studentId })
        .onConflictDoNothing({ target: [attendances.sessionId, attendances.studentId] });
      const [row] = await db
        .select({
          id: attendances.id,
          slug: attendances.slug,
          isPresent: attendances.isPresent,
          excuse: attendances.excuse,
        })
        .from(attendances)
        .where(and(eq(attendances.sessionId, sessionRowId), eq(attendances.studentId, studentId)))
        .for('update');
      if (!row) throw new Error(`attendance of student ${studentId} in session ${sessionRowId} missing`);
      return row;
    },

    /** Writes a corrected mark and its trail entry. */
    async applyCorrection(input: {
      attendanceId: number;
      changedBy: number;
      before: AttendanceMark;
      after: AttendanceMark;
      reason: string;
      at: Date;
    }): Promise<void> {
      const present = input.after.status === 'present';
      await db
        .update(attendances)
        .set({
          isPresent: present,
          excuse: input.after.excuse,
          correctedAt: input.at,
          // A correction is a staff decision: a late marking attempt must never override it.
          changedByTeacherAt: input.at,
          ...(present ? { manual: true } : {}),
        })
        .where(eq(attendances.id, input.attendanceId));
      await db.insert(attendanceCorrections).values({
        attendanceId: input.attendanceId,
        changedBy: input.changedBy,
        changedAt: input.at,
        before: input.before,
        after: input.after,
        reason: input.reason,
      });
    },

    /** The trail of one student's mark in a session, oldest first (empty when never corrected). */
    async trail(sessionRowId: number, studentId: number): Promise<CorrectionRow[]> {
      return db
        .select({
          changedAt: attendanceCorrections.changedAt,
          changedBy: profiles.name,
          before: attendanceCorrections.before,
          after: attendanceCorrections.after,
          reason: attendanceCorrections.reason,
        })
        .from(attendanceCorrections)
        .innerJoin(attendances, eq(attendances.id, attendanceCorrections.attendanceId))
        .leftJoin(profiles, eq(profiles.id, attendanceCorrections.changedBy))
        .where(and(eq(attendances.sessionId, sessionRowId), eq(attendances.studentId, studentId)))
        .orderBy(asc(attendanceCorrections.changedAt), asc(attendanceCorrections.id));
    },
  };
}

export type SheetRepository = ReturnType<typeof createSheetRepository>;
