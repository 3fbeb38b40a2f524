import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { SOCKET_CLIENT_TAG, type AttendanceRecord, type LectureTeacher } from '@rollbook/contract';
import { connectClientSocket, type ClientSocket } from '../../../lib/socket';
import { useStore } from 'react-redux';
import { useAppDispatch, type SharedState } from '../../../lib/store-hooks';
import { LECTURES_TEXT } from '../lecture-text';
import {
  teacherLecturesApi,
  useCreateInstantLectureSessionMutation,
  useCreateLectureSessionMutation,
  useLazyGetTeacherServerTimeQuery,
} from '../teacher-lectures-api';
import { measureClockOffset } from '../../../lib/time/clock-offset';
import type { LiveTonePlayer, LiveToneKey } from './live-tone';
import { CLOSED_SESSION, liveSessionReducer, type LiveSessionState } from './live-session-state';
import { liveAudio } from './live-audio';
import { watchConnection, type ConnectionWatch } from './connection-watch';
import {
  clientErrorText,
  readApprovedRequests,
  readAttendanceUpdate,
  readEndedSession,
  readManualRequest,
  readMarkedAttendance,
  readOngoingSession,
  readSessionTone,
  readToneLevel,
} from './session-events';

/** How often the sheet re-reports its audio clock (the server forgets a report after 90 s). */
const TONE_CLOCK_REPORT_MS = 20_000;

