import { and, eq, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessionExpectedStudentIds } from '../../db/queries/session-audience';
import { attendances, students } from '../../db/schema';
import { createAttendanceRepository } from '../attendance.repository';
import { createInstantLecturesRepository } from './instant-lectures.repository';
import type { LiveSessionRow } from './lecture-sessions.repository';
import { createLecturesRepository } from './lectures.repository';

// A session row has exactly one of lectureId and instantLectureId (a CHECK constraint), so a
// session without an instant lecture has a lecture.

/**
 * Who is expected at a session: the students of a timetable lecture's batches, or an instant
 * lecture's audience (its batches, or whole divisions where no batch was chosen).
 */
export function createSessionAudience(db: DbOrTx) {
  const lectureRepo = createLecturesRepository(db);
  const instantRepo = createInstantLecturesRepository(db);
  return {
    /** The students the session of its day expects (their memberships then, at the college then). */
    studentIds(session: Pick<LiveSessionRow, 'lectureId' | 'instantLectureId' | 'day'>): Promise<number[]> {
      if (session.instantLectureId !== null)
        return instantRepo.audienceStudentIds(session.instantLectureId, session.day);
      return lectureRepo.studentIdsOfLecture(session.lectureId!, session.day);
    },

    includes(
      session: Pick<LiveSessionRow, 'lectureId' | 'instantLectureId'>,
      studentId: number,
    ): Promise<boolean> {
      if (session.instantLectureId !== null)
        return instantRepo.isInAudience(session.instantLectureId, studentId);
      return lectureRepo.isStudentOfLecture(session.lectureId!, studentId);
    },

    /**
     * Gives every expected student of a started session an attendance row, absent where they had
     * none, before the session's rows are read as its final list (the end of the session, the
     * final attendance, the CSV). Rows are made for everyone expected when a session starts, so
     * only a student who joined one of its batches later lacks one; the record already counts them
     * absent (record-0001), and written out, every list of the session tells the same story. The
     * row then stays a mark of theirs, as the rows of everyone who was expected at the start do if
     * they later leave the batch. Reads first: nothing is written when nobody is missing.
     */
    async fillAbsentRows(
      session: Pick<LiveSessionRow, 'id' | 'lectureId' | 'instantLectureId' | 'status'>,
    ): Promise<void> {
      if (session.status === 'pre') return;
      const expected = sessionExpectedStudentIds(session.id, session.lectureId, session.instantLectureId);
      const missing = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            sql`${students.id} in ${expected}`,
            notExists(
              db
                .select({ id: attendances.id })
                .from(attendances)
                .where(and(eq(attendances.sessionId, session.id), eq(attendances.studentId, students.id))),
            ),
          ),
        );
      await createAttendanceRepository(db).ensureAttendances(
        session.id,
        missing.map((row) => row.id),
      );
    },
  };
}
