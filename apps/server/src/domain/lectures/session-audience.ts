import type { DbOrTx } from '../../db/client';
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
    studentIds(session: Pick<LiveSessionRow, 'lectureId' | 'instantLectureId'>): Promise<number[]> {
      if (session.instantLectureId !== null) return instantRepo.audienceStudentIds(session.instantLectureId);
      return lectureRepo.studentIdsOfLecture(session.lectureId!);
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
     * none, before the session's rows are read as its sheet (the final attendance, the export). A
     * student who joined a batch after the session started has no row, yet the record counts them
     * absent (record-0001); written out, the export and the record tell the same story. Absent rows
     * change no figure of the record (an expected student's held count comes from the lecture).
     */
    async fillAbsentRows(
      session: Pick<LiveSessionRow, 'id' | 'lectureId' | 'instantLectureId' | 'status'>,
    ): Promise<void> {
      if (session.status === 'pre') return;
      await createAttendanceRepository(db).ensureAttendances(session.id, await this.studentIds(session));
    },
  };
}
