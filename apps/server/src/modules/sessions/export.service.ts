import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/app-error';
import { csvDocument, numberCell, textCell } from '../../lib/csv';
import { zonedIsoString } from '../../lib/zoned-time';
import { createPeopleRepository } from '../../domain/people.repository';
import { createLectureSessionsRepository } from '../../domain/lectures/lecture-sessions.repository';
import { createAttendanceRepository } from '../../domain/attendance.repository';
import { createSessionAudience } from '../../domain/lectures/session-audience';
import { markStatus } from '../../domain/attendance-record';
import { sessionExportFileName, sessionLectureName } from './export-file-name';

/** The columns of `session_data.csv`, in order. */
export const EXPORT_HEADER = [
  'enrollment',
  'name',
  'present',
  'manual',
  'marking_time',
  'ncc',
  'magnitude',
  'similarity',
  'euclidean_distance',
  'gps_distance',
  'manual_request_comment',
  // Appended after the original columns, which stay where clients expect them: `present` says only
  // yes or no, so an excused absence (leave, on duty, medical) needs its own columns.
  'status',
  'excuse',
];

/**
 * `session_data.csv` of one session (§6.9): every student of the lecture, present or not, with the
 * proof-of-presence metrics, marking times in the institution's zone; the download name carries the
 * lecture and date. Only the lecture's teacher, or an admin of the lecture's branch, may
 * read it; another institution's session is not found.
 */
export function createExportService(deps: Pick<AppDeps, 'db'>) {
  const people = createPeopleRepository(deps.db);
  const sessionRepo = createLectureSessionsRepository(deps.db);
  const attendanceRepo = createAttendanceRepository(deps.db);

  return {
    async sessionCsv(auth: AuthContext, sessionId: string): Promise<{ csv: string; fileName: string }> {
      const session = await sessionRepo.sessionById(sessionId, auth.institutionId);
      if (!session) throw notFound('Session');
      if (auth.role === 'teacher') {
        const teacher = await people.teacherOfProfile(auth.profileId);
        if (!teacher || teacher.id !== session.teacherId) {
          throw forbidden("You're not the teacher of this lecture");
        }
      } else {
        const branchIds = await people.adminBranchIds(auth.profileId, auth.institutionId);
        if (!branchIds.includes(session.branchId)) throw notFound('Session');
      }
      await createSessionAudience(deps.db).fillAbsentRows(session);
      const rows = await attendanceRepo.attendances(session.id);
      // Times in the institution's zone, with its offset, so the file says which clock it uses.
      const timeZone = await people.institutionTimezone(auth.institutionId);
      const fileName = sessionExportFileName(await sessionLectureName(deps.db, session.id), session.day);
      const csv = csvDocument([
        EXPORT_HEADER,
        ...rows.map((r) => [
          textCell(r.enrollment),
          textCell(r.name ?? ''),
          r.isPresent ? 'yes' : 'no',
          r.manual ? 'yes' : 'no',
          r.markingTime ? zonedIsoString(r.markingTime, timeZone) : '',
          numberCell(r.ncc, 4),
          numberCell(r.magnitude, 8),
          numberCell(r.similarity, 2),
          numberCell(r.euclideanDistance, 4),
          numberCell(r.gpsDistance, 1),
          textCell(r.regulizationComment ?? ''),
          markStatus(r),
          r.excuse ?? '',
        ]),
      ]);
      return { csv, fileName };
    },
  };
}
