import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '../../../lib/toast';
import {
  buildPath,
  liveSessionRoutes,
  mediaPath,
  SOCKET_CLIENT_TAG,
  ToneClockPayloadSchema,
  type AttendanceRecord,
  type LectureTeacher,
} from '@rollbook/contract';
import { connectClientSocket, type ClientSocket } from '../../../lib/socket';
import { apiBaseUrl } from '../../../lib/env';
import { useStore } from 'react-redux';
import { useAppDispatch, type SharedState } from '../../../lib/store-hooks';
import { LECTURES_TEXT } from '../lecture-text';
import {
  teacherLecturesApi,
  useApproveLiveRequestsMutation,
  useCreateInstantLectureSessionMutation,
  useCreateLectureSessionMutation,
  useEndLiveSessionMutation,
  useLazyGetLiveAudienceQuery,
  useLazyGetTeacherServerTimeQuery,
  useUpdateLiveAttendanceMutation,
} from '../teacher-lectures-api';
import { measureClockOffset } from '../../../lib/time/clock-offset';
import { challengeBandNotice } from './challenge-band-notice';
import type { LiveTonePlayer, LiveToneKey } from './live-tone';
import { CLOSED_SESSION, liveSessionReducer, type LiveSessionState } from './live-session-state';
import { liveAudio } from './live-audio';
import { watchConnection, type ConnectionWatch } from './connection-watch';
import { isSlowLink } from './link-speed';
import { followSse } from './sse-follower';
import {
  clientErrorText,
  readApprovedRequests,
  readAttendanceUpdate,
  readEndedSession,
  readManualRequest,
  readMarkedAttendance,
  readOngoingSession,
  readSessionTone,
  readSseMessage,
  readToneLevel,
  type SseEvent,
} from './session-events';

/** How often the sheet re-reports its audio clock (the server forgets a report after 90 s). */
const TONE_CLOCK_REPORT_MS = 20_000;
/** The bounds `tone_clock`'s numbers must keep (the contract's), checked before a report is sent. */
const TONE_CLOCK_NUMBERS = ToneClockPayloadSchema.pick({ offset_ms: true, tolerance_ms: true });
/** A skipped report is tried again this soon (the player re-anchors within a tick), so many times. */
const TONE_CLOCK_RETRY_MS = 1000;
const TONE_CLOCK_RETRIES = 10;

