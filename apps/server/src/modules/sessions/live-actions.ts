import type {
  AttendanceRecord,
  AttendanceUpdated,
  EndedSession,
  EndSessionBody,
  RegulizationRequestEntryBody,
  UpdateAttendanceBody,
} from '@rollbook/contract';
import type { AuthContext } from '../../lib/caller';
import { AppError, conflict } from '../../lib/app-error';
import type { LiveRoom } from './live-room';
import { NOTHING_APPROVED_MESSAGES } from './live-socket';
import type { SessionsService } from './sessions.service';

export interface LiveActionsDeps {
  service: SessionsService;
  room: LiveRoom;
}

/** An action's non-200 outcome as the HTTP error of the same status and sentence. */
function refusal(status: number, message: string): AppError {
  if (status === 404) return new AppError('not_found', message);
  return conflict(message);
}

/**
 * The teacher's live actions over HTTP (contract §13's slow-network path): the same rules, answers
 * and pushes as the socket's `update_attendance`, `regulization_request` and `session_ended`, for
 * the session's own teacher (403 otherwise, 404 outside their institution).
 */
export function createLiveActions(deps: LiveActionsDeps) {
  return {
    async updateAttendance(auth: AuthContext, body: UpdateAttendanceBody): Promise<AttendanceUpdated> {
      const session = await deps.service.ownSession(auth, body.session_id);
      const outcome = await deps.service.setPresence(auth, session, body.attendance_slug, body.action);
      if (outcome.status !== 200) throw refusal(outcome.status, outcome.message);
      deps.room.attendanceUpdated(session.sessionId, body.attendance_slug);
      return {
        session_id: session.sessionId,
        attendance_slug: body.attendance_slug,
        message: outcome.message,
      };
    },

    async approveRequests(
      auth: AuthContext,
      body: RegulizationRequestEntryBody,
    ): Promise<AttendanceRecord[]> {
      const session = await deps.service.ownSession(auth, body.session_id);
      const approved = await deps.service.approveRequests(auth, session, body.data);
      if (approved.length === 0) {
        throw conflict(
          session.status === 'ongoing'
            ? NOTHING_APPROVED_MESSAGES.nonePending
            : NOTHING_APPROVED_MESSAGES.notLive,
        );
      }
      deps.room.regulizationApproved(session.sessionId, approved);
      return approved;
    },

    /** Ends the session (again: the same final list); its sheets and streams are told and closed. */
    async endSession(auth: AuthContext, body: EndSessionBody): Promise<EndedSession> {
      const session = await deps.service.ownSession(auth, body.session_id);
      if (session.status === 'pre') throw conflict('This session has not been started yet');
      const final = await deps.service.end(auth, session);
      deps.room.sessionEnded(session.sessionId, final);
      deps.room.disconnectAll(session.sessionId);
      return { session_id: session.sessionId, active: 'post', marked_attendances: final };
    },
  };
}
