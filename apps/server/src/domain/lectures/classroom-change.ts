import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { dbTimeToMinutes, rangesOverlap, shortTime } from '../../lib/clock-time';
import { teacherDisplayName } from './lecture-wire';
import { createLecturesRepository, type LectureRow } from './lectures.repository';
import { createLectureSessionsRepository, type SessionRow } from './lecture-sessions.repository';
import { createPeopleRepository } from '../people.repository';

const span = (l: LectureRow) => ({ start: dbTimeToMinutes(l.startTime), end: dbTimeToMinutes(l.endTime) });

/**
 * Another lecture in `classroomId` overlapping `lecture` on `date` (a date of the lecture's
 * weekday). The room a lecture uses that day is its session's classroom when one was chosen, else
 * its own.
 */
export async function findRoomHolder(
  db: DbOrTx,
  institutionId: number,
  lecture: LectureRow,
  classroomId: number,
  date: string,
): Promise<LectureRow | undefined> {
  const lectureRepo = createLecturesRepository(db);
  const sessionRepo = createLectureSessionsRepository(db);
  const others = (await lectureRepo.institutionLecturesOn(institutionId, lecture.day)).filter(
    (o) => o.id !== lecture.id && rangesOverlap(span(o), span(lecture)),
  );
  if (others.length === 0) return undefined;
  const sessions = new Map(
    (
      await sessionRepo.sessionsOf(
        others.map((o) => o.id),
        date,
      )
    ).map((s) => [s.lectureId, s]),
  );
  return others.find((o) => (sessions.get(o.id)?.classroomFinalId ?? o.classroomId) === classroomId);
}

/** A checked move of one session to another classroom, ready to be written. */
export interface ClassroomChange {
  session: SessionRow;
  classroom: { id: number; slug: string; name: string };
  /** The lecture whose room is shared (a merge), if any. */
  holder: LectureRow | undefined;
  date: string;
}

/**
 * Checks moving the session of `lecture` on `date` to the classroom `classroomSlug`, writing
 * nothing, so a refusal leaves everything as it was. The rules of every classroom change (§6.7,
 * and the classroom a teacher picks when starting a session, §6.8):
 * - the classroom is in the caller's institution (404 otherwise);
 * - it is the lecture's own room or one the teacher is offered (§6.5: their branches' rooms), so
 *   a session cannot move to a room of an unrelated department (403 otherwise);
 * - the session has not ended (409);
 * - a room another lecture holds at that time is refused unless `merge` is set (409).
 * Answers null when the session already uses that classroom: nothing to change, and no clash with
 * a lecture that merged into our room.
 */
export async function checkClassroomChange(
  db: DbOrTx,
  auth: AuthContext,
  opts: { teacherId: number; lecture: LectureRow; classroomSlug: string; date: string; merge: boolean },
): Promise<ClassroomChange | null> {
  const { lecture, date } = opts;
  const people = createPeopleRepository(db);
  const lectureRepo = createLecturesRepository(db);
  const classroom = await lectureRepo.classroomBySlug(auth.institutionId, opts.classroomSlug);
  if (!classroom) throw notFound('Classroom');
  if (classroom.id !== lecture.classroomId) {
    const offered = await lectureRepo.classroomsOfBranches(
      auth.institutionId,
      await people.teacherBranchIds(opts.teacherId),
    );
    if (!offered.some((r) => r.id === classroom.id)) {
      throw forbidden(
        `${classroom.name} is not one of your departments' classrooms. Choose a classroom from the list.`,
      );
    }
  }
  const [session] = await createLectureSessionsRepository(db).openSessions([lecture.id], date);
  if (!session) throw new Error(`session of lecture ${lecture.id} on ${date} was not created`);
  if (session.status === 'post') {
    throw new AppError('conflict', 'This session has ended; its classroom can no longer be changed');
  }
  if ((session.classroomFinalId ?? lecture.classroomId) === classroom.id) return null;
  const holder = await findRoomHolder(db, auth.institutionId, lecture, classroom.id, date);
  if (holder && !opts.merge) {
    throw new AppError(
      'conflict',
      `${teacherDisplayName(holder)} (${holder.teacherCode}) already has ${holder.subjectName} in ${classroom.name} ` +
        `at ${shortTime(holder.startTime)}-${shortTime(holder.endTime)}. Choose to merge the lectures to share the room.`,
    );
  }
  return { session, classroom, holder, date };
}

/** Writes a checked change and its audit entry (inside the caller's transaction). */
export async function applyClassroomChange(
  tx: DbOrTx,
  auth: AuthContext,
  lecture: LectureRow,
  change: ClassroomChange,
): Promise<void> {
  await createLectureSessionsRepository(tx).setSessionClassroom(change.session.id, change.classroom.id);
  await audit(tx, {
    institutionId: auth.institutionId,
    actorProfileId: auth.profileId,
    action: change.holder ? 'session.classroom_merged' : 'session.classroom_changed',
    entityType: 'lecture_session',
    entitySlug: change.session.sessionId,
    detail: {
      lecture: lecture.slug,
      day: change.date,
      classroom: change.classroom.name,
      ...(change.holder ? { merged_with_lecture: change.holder.slug } : {}),
    },
  });
}
