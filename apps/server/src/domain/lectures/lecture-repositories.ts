import type { DbOrTx } from '../../db/client';
import { createAttendanceRepository } from '../attendance.repository';
import { createPeopleRepository } from '../people.repository';
import { createLectureSessionsRepository } from './lecture-sessions.repository';
import { createLecturesRepository } from './lectures.repository';

/**
 * The repositories every lecture flow reads together (who the caller is, the lecture, its session,
 * its attendance rows), on one connection or transaction.
 */
export function createLectureRepositories(db: DbOrTx) {
  return {
    people: createPeopleRepository(db),
    lectureRepo: createLecturesRepository(db),
    sessionRepo: createLectureSessionsRepository(db),
    attendanceRepo: createAttendanceRepository(db),
  };
}