/** Everything a running session holds; released by `release`. */
interface Running {
  sessionId: string;
  microphone: MediaStream;
  socket: ClientSocket | null;
  /** The live tone (started on the first `session_tone`) and its clock reports. */
  tone: LiveTonePlayer | null;
  toneReports: ReturnType<typeof setInterval> | null;
  stopStreaming: (() => Promise<void>) | null;
  streamingStarted: boolean;
  /** The first connect's time limit, then the 2-second lost-connection check. */
  watch: ConnectionWatch | null;
  /** Set once released, so late events and our own disconnect are ignored. */
  released: boolean;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Which call starts the session: a timetable lecture's (`create_lecture_session/`) or an instant
 * lecture's (`create_instant_lecture_session/`); everything after it is the same.
 */
export type LiveSessionKind = 'timetable' | 'instant';

/** What the dashboard can do with the live session. */
export interface LiveSession {
  state: LiveSessionState;
  /** The lecture whose Start/Join is in progress (its button shows busy). */
  start: (lecture: Pick<LectureTeacher, 'slug'>, classroomSlug: string) => Promise<void>;
  toggleAttendance: (record: AttendanceRecord) => void;
  approve: (attendanceSlugs: string[]) => void;
  reject: (attendanceSlug: string) => void;
  end: () => void;
  close: () => void;
}

/**
 * The teacher's live session (product spec §4 "Live session", contract §6.8 and §8): microphone
 * first, then `create_lecture_session`, the looping tone and the socket. On every connect it
 * announces itself; the first `ongoing_session_data` of a connection starts the one-chunk-per-second
 * microphone stream. Everything stops on session end, sheet close, page unload, back navigation, a
 * `client_error`, a socket that does not connect (an error, or no connect within a few seconds), or
 * a lost connection (seen by a 2-second watchdog).
 */
export function useLiveSession(kind: LiveSessionKind = 'timetable'): LiveSession {
  const [state, dispatch] = useReducer(liveSessionReducer, CLOSED_SESSION);
  const store = useStore<SharedState>();
  const appDispatch = useAppDispatch();
  const [createLectureSession] = useCreateLectureSessionMutation();
  const [createInstantSession] = useCreateInstantLectureSessionMutation();
  const [askServerTime] = useLazyGetTeacherServerTimeQuery();
  const createSession = useCallback(
    (args: { lectureSlug: string; classroomSlug: string }) =>
      kind === 'instant' ? createInstantSession(args.lectureSlug) : createLectureSession(args),
    [kind, createInstantSession, createLectureSession],
  );
  const running = useRef<Running | null>(null);
  // Read at send time: a refresh may have replaced the token since the session started.
  const authToken = useCallback(
    () => (store.getState().auth.accessToken ?? '').replace(/^Bearer\s+/i, ''),
    [store],
  );

  const refreshDay = useCallback(() => {
    appDispatch(teacherLecturesApi.util.invalidateTags(['TeacherDay', 'InstantLectures']));
  }, [appDispatch]);

  /** Stops audio, streaming and the socket; the sheet's state is left to the caller. */
  const release = useCallback((session: Running | null) => {
    if (!session || session.released) return;
    session.released = true;
    session.watch?.stop();
    if (session.stopStreaming) void session.stopStreaming();
    if (session.toneReports) clearInterval(session.toneReports);
    session.tone?.stop();
    liveAudio.releaseMicrophone(session.microphone);
    session.socket?.disconnect();
    if (running.current === session) running.current = null;
  }, []);

  const close = useCallback(() => {
    release(running.current);
    dispatch({ type: 'closed' });
  }, [release]);

  const startStreaming = useCallback(
    (session: Running) => {
      session.streamingStarted = true;
      liveAudio
        .startMicStreaming(
          session.microphone,
          (blob, timestamp) => {
            session.socket?.emit('incoming_audio_chunks', {
              client: SOCKET_CLIENT_TAG,
              session_id: session.sessionId,
              auth_token: authToken(),
              blob,
              timestamp,
            });
          },
          () => toast.warning(LECTURES_TEXT.noAudio, { id: 'no-audio' }),
        )
        .then((stop) => {
          if (session.released) void stop();
          else session.stopStreaming = stop;
        })
        .catch((error: unknown) => toast.error(`Failed to stream audio: ${messageOf(error)}`));
    },
    [authToken],
  );

  /**
   * Plays the session's secret tone live from the key the server sent on this socket, after
   * measuring this device's offset to the server's clock, and reports the speaker's clock
   * (`tone_clock`) at once and every `TONE_CLOCK_REPORT_MS`. A repeated key (a reconnect) only
   * reports again.
   */
  const startTone = useCallback(
    async (session: Running, socket: ClientSocket, key: LiveToneKey) => {
      const report = () => {
        if (!session.tone || session.released) return;
        const clock = session.tone.clock();
        socket.emit('tone_clock', {
          client: SOCKET_CLIENT_TAG,
          session_id: session.sessionId,
          auth_token: authToken(),
          offset_ms: clock.offsetMs,
          tolerance_ms: clock.toleranceMs,
        });
      };
      if (!session.tone) {
        const offset = await measureClockOffset(() => askServerTime(undefined, false).unwrap());
        const player = await liveAudio.playLiveTone(key, offset);
        if (session.released) return player.stop();
        session.tone = player;
        session.toneReports = setInterval(report, TONE_CLOCK_REPORT_MS);
      }
      report();
    },
    [askServerTime, authToken],
  );

  const listen = useCallback(
    (session: Running, socket: ClientSocket) => {
      const live = (handler: (message: unknown) => void) => (message: unknown) => {
        if (!session.released) handler(message);
      };
      // Never connecting ends the session the way losing the connection does: the teacher starts
      // again with Join Session, which the server allows while the session is live.
      const connectionGone = () => {
        toast.error(LECTURES_TEXT.connectionLost, { id: 'connection-lost' });
        close();
      };
      const watch = watchConnection({
        isConnected: () => socket.connected,
        onNeverConnected: connectionGone,
        onLost: connectionGone,
      });
      session.watch = watch;
      socket.on('connect_error', live(watch.connectFailed));
      socket.on('connect', () => {
        watch.connected();
        socket.emit('socket_connection', {
          client: SOCKET_CLIENT_TAG,
          session_id: session.sessionId,
          auth_token: authToken(),
          // The sheet shows refused attempts as unticked rows the teacher may tick; the server
          // pushes those only to clients that ask (the original client would list them twice).
          refused_attempts: true,
          // The sheet plays the tone live from the session's key (sent on this socket only).
          live_tone: true,
        });
      });
      socket.on(
        'ongoing_session_data',
        live((message) => {
          const read = readOngoingSession(message);
          if (!read.ok) return void toast.error(read.error);
          dispatch({ type: 'ongoingData', session: read.value });
          if (!session.streamingStarted) startStreaming(session);
        }),
      );
      socket.on(
        'session_tone',
        live((message) => {
          const read = readSessionTone(message);
          if (!read.ok) return void toast.error(read.error);
          startTone(session, socket, read.value).catch((error: unknown) =>
            toast.error(`${LECTURES_TEXT.toneFailed}${messageOf(error)}`),
          );
        }),
      );
      socket.on(
        'tone_level',
        live((message) => {
          const read = readToneLevel(message);
          if (!read.ok) return void toast.error(read.error);
          const { status, advice } = read.value;
          if (advice === 'low_band') toast.warning(LECTURES_TEXT.toneLowBand, { id: 'tone-level' });
          else if (status === 'weak') toast.warning(LECTURES_TEXT.toneWeak, { id: 'tone-level' });
          else if (status !== 'ok') toast.error(LECTURES_TEXT.toneNotHeard, { id: 'tone-level' });
          // Sent once per sheet, only where the institution uses the two-way check.
          if (read.value.challenge_band === 'not_heard') {
            toast.warning(LECTURES_TEXT.challengeBandNotHeard, { id: 'challenge-band', duration: Infinity });
          }
        }),
      );
      socket.on(
        'mark_attendance',
        live((message) => {
          const read = readMarkedAttendance(message);
          if (!read.ok) return void toast.error(read.error);
          dispatch({ type: 'attendanceMarked', record: read.value });
        }),
      );
      socket.on(
        'update_attendance',
        live((message) => {
          const read = readAttendanceUpdate(message);
          if (!read.ok) return void toast.error(read.error);
          if (!read.value.applied) return void toast.error(read.value.message);
          dispatch({ type: 'attendanceToggled', attendanceSlug: read.value.attendanceSlug });
          toast.success(read.value.message);
        }),
      );
      socket.on(
        'regulization_request',
        live((message) => {
          const read = readManualRequest(message);
          if (!read.ok) return void toast.error(read.error);
          dispatch({ type: 'requestReceived', record: read.value });
        }),
      );
      socket.on(
        'regulization_approved',
        live((message) => {
          const read = readApprovedRequests(message);
          if (!read.ok) return void toast.error(read.error);
          dispatch({ type: 'requestsApproved', records: read.value });
          toast.success(LECTURES_TEXT.approved);
        }),
      );
      socket.on(
        'session_ended',
        live((message) => {
          const read = readEndedSession(message);
          if (!read.ok) return void toast.error(read.error);
          dispatch({ type: 'ended', session: read.value });
          release(session);
          refreshDay();
        }),
      );
      socket.on(
        'client_error',
        live((message) => {
          toast.error(clientErrorText(message));
          close();
        }),
      );
      socket.on('disconnect', live(connectionGone));
    },
    [authToken, close, refreshDay, release, startStreaming, startTone],
  );

  const start = useCallback(
    async (lecture: Pick<LectureTeacher, 'slug'>, classroomSlug: string) => {
      release(running.current);
      let microphone: MediaStream;
      try {
        microphone = await liveAudio.openMicrophone();
      } catch (error) {
        toast.error(`${LECTURES_TEXT.microphoneRefused}: ${messageOf(error)}`);
        return;
      }
      const result = await createSession({ lectureSlug: lecture.slug, classroomSlug });
      // Failures were toasted by the base query with the server's message.
      if ('error' in result || !result.data) return void liveAudio.releaseMicrophone(microphone);
      const created = result.data;
      if (created.active !== 'ongoing') {
        liveAudio.releaseMicrophone(microphone);
        return void toast.info(LECTURES_TEXT.notLive);
      }
      // The socket uses the lecture's own session id (contract §6.8); the server keeps them equal.
      const sessionId = created.lecture.session.session_id;
      const session: Running = {
        sessionId,
        microphone,
        socket: null,
        tone: null,
        toneReports: null,
        stopStreaming: null,
        streamingStarted: false,
        watch: null,
        released: false,
      };
      running.current = session;
      dispatch({ type: 'opened', lectureSlug: lecture.slug, sessionId });
      const socket = connectClientSocket();
      session.socket = socket;
      listen(session, socket);
    },
    [createSession, listen, release],
  );

  // Leaving the page (reload, tab close) or going back stops the microphone and the socket.
  useEffect(() => {
    const stopOnLeave = () => release(running.current);
    const closeOnBack = () => close();
    window.addEventListener('pagehide', stopOnLeave);
    window.addEventListener('beforeunload', stopOnLeave);
    window.addEventListener('popstate', closeOnBack);
    return () => {
      window.removeEventListener('pagehide', stopOnLeave);
      window.removeEventListener('beforeunload', stopOnLeave);
      window.removeEventListener('popstate', closeOnBack);
      release(running.current);
    };
  }, [close, release]);

  /** The running session with a socket, or null after telling the teacher the connection is gone. */
  const connected = (): (Running & { socket: ClientSocket }) | null => {
    const session = running.current;
    if (!session?.socket || session.released) {
      toast.error(LECTURES_TEXT.connectionLost, { id: 'connection-lost' });
      return null;
    }
    return session as Running & { socket: ClientSocket };
  };

  return {
    state,
    start,
    toggleAttendance: (record) => {
      const session = connected();
      session?.socket.emit('update_attendance', {
        client: SOCKET_CLIENT_TAG,
        attendance_slug: record.slug,
        session_id: session.sessionId,
        auth_token: authToken(),
        action: !record.is_present,
      });
    },
    approve: (attendanceSlugs) => {
      if (attendanceSlugs.length === 0) return;
      const session = connected();
      session?.socket.emit('regulization_request', {
        client: SOCKET_CLIENT_TAG,
        session_id: session.sessionId,
        data: attendanceSlugs,
        auth_token: authToken(),
      });
    },
    reject: (attendanceSlug) => dispatch({ type: 'requestRejected', attendanceSlug }),
    end: () => {
      const session = connected();
      session?.socket.emit('session_ended', {
        client: SOCKET_CLIENT_TAG,
        session_id: session.sessionId,
        auth_token: authToken(),
      });
    },
    close,
  };
}
