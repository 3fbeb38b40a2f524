import type { AttendanceRecord, EndedSession, OngoingSession } from '@rollbook/contract';

/** The sheet's live state. */
export interface LiveSessionState {
  /** `connecting` until the first `ongoing_session_data`; `ended` after `session_ended`. */
  phase: 'closed' | 'connecting' | 'live' | 'ended';
  lectureSlug: string | null;
  sessionId: string | null;
  studentCount: number;
  /** The Default tab: newest first. */
  marked: AttendanceRecord[];
  /** The Manual tab: waiting manual-marking requests, newest first. */
  requests: AttendanceRecord[];
  /**
   * Everyone expected at the session as last read (marked or not), by enrolment: the "Not marked"
   * tab is those of them without a row in `marked` (see `unmarkedStudents`).
   */
  audience: AttendanceRecord[];
  /**
   * The connection dropped and is being made again; the next `ongoing_session_data` rebuilds the
   * sheet from the server (contract §13 "Robust reconnection").
   */
  reconnecting: boolean;
  /** The link is too slow for audio: the sheet follows over Server-Sent Events (contract §13). */
  slowNetwork: boolean;
}

export type LiveSessionAction =
  | { type: 'opened'; lectureSlug: string; sessionId: string }
  | { type: 'ongoingData'; session: OngoingSession }
  | { type: 'attendanceMarked'; record: AttendanceRecord }
  | { type: 'attendanceToggled'; attendanceSlug: string }
  | { type: 'audienceLoaded'; records: AttendanceRecord[] }
  | { type: 'requestReceived'; record: AttendanceRecord }
  | { type: 'requestsApproved'; records: AttendanceRecord[] }
  | { type: 'requestRejected'; attendanceSlug: string }
  | { type: 'ended'; session: EndedSession }
  | { type: 'connectionLost' }
  | { type: 'slowNetwork' }
  | { type: 'closed' };

export const CLOSED_SESSION: LiveSessionState = {
  phase: 'closed',
  lectureSlug: null,
  sessionId: null,
  studentCount: 0,
  marked: [],
  requests: [],
  audience: [],
  reconnecting: false,
  slowNetwork: false,
};

function withoutSlugs(records: readonly AttendanceRecord[], slugs: ReadonlySet<string>): AttendanceRecord[] {
  return records.filter((record) => !slugs.has(record.slug));
}

/**
 * The sheet's reducer (product spec §4 "Live session"). A row that arrives twice (a reconnect
 * replays the state, a student's request is approved) replaces the old one instead of doubling it;
 * the state after a reconnect is the server's, whole, so nothing missed meanwhile stays missing.
 */
/** The "Not marked" tab: expected students with no row on the Default tab, by enrolment. */
export function unmarkedStudents(
  state: Pick<LiveSessionState, 'marked' | 'audience' | 'requests'>,
): AttendanceRecord[] {
  // A student who asked for a manual mark is on the Manual list already, where the teacher decides.
  const listed = new Set([...state.marked, ...state.requests].map((record) => record.slug));
  return state.audience.filter((record) => !listed.has(record.slug));
}

export function liveSessionReducer(state: LiveSessionState, action: LiveSessionAction): LiveSessionState {
  switch (action.type) {
    case 'opened':
      return {
        ...CLOSED_SESSION,
        phase: 'connecting',
        lectureSlug: action.lectureSlug,
        sessionId: action.sessionId,
      };
    case 'ongoingData':
      return {
        ...state,
        phase: 'live',
        reconnecting: false,
        studentCount: action.session.student_count,
        marked: action.session.marked_attendances,
        requests: action.session.pending_regulization_requests,
      };
    case 'attendanceMarked':
      return {
        ...state,
        marked: [action.record, ...withoutSlugs(state.marked, new Set([action.record.slug]))],
      };
    case 'attendanceToggled': {
      if (state.marked.some((record) => record.slug === action.attendanceSlug)) {
        return {
          ...state,
          marked: state.marked.map((record) =>
            record.slug === action.attendanceSlug ? { ...record, is_present: !record.is_present } : record,
          ),
        };
      }
      // A student who never marked, ticked by the teacher: they join the Default list, as the
      // server now lists them (present, manual).
      const unmarked = state.audience.find((record) => record.slug === action.attendanceSlug);
      if (!unmarked) return state;
      return {
        ...state,
        marked: [{ ...unmarked, is_present: !unmarked.is_present, manual: true }, ...state.marked],
      };
    }
    case 'audienceLoaded':
      return { ...state, audience: action.records };
    case 'requestReceived':
      return {
        ...state,
        requests: [action.record, ...withoutSlugs(state.requests, new Set([action.record.slug]))],
      };
    case 'requestsApproved': {
      const approved = new Set(action.records.map((record) => record.slug));
      return {
        ...state,
        marked: [...withoutSlugs(state.marked, approved), ...action.records],
        requests: withoutSlugs(state.requests, approved),
      };
    }
    case 'requestRejected':
      return { ...state, requests: withoutSlugs(state.requests, new Set([action.attendanceSlug])) };
    case 'ended':
      return {
        ...state,
        phase: 'ended',
        reconnecting: false,
        marked: action.session.marked_attendances,
        requests: [],
      };
    case 'connectionLost':
      return state.phase === 'live' || state.phase === 'connecting'
        ? { ...state, reconnecting: true }
        : state;
    case 'slowNetwork':
      return { ...state, slowNetwork: true };
    case 'closed':
      return CLOSED_SESSION;
  }
}
