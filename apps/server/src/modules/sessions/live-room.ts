import {
  clientErrorMessage,
  socketMessage,
  SSE_TYPES,
  type AttendanceRecord,
  type OngoingSession,
  type ServerToClientEvents,
} from '@rollbook/contract';
import type { ClientNamespace } from '../../plugins/app/io';
import type { SessionFeed } from './live-feed';

/** The socket.io room of a live session; the teacher's sheet joins it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The room of the sheets that asked for refused marking attempts too (`refused_attempts` on
 * `socket_connection`: our web app). They are in `sessionRoom` as well.
 */
export const refusedAttemptsRoom = (sessionId: string) => `session:${sessionId}:refused`;

/**
 * Pushes live-session events to a session's room and to its Server-Sent Events streams (the
 * slow-network path, contract §13). Through the Redis adapter an event raised on one instance
 * reaches the teacher connected to any other, by socket or by stream.
 */
export interface LiveRoom {
  /**
   * A verified marking attempt. A present one goes to every sheet, as §6.2 pushes it; a refused
   * one only to the sheets that asked for refused attempts.
   */
  markAttendance(sessionId: string, record: AttendanceRecord): void;
  regulizationRequest(sessionId: string, record: AttendanceRecord): void;
  /**
   * The teacher changed a student's presence. The socket that asked is answered on its own; the
   * streams hear it as §13's `update_attendace` (sic), whichever way the change was asked for.
   */
  attendanceUpdated(sessionId: string, attendanceSlug: string): void;
  regulizationApproved(sessionId: string, records: AttendanceRecord[]): void;
  sessionEnded(sessionId: string, records: AttendanceRecord[]): void;
  /** Closes every socket of the session (after it ended). */
  disconnectAll(sessionId: string): void;
  /**
   * Sends one socket, wherever it is connected, the `client_error` the sheet closes on, then
   * disconnects it (contract §8.1: the server disconnects after any `client_error`).
   */
  closeSocket(socketId: string, status: number, text: string): void;
}

export function createLiveRoom(ns: () => ClientNamespace, feed: SessionFeed): LiveRoom {
  const emit = <E extends keyof ServerToClientEvents>(
    sessionId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) =>
    ns()
      .to(sessionRoom(sessionId))
      .emit(event, ...args);
  return {
    markAttendance(sessionId, record) {
      const room = record.is_present ? sessionRoom(sessionId) : refusedAttemptsRoom(sessionId);
      ns()
        .to(room)
        .emit('mark_attendance', socketMessage('mark_attendance', { attendance_data: record }));
      feed.publish(sessionId, {
        message: { status_code: 200, type: SSE_TYPES.attendanceMarked, data: { attendance_data: record } },
        refusedAttempt: !record.is_present,
      });
    },
    regulizationRequest(sessionId, record) {
      feed.publish(sessionId, {
        message: { status_code: 200, type: SSE_TYPES.regulizationRequest, data: { attendance_data: record } },
        refusedAttempt: false,
      });
      emit(
        sessionId,
        'regulization_request',
        socketMessage('regulization_request', {
          session_id: sessionId,
          status: true as const,
          data: { attendance_data: record },
        }),
      );
    },
    attendanceUpdated(sessionId, attendanceSlug) {
      feed.publish(sessionId, {
        message: { status_code: 200, type: SSE_TYPES.attendanceUpdated, data: attendanceSlug },
        refusedAttempt: false,
      });
    },
    regulizationApproved(sessionId, records) {
      feed.publish(sessionId, {
        message: { status_code: 200, type: SSE_TYPES.regulizationApproved, data: records },
        refusedAttempt: false,
      });
      emit(
        sessionId,
        'regulization_approved',
        socketMessage('regulization_approved', {
          session_id: sessionId,
          status: true as const,
          data: records,
        }),
      );
    },
    sessionEnded(sessionId, records) {
      // Not a §13 type: a non-200 status, on which the later client aborts its stream.
      feed.publish(sessionId, {
        message: {
          status_code: 409,
          type: SSE_TYPES.sessionEnded,
          data: { session_id: sessionId, active: 'post', marked_attendances: records },
        },
        refusedAttempt: false,
      });
      emit(
        sessionId,
        'session_ended',
        socketMessage('session_ended', {
          session_id: sessionId,
          status: true as const,
          data: { session_id: sessionId, active: 'post' as const, marked_attendances: records },
        }),
      );
    },
    disconnectAll(sessionId) {
      ns().in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    closeSocket(socketId, status, text) {
      // Every socket is in a room named by its id. With the Redis adapter both calls are published
      // in this order on one connection, so a remote instance delivers the error before closing.
      ns().to(socketId).emit('client_error', clientErrorMessage(status, text));
      ns().in(socketId).disconnectSockets(true);
    },
  };
}

/** The `ongoing_session_data` message for one socket. */
export function ongoingSessionMessage(session: OngoingSession) {
  return socketMessage('ongoing_session_data', {
    session_id: session.session_id,
    status: true as const,
    data: session,
  });
}
