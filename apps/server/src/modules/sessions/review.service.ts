import type { AttendanceReview, ReviewDecision } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { createLectureRepositories } from '../../domain/lectures/lecture-repositories';
import type { LiveSessionRow } from '../../domain/lectures/lecture-sessions.repository';
import { createAttendanceRepository, type AttendanceRow } from '../../domain/attendance.repository';
import { attendanceWire } from '../../domain/attendance-wire';
import type { LiveRoom } from './live-room';
import { reasonTexts } from './marking-messages';
import { readRecording } from './review-recordings';

export interface ReviewServiceDeps extends Pick<AppDeps, 'db' | 'clock' | 'mediaDir'> {
  room: LiveRoom;
}

/** Where a reviewed row stands: undecided, or the teacher's decision (accept or reject, or a toggle). */
function reviewStatus(row: AttendanceRow): AttendanceReview['status'] {
  if (row.changedByTeacherAt === null && !row.isPresent) return 'pending';
  return row.isPresent ? 'accepted' : 'rejected';
}

function reviewWire(row: AttendanceRow): AttendanceReview {
  const reasons = row.reasons ?? [];
  return {
    attendance: attendanceWire(row),
    reasons,
    reason_texts: reasonTexts(reasons),
    has_recording: row.recordingPath !== null,
    status: reviewStatus(row),
  };
}

/**
 * The teacher's review of attendances the server could not judge (verdict `needs_review`): the
 * list with reasons in plain words, the student's recording, and the decision (accept → present,
 * reject → absent), on a live or an ended session. Only the session's own teacher: anyone else,
 * another teacher of the institution included, gets 404 and learns nothing.
 */
export function createReviewService(deps: ReviewServiceDeps) {
  const { people, sessionRepo, attendanceRepo } = createLectureRepositories(deps.db);

  async function ownSession(auth: AuthContext, sessionId: string): Promise<LiveSessionRow> {
    const [session, teacher] = await Promise.all([
      sessionRepo.sessionById(sessionId, auth.institutionId),
      people.teacherOfProfile(auth.profileId),
    ]);
    if (!session || !teacher || session.teacherId !== teacher.id) throw notFound('Session');
    return session;
  }

  async function reviewedRow(session: LiveSessionRow, attendanceSlug: string): Promise<AttendanceRow> {
    const row = await attendanceRepo.attendanceBySlug(session.id, attendanceSlug);
    if (!row || row.verdict !== 'needs_review') throw notFound('Attendance under review');
    return row;
  }

  return {
    async list(auth: AuthContext, sessionId: string): Promise<AttendanceReview[]> {
      const session = await ownSession(auth, sessionId);
      return (await attendanceRepo.reviewAttendances(session.id)).map(reviewWire);
    },

    /** The recording's WAV bytes; 404 when the row is not under review or the file is gone. */
    async recording(auth: AuthContext, sessionId: string, attendanceSlug: string): Promise<Uint8Array> {
      const row = await reviewedRow(await ownSession(auth, sessionId), attendanceSlug);
      const wav = row.recordingPath ? await readRecording(deps.mediaDir, row.recordingPath) : null;
      if (!wav) throw notFound('Recording');
      return wav;
    },

    /**
     * Accepts (present) or rejects (absent) a row waiting for review, audited with the teacher's
     * name. A row decided meanwhile (a toggle, a second click, a later attempt the server could
     * judge) is a 409 and nothing changes. A live session's sheets get the row: an accepted one as
     * a mark (every sheet, the original client's too), a rejected one only on sheets that show
     * refused attempts.
     */
    async resolve(
      auth: AuthContext,
      sessionId: string,
      attendanceSlug: string,
      decision: ReviewDecision,
    ): Promise<AttendanceReview> {
      const session = await ownSession(auth, sessionId);
      const row = await reviewedRow(session, attendanceSlug);
      const present = decision === 'accept';
      const now = deps.clock.now();
      const changed = await deps.db.transaction(async (tx) => {
        if (!(await createAttendanceRepository(tx).resolveReview(row.id, present, now))) return false;
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: present ? 'attendance.review_accepted' : 'attendance.review_rejected',
          entityType: 'attendance',
          entitySlug: row.slug,
          detail: {
            session: session.sessionId,
            student: row.enrollment,
            teacher: auth.name ?? auth.email,
            reasons: row.reasons ?? [],
            at: now.toISOString(),
          },
        });
        return true;
      });
      if (!changed) throw new AppError('conflict', 'This attendance was already decided');
      const updated = (await attendanceRepo.attendanceBySlug(session.id, attendanceSlug))!;
      if (session.status === 'ongoing') deps.room.markAttendance(session.sessionId, attendanceWire(updated));
      return reviewWire(updated);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
