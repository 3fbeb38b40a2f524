import type { AttendanceRecord } from '@rollbook/contract';
import type { LiveStore } from '../../plugins/app/live-store';
import { audit } from '../../lib/audit';
import { attendanceWire } from '../../domain/attendance-wire';
import { createAttendanceRepository } from '../../domain/attendance.repository';
import { createLectureSessionsRepository } from '../../domain/lectures/lecture-sessions.repository';
import { createSessionAudience } from '../../domain/lectures/session-audience';
import type { ScheduledJob } from '../../domain/scheduled-jobs/scheduled-job';
import type { LiveRoom } from './live-room';

export const FORGOTTEN_SESSIONS_JOB_NAME = 'end-forgotten-sessions';

/**
 * Every night at 04:00 in the institution's zone, the sessions still `ongoing` from an earlier day
 * are ended as their teacher would have ended them: status `post`, everyone expected given a row
 * (absent unless marked), the live state cleared and any page still following it told. A session
 * the teacher forgot would otherwise stay live for good, counted as held with its unmarked students
 * absent, listed as ongoing in the history, and never correctable (corrections need an ended
 * session). Audited as `session.ended` with no actor and `automatically: true`.
 */
export function forgottenSessionsJob(deps: {
  liveStore: Pick<LiveStore, 'clearSession'>;
  room: Pick<LiveRoom, 'sessionEnded' | 'disconnectAll'>;
}): ScheduledJob {
  return {
    name: FORGOTTEN_SESSIONS_JOB_NAME,
    // Late enough that an evening lecture running past midnight has ended; before the first lecture.
    schedule: { every: 'day', atMinutes: 4 * 60 },
    async run({ tx, institution, periodKey, now }) {
      const sessions = createLectureSessionsRepository(tx);
      const audience = createSessionAudience(tx);
      const attendances = createAttendanceRepository(tx);
      const ended: Array<{ sessionId: string; records: AttendanceRecord[] }> = [];
      // `periodKey` is the date of the night's run: every session of a day before it is over.
      for (const session of await sessions.ongoingBefore(institution.id, periodKey)) {
        if (!(await sessions.endSession(session.id, now))) continue;
        await audit(tx, {
          institutionId: institution.id,
          actorProfileId: null,
          action: 'session.ended',
          entityType: 'lecture_session',
          entitySlug: session.sessionId,
          detail: { at: now.toISOString(), automatically: true, day: session.day },
        });
        await audience.fillAbsentRows({ ...session, status: 'post' });
        ended.push({
          sessionId: session.sessionId,
          records: (await attendances.attendances(session.id)).map(attendanceWire),
        });
      }
      return {
        summary: { ended: ended.length },
        afterCommit: async () => {
          for (const { sessionId, records } of ended) {
            await deps.liveStore.clearSession(sessionId);
            deps.room.sessionEnded(sessionId, records);
            deps.room.disconnectAll(sessionId);
          }
        },
      };
    },
  };
}
