import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import {
  attendances,
  auditLog,
  profiles,
  students,
  type AttendanceExcuse,
  type AttendanceVerdict,
} from '../db/schema';
import type { AuditEntry } from '../lib/audit';

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
  /** Set when a correction excused the absence (leave, on duty, medical). */
  excuse: AttendanceExcuse | null;
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
  verdict: AttendanceVerdict | null;
  reasons: string[] | null;
  /** The student's recording kept for the teacher's review (media folder), or null. */
  recordingPath: string | null;
}

export const attendanceColumns = {
  id: attendances.id,
  slug: attendances.slug,
  studentId: attendances.studentId,
  studentSlug: students.slug,
  enrollment: students.enrollment,
  name: profiles.name,
  email: profiles.email,
  isPresent: attendances.isPresent,
  excuse: attendances.excuse,
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
  verdict: attendances.verdict,
  reasons: attendances.reasons,
  recordingPath: attendances.recordingPath,
};

/** The attendance row's own columns, without its student's (which a marking never changes). */
export type AttendanceOwnColumns = Omit<AttendanceRow, 'studentSlug' | 'enrollment' | 'name' | 'email'>;

const {
  studentSlug: _slug,
  enrollment: _enrollment,
  name: _name,
  email: _email,
  ...ownColumns
} = attendanceColumns;

/**
 * What storing a marking attempt did (see `recordAuditedAttempt`); a stored attempt comes with the row's
 * own columns as written, so the caller pushes it without reading it again (sessions-0012).
 */
export type AttemptOutcome =
  { kind: 'stored'; row: AttendanceOwnColumns } | { kind: 'changed_meanwhile' } | { kind: 'device_taken' };

/** Who may still store an attempt on a row: not present, and not decided by the teacher. */
const openToAttempts = (attendanceId: number) =>
  and(
    eq(attendances.id, attendanceId),
    eq(attendances.isPresent, false),
    isNull(attendances.changedByTeacherAt),
  );

/**
 * Stores a verified marking attempt with its audit entry, on a row that is not present and that
 * the teacher has not decided (`changed_by_teacher_at` is set by every toggle and approval: the
 * teacher overrides the verdict, never the reverse). `changed_meanwhile` when either changed since
 * it was read (a parallel request won, or the teacher decided while the recording was being
 * verified); `device_taken` when the (session, device) key holds another student's attempt.
 *
 * One statement (docs/decisions/sessions-0014): the UPDATE and an INSERT into the audit trail of
 * one entry per updated row, as data-modifying CTEs, which PostgreSQL runs atomically without a
 * transaction around them: one round trip instead of four (BEGIN, UPDATE, INSERT, COMMIT). Nothing
 * is audited when nothing was stored.
 */
export async function recordAuditedAttempt(
  db: Db,
  attendanceId: number,
  values: Partial<typeof attendances.$inferInsert>,
  entry: AuditEntry,
): Promise<AttemptOutcome> {
  const updated = db
    .$with('updated')
    .as(db.update(attendances).set(values).where(openToAttempts(attendanceId)).returning(ownColumns));
  const column = (c: { name: string }) => sql.identifier(c.name);
  const audited = db.$with('audited', {}).as(sql`
    insert into ${auditLog} (${column(auditLog.institutionId)}, ${column(auditLog.actorProfileId)},
      ${column(auditLog.action)}, ${column(auditLog.entityType)}, ${column(auditLog.entitySlug)},
      ${column(auditLog.detail)})
    select ${entry.institutionId}::integer, ${entry.actorProfileId}::integer, ${entry.action}::text,
      ${entry.entityType}::text, ${entry.entitySlug ?? null}::text,
      ${entry.detail === undefined ? null : JSON.stringify(entry.detail)}::jsonb
    from ${sql.identifier('updated')}`);
  try {
    const rows = await db.with(updated, audited).select().from(updated);
    return rows[0] ? { kind: 'stored', row: rows[0] } : { kind: 'changed_meanwhile' };
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'device_taken' };
    throw err;
  }
}

/** Attendance rows of lecture sessions: one per student and session; no rules here. */
export function createAttendanceRepository(db: DbOrTx) {
  return {
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

    /** Rows the server sent to the teacher's review, pending or resolved, by enrollment. */
    reviewAttendances(sessionRowId: number): Promise<AttendanceRow[]> {
      return this.attendances(sessionRowId, eq(attendances.verdict, 'needs_review'));
    },

    /**
     * The teacher's decision on a row sent to review: present (accept) or absent (reject), as a
     * teacher's decision (`manual`, `changed_by_teacher_at`), only while it is still undecided; false
     * when the row is not waiting for review (resolved, toggled, or marked by a later attempt).
     */
    async resolveReview(attendanceId: number, present: boolean, at: Date): Promise<boolean> {
      const rows = await db
        .update(attendances)
        .set({
          isPresent: present,
          manual: true,
          changedByTeacherAt: at,
          ...(present ? { markingTime: sql`coalesce(${attendances.markingTime}, ${at.toISOString()})` } : {}),
        })
        .where(
          and(
            eq(attendances.id, attendanceId),
            eq(attendances.verdict, 'needs_review'),
            eq(attendances.isPresent, false),
            isNull(attendances.changedByTeacherAt),
          ),
        )
        .returning({ id: attendances.id });
      return rows.length > 0;
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
  };
}

export type AttendanceRepository = ReturnType<typeof createAttendanceRepository>;