/** Everything a running session holds; released by `release`. */
interface Running {
  sessionId: string;
  /** Null on the slow-network path, which streams no audio. */
  microphone: MediaStream | null;
  socket: ClientSocket | null;
  /** The slow-network path's event stream (contract §13), followed instead of the socket. */
  sse: { stop: () => void } | null;
  /** The live tone (started on the first `session_tone`) and its clock reports. */
  tone: LiveTonePlayer | null;
  toneReports: ReturnType<typeof setInterval> | null;
  stopStreaming: (() => Promise<void>) | null;
  streamingStarted: boolean;
  /** The first connect's time limit, then the 2-second lost-connection check. */
  watch: ConnectionWatch | null;
  /** Set on the first connect: every later one announces itself as a reconnect. */
  connectedOnce: boolean;
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

/** The §13 event stream's address for a session, with the token in the query (as EventSource needs). */
function sseUrl(sessionId: string, accessToken: string): string {
  const query = new URLSearchParams({
    session_id: sessionId,
    access_token: accessToken,
    // Like the socket's flags: refused attempts as rows to tick, and the tone key to play live.
    refused_attempts: '1',
    live_tone: '1',
  });
  return `${apiBaseUrl()}${buildPath(liveSessionRoutes.sessionSseView)}?${query}`;
}

/**
 * The teacher's live session (product spec §4 "Live session", contract §6.8, §8 and §13):
 * microphone first, then `create_lecture_session` and a timed start of the tone file's download. A
 * link under 0.3 Mbps follows the session over Server-Sent Events and acts over HTTP, streaming no
 * audio; otherwise the socket: on every connect it announces itself (`isReConnect` after the first);
 * the first `ongoing_session_data` starts the one-chunk-per-second microphone stream. A dropped
 * connection is made again without limit (capped, jittered back-off) while the sheet says it is
 * reconnecting; the server's next `ongoing_session_data` rebuilds the sheet and the stream goes on.
 * Everything stops on session end, sheet close, page unload, back navigation, a `client_error`
 * (409 included), a refused stream, a socket that never connects (an error, or no connect within a
 * few seconds), or the server closing the socket.
 */
export function useLiveSession(kind: LiveSessionKind = 'timetable'): LiveSession {
  const [state, dispatch] = useReducer(liveSessionReducer, CLOSED_SESSION);
  const store = useStore<SharedState>();
  const appDispatch = useAppDispatch();
  const [createLectureSession] = useCreateLectureSessionMutation();
  const [createInstantSession] = useCreateInstantLectureSessionMutation();
  const [askServerTime] = useLazyGetTeacherServerTimeQuery();
  const [askAudience] = useLazyGetLiveAudienceQuery();
  const [updateLiveAttendance] = useUpdateLiveAttendanceMutation();
  const [approveLiveRequests] = useApproveLiveRequestsMutation();
  const [endLiveSession] = useEndLiveSessionMutation();
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
    session.sse?.stop();
    if (session.stopStreaming) void session.stopStreaming();
    if (session.toneReports) clearInterval(session.toneReports);
    session.tone?.stop();
    if (session.microphone) liveAudio.releaseMicrophone(session.microphone);
    session.socket?.disconnect();
    if (running.current === session) running.current = null;
  }, []);

  const close = useCallback(() => {
    release(running.current);
    dispatch({ type: 'closed' });
  }, [release]);

  const startStreaming = useCallback(
    (session: Running, microphone: MediaStream) => {
      session.streamingStarted = true;
      const streaming = liveAudio.startMicStreaming(
        microphone,
        (blob, timestamp) => {
          // Dropped while reconnecting, never queued: the server places each second by its
          // arrival, so seconds sent late would land at the wrong time.
          if (!session.socket?.connected) return;
          session.socket.emit('incoming_audio_chunks', {
            client: SOCKET_CLIENT_TAG,
            session_id: session.sessionId,
            auth_token: authToken(),
            blob,
            timestamp,
          });
        },
        () => toast.warning(LECTURES_TEXT.noAudio, { id: 'no-audio' }),
      );
      // Stoppable from now on, before its capture has started (which may never happen).
      session.stopStreaming = streaming.stop;
      streaming.started.catch((error: unknown) => {
        if (!session.released) toast.error(`Failed to stream audio: ${messageOf(error)}`);
      });
    },
    [authToken],
  );

  /**
   * Reads everyone expected at the session (the "Not marked" tab), after each
   * `ongoing_session_data`: on the first join and on every reconnect, when the audience may have
   * changed. A failure is toasted by the base query and leaves the last list.
   */
  const loadAudience = useCallback(
    (session: Running) => {
      askAudience(session.sessionId, false)
        .unwrap()
        .then((records) => {
          if (!session.released) dispatch({ type: 'audienceLoaded', records });
        })
        .catch(() => undefined);
    },
    [askAudience],
  );

  /**
   * Plays the session's secret tone live from the key the server sent (on this socket, or on the
   * event stream), after measuring this device's offset to the server's clock, and reports the
   * speaker's clock (`tone_clock`) on the socket at once and every `TONE_CLOCK_REPORT_MS`. A
   * repeated key (a reconnect) only reports again.
   */
  const startTone = useCallback(
    async (session: Running, socket: ClientSocket | null, key: LiveToneKey) => {
      let retriesLeft = TONE_CLOCK_RETRIES;
      const report = () => {
        if (!session.tone || session.released || !socket?.connected) return;
        const clock = session.tone.clock();
        // An audio clock that stalled (a busy device) can put the speaker seconds off until the
        // player re-anchors on its next tick. The server refuses a report outside the contract's
        // bounds by closing the socket, which would stop the microphone stream for a moment's
        // glitch: such a report is skipped and tried again shortly.
        const numbers = { offset_ms: clock.offsetMs, tolerance_ms: clock.toleranceMs };
        if (!TONE_CLOCK_NUMBERS.safeParse(numbers).success) {
          console.warn(`tone_clock skipped: offset ${clock.offsetMs} ms, tolerance ${clock.toleranceMs} ms`);
          if (retriesLeft-- > 0) setTimeout(report, TONE_CLOCK_RETRY_MS);
          return;
        }
        retriesLeft = TONE_CLOCK_RETRIES;
        socket.emit('tone_clock', {
          client: SOCKET_CLIENT_TAG,
          session_id: session.sessionId,
          auth_token: authToken(),
          ...numbers,
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
      // A loss after the first connect is only shown: socket.io reconnects on its own.
      const reconnecting = () => dispatch({ type: 'connectionLost' });
      const watch = watchConnection({
        isConnected: () => socket.connected,
        onNeverConnected: connectionGone,
        onLost: () => {
          if (!session.released) reconnecting();
        },
      });
      session.watch = watch;
      socket.on('connect_error', live(watch.connectFailed));
      socket.on('connect', () => {
        const isReConnect = session.connectedOnce;
        session.connectedOnce = true;
        watch.connected();
        socket.emit('socket_connection', {
          client: SOCKET_CLIENT_TAG,
          session_id: session.sessionId,
          auth_token: authToken(),
          isReConnect,
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
          // The whole state, again after a reconnect: what happened meanwhile is in it, once.
          dispatch({ type: 'ongoingData', session: read.value });
          loadAudience(session);
          if (!session.streamingStarted && session.microphone) startStreaming(session, session.microphone);
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
          const bandNotice = challengeBandNotice(read.value);
          if (bandNotice) toast.warning(bandNotice, { id: 'challenge-band', duration: Infinity });
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
      socket.on(
        'disconnect',
        live((reason) => {
          // The server closed this socket (socket.io does not retry that): the sheet ends as before.
          if (reason === 'io server disconnect') connectionGone();
          else reconnecting();
        }),
      );
    },
    [authToken, close, loadAudience, refreshDay, release, startStreaming, startTone],
  );

  /** One message of the slow-network event stream, applied like its socket twin. */
  const applySseEvent = useCallback(
    (session: Running, event: SseEvent) => {
      switch (event.kind) {
        case 'ongoing':
          dispatch({ type: 'ongoingData', session: event.session });
          return loadAudience(session);
        case 'marked':
          return dispatch({ type: 'attendanceMarked', record: event.record });
        case 'toggled':
          return dispatch({ type: 'attendanceToggled', attendanceSlug: event.attendanceSlug });
        case 'request':
          return dispatch({ type: 'requestReceived', record: event.record });
        case 'approved':
          dispatch({ type: 'requestsApproved', records: event.records });
          return void toast.success(LECTURES_TEXT.approved);
        case 'ended':
          dispatch({ type: 'ended', session: event.session });
          release(session);
          return refreshDay();
        case 'tone':
          return void startTone(session, null, event.key).catch((error: unknown) =>
            toast.error(`${LECTURES_TEXT.toneFailed}${messageOf(error)}`),
          );
        case 'failed':
          toast.error(event.text);
          return close();
      }
    },
    [close, loadAudience, refreshDay, release, startTone],
  );

  /** The slow-network path (contract §13): the session over Server-Sent Events, reconnecting without limit. */
  const follow = useCallback(
    (session: Running) => {
      session.sse = followSse({
        url: () => sseUrl(session.sessionId, authToken()),
        onOpen: () => undefined,
        onMessage: (message) => {
          if (session.released) return;
          const read = readSseMessage(message);
          if (read === null) return;
          if (!read.ok) return void toast.error(read.error);
          applySseEvent(session, read.value);
        },
        onRefused: (status, text) => {
          if (session.released) return;
          toast.error(`${status} - ${text}`);
          close();
        },
        onDrop: () => {
          if (!session.released) dispatch({ type: 'connectionLost' });
        },
      });
    },
    [applySseEvent, authToken, close],
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
        sse: null,
        tone: null,
        toneReports: null,
        stopStreaming: null,
        streamingStarted: false,
        watch: null,
        connectedOnce: false,
        released: false,
      };
      running.current = session;
      dispatch({ type: 'opened', lectureSlug: lecture.slug, sessionId });
      const speed = await liveAudio.measureToneLink(`${apiBaseUrl()}${mediaPath(created.audio_url)}`);
      if (session.released) return; // closed while the link was measured
      if (isSlowLink(speed)) {
        liveAudio.releaseMicrophone(microphone);
        session.microphone = null;
        dispatch({ type: 'slowNetwork' });
        return follow(session);
      }
      const socket = connectClientSocket();
      session.socket = socket;
      listen(session, socket);
    },
    [createSession, follow, listen, release],
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

  /**
   * The running session with a connected socket, or null after telling the teacher why not (the
   * connection is gone, or being made again: an action sent now would wait unseen in a queue).
   */
  const connected = (): (Running & { socket: ClientSocket }) | null => {
    const session = running.current;
    if (!session?.socket || session.released) {
      toast.error(LECTURES_TEXT.connectionLost, { id: 'connection-lost' });
      return null;
    }
    if (!session.socket.connected) {
      toast.error(LECTURES_TEXT.waitForReconnect, { id: 'wait-for-reconnect' });
      return null;
    }
    return session as Running & { socket: ClientSocket };
  };

  /** The running session on the slow-network path, whose actions go over HTTP. */
  const following = (): Running | null => {
    const session = running.current;
    return session?.sse && !session.released ? session : null;
  };

  return {
    state,
    start,
    toggleAttendance: (record) => {
      const slow = following();
      if (slow) {
        // The change comes back on the stream (`update_attendace`); failures are toasted by the base query.
        void updateLiveAttendance({
          sessionId: slow.sessionId,
          attendanceSlug: record.slug,
          present: !record.is_present,
        })
          .unwrap()
          .then((answer) => toast.success(answer.message))
          .catch(() => undefined);
        return;
      }
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
      const slow = following();
      if (slow) {
        // The approved rows come back on the stream; failures are toasted by the base query.
        void approveLiveRequests({ sessionId: slow.sessionId, attendanceSlugs })
          .unwrap()
          .catch(() => undefined);
        return;
      }
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
      const slow = following();
      if (slow) {
        void endLiveSession(slow.sessionId)
          .unwrap()
          .then((ended) => {
            dispatch({ type: 'ended', session: ended });
            release(slow);
            refreshDay();
          })
          .catch(() => undefined);
        return;
      }
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
