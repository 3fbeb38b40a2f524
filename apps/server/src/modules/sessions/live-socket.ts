import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  clientErrorMessage,
  IncomingAudioChunkPayloadSchema,
  MISSING_SESSION_OR_TOKEN_MESSAGE,
  NetworkTooSlowPayloadSchema,
  RegulizationRequestPayloadSchema,
  SessionEndedPayloadSchema,
  SocketConnectionPayloadSchema,
  ToneClockPayloadSchema,
  UpdateAttendancePayloadSchema,
  updateAttendanceMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rollbook/contract';
import type { AuthContext } from '../../lib/caller';
import type { ClientNamespace } from '../../plugins/app/io';
import type { LiveStore } from '../../plugins/app/live-store';
import { AppError } from '../../lib/app-error';
import { nulProblem } from '../../lib/nul-guard';
import { ongoingSessionMessage, refusedAttemptsRoom, sessionRoom, type LiveRoom } from './live-room';
import type { LiveSessionRow } from '../../domain/lectures/lecture-sessions.repository';
import type { SessionsService } from './sessions.service';
import { claimTeacherLease, encodeHolder, type LeaseHolder } from './teacher-lease';
import { readSessionTone, type StoredSessionTone } from './session-tone';
import { forgetLivePlayback, keepLivePlayback, livePlaybackOf, PROVISIONAL_PLAYBACK } from './tone-playback';
import { teacherToneLevelInput, TONE_LEVEL_SECONDS } from './tone-level-check';
import {
  PresenceOverloadedError,
  PresenceWorkerError,
  type TeacherToneLevelInput,
  type ToneLevelReport,
} from '@rollbook/presence';
import { chunkServerTime } from './chunk-clock';
import { storedTeacherChunk } from './stored-teacher-chunk';
import { keepsTeacherBand, TWO_WAY_REREAD_MS } from './teacher-band-need';
import type { NotedChallengeBand } from './two-way-challenge';
import type { FilePhaseTracker } from './file-phase';

/** The exact text of contract §8.1 for a second teacher socket. */
export const ONE_TEACHER_MESSAGE =
  'Only one teacher can be connected to a lecture session at a time. Another teacher is already present.';

/** What a teacher's older socket is told when the same teacher joins the session again. */
export const TAKEN_OVER_MESSAGE =
  'This session was joined again from another connection, so this one was closed';

/** The `update_attendance` answer when a `regulization_request` approved nothing. */
export const NOTHING_APPROVED_MESSAGES = {
  notLive: 'This session is not live',
  nonePending: 'No request was approved: they were already approved or are no longer pending',
} as const;

const JOIN_FIRST_MESSAGE = 'Join the session with socket_connection first';

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/**
 * Where a live sheet's tone-level check stands: at most one runs at a time, and one reports;
 * `rerun`: chunks arrived while one ran, so if it finds too little audio it runs again at once.
 */
type ToneLevelCheck = 'unchecked' | 'checking' | 'rerun' | 'checked';

// Read through a call: TypeScript keeps a property narrowed by an assignment across awaits.
const levelOf = (live: { level: ToneLevelCheck }): ToneLevelCheck => live.level;

/** What a socket is bound to after a successful `socket_connection`. */
interface Binding {
  sessionId: string;
  /** The profile slug of the teacher who joined: the only person whose tokens its chunks may carry. */
  teacher: string;
  /** This socket's value in the live store's lease. */
  holder: string;
  /** The newest token proven to be that teacher's; chunks carrying it are not verified again. */
  trustedToken: string;
  renew: NodeJS.Timeout;
  /** Set when the sheet plays the tone live from the key (`live_tone`): its tone and level check. */
  live: { tone: StoredSessionTone; level: ToneLevelCheck; institutionId: number } | null;
  /** Set when the sheet loops the file (the original client): the tone whose phase is located. */
  file?: StoredSessionTone | null;
  /** The institution's two-way setting as a live sheet last read it (`teacher-band-need.ts`). */
  twoWay?: { on: boolean; readAtMs: number };
}

export interface LiveSocketDeps {
  ns: ClientNamespace;
  service: SessionsService;
  liveStore: LiveStore;
  room: LiveRoom;
  authenticateToken(token: string): Promise<AuthContext>;
  leaseMs: number;
  audioWindowMs: number;
  /** How long a `network_too_slow` mark holds without being said again (or undone). */
  slowNetworkMs: number;
  log: FastifyBaseLogger;
  /** Server time in ms (the app's clock). */
  nowMs(): number;
  /** Runs the tone-level check off the event loop (the presence pool's `toneLevel`). */
  toneLevel(input: TeacherToneLevelInput): Promise<ToneLevelReport | null>;
  /**
   * Keeps what the tone-level check says about the two-way check's band; null when the
   * institution does not use the check (`two-way-challenge.ts`).
   */
  noteChallengeBand(
    session: { sessionId: string; institutionId: number },
    report: ToneLevelReport,
  ): Promise<NotedChallengeBand | null>;
  /** Whether the institution uses the two-way check (its challenge is sought in the teacher's band). */
  usesTwoWayCheck(institutionId: number): Promise<boolean>;
  /** The original client's file phase, located in its stream (file-phase.ts). */
  filePhase: Pick<FilePhaseTracker, 'restart' | 'heard'>;
}

/** A refusal that ends the socket: `client_error` with this status and text, then disconnect. */
class SocketRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const stripBearer = (token: string) => token.replace(/^Bearer\s+/i, '').trim();

/** Parses a payload; a missing session id or token gets the bridge's fixed 500 message. */
function parse<T extends z.ZodType>(schema: T, payload: unknown): z.infer<T> {
  // Text with a NUL character cannot reach PostgreSQL; say so rather than fail in a query.
  const nul = nulProblem({ payload });
  if (nul) throw new SocketRefusal(400, nul.message);
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  if (typeof payload !== 'object' || payload === null || field === 'session_id' || field === 'auth_token') {
    throw new SocketRefusal(500, MISSING_SESSION_OR_TOKEN_MESSAGE);
  }
  throw new SocketRefusal(400, issue?.message ?? 'The message is not valid');
}

/**
 * The live-session protocol of contract §8 on the `/client` namespace: the teacher's sheet
 * connects with `socket_connection`, streams its microphone, toggles presence, approves manual
 * requests and ends the session. Every refusal is a `client_error` followed by the server
 * disconnecting the socket, as the client expects; an audio chunk the server fails to store is
 * only logged and dropped.
 */
export function attachLiveSocket(deps: LiveSocketDeps): void {
  const bindings = new WeakMap<LiveSocket, Binding>();
  /** Each socket's latest `socket_connection` while the server checks it; settles, never rejects. */
  const joinsInFlight = new WeakMap<LiveSocket, Promise<void>>();

  function refuse(socket: LiveSocket, status: number, text: string) {
    socket.emit('client_error', clientErrorMessage(status, text));
    socket.disconnect(true);
  }

  async function authenticate(token: string): Promise<AuthContext> {
    try {
      return await deps.authenticateToken(stripBearer(token));
    } catch (err) {
      // Only a refused token is a 401; a database failure while checking it is ours, not the caller's.
      if (err instanceof AppError && err.code === 'token_invalid') {
        throw new SocketRefusal(401, 'Token is invalid or expired');
      }
      throw err;
    }
  }

  /** The caller's own session, by token; refusals carry the contract's status codes. */
  async function teacherSession(token: string, sessionId: string) {
    const auth = await authenticate(token);
    if (auth.role !== 'teacher')
      throw new SocketRefusal(401, 'Only the teacher of this lecture can join its session');
    let session: LiveSessionRow;
    try {
      session = await deps.service.ownSession(auth, sessionId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw new SocketRefusal(404, 'Session not found');
      // A planned session (named by the timetable, not started yet).
      if (err instanceof AppError && err.status === 409) throw new SocketRefusal(409, err.message);
      if (err instanceof AppError && err.status === 403) {
        throw new SocketRefusal(401, 'Only the teacher of this lecture can join its session');
      }
      throw err;
    }
    return { auth, session };
  }

  /**
   * This socket's binding to `sessionId`, refused when it has not joined that session. A join the
   * socket sent earlier and the server is still checking is waited for: socket.io keeps a socket's
   * events in order, and a sheet streams its next chunk right after `socket_connection` without
   * waiting for the answer. On a loaded server that chunk used to arrive mid-join and close the
   * reconnecting sheet.
   */
  async function joinedBinding(socket: LiveSocket, sessionId: string): Promise<Binding> {
    await joinsInFlight.get(socket);
    const binding = bindings.get(socket);
    if (!binding || binding.sessionId !== sessionId) throw new SocketRefusal(401, JOIN_FIRST_MESSAGE);
    return binding;
  }

  /** An event of a socket that joined this session; anything else is refused. */
  async function boundSession(socket: LiveSocket, token: string, sessionId: string) {
    await joinedBinding(socket, sessionId);
    return teacherSession(token, sessionId);
  }

  /**
   * The sheet reads the access token when it sends each chunk, so after a refresh chunks carry a
   * token the join never saw. A new one is verified once, like the join's, and must belong to
   * the teacher who joined; later chunks with it stay as cheap as before (one a second).
   */
  async function confirmStreamer(binding: Binding, token: string) {
    if (token === binding.trustedToken) return;
    const auth = await authenticate(token);
    if (auth.profileSlug !== binding.teacher) {
      throw new SocketRefusal(401, 'Only the teacher who joined this session can stream its audio');
    }
    binding.trustedToken = token;
  }

  async function release(socket: LiveSocket) {
    const binding = bindings.get(socket);
    if (!binding) return;
    clearInterval(binding.renew);
    bindings.delete(socket);
    // A no-op when the teacher's newer socket has taken the lease over.
    await deps.liveStore.releaseTeacherLease(binding.sessionId, binding.holder);
  }

  /** Binds a socket that holds the session's lease; a repeated join only trusts its newer token. */
  async function bind(socket: LiveSocket, sessionId: string, me: LeaseHolder, token: string) {
    const holder = encodeHolder(me);
    const current = bindings.get(socket);
    if (current?.sessionId === sessionId && current.holder === holder) {
      current.trustedToken = token;
      return;
    }
    if (current) {
      // The socket moves to another session: give up the first one's lease and events.
      await release(socket);
      await socket.leave(sessionRoom(current.sessionId));
      await socket.leave(refusedAttemptsRoom(current.sessionId));
    }
    // The lease outlives a crashed instance by at most `leaseMs`; a live socket keeps it.
    const renew = setInterval(() => {
      deps.liveStore
        .renewTeacherLease(sessionId, holder, deps.leaseMs)
        .catch((err: unknown) => deps.log.warn({ err }, 'teacher lease renewal failed'));
    }, deps.leaseMs / 3);
    renew.unref();
    bindings.set(socket, {
      sessionId,
      teacher: me.teacher,
      holder,
      trustedToken: token,
      renew,
      live: null,
    });
  }

  /**
   * The tone of a joining sheet. Our web app (`live_tone`) gets the session's secret key on this
   * socket alone and plays the schedule live; until its first `tone_clock` the server assumes a
   * loose provisional playback. Any other sheet loops the file, so a live playback left by an
   * earlier sheet is forgotten. A session started before v2 has no key to send.
   */
  async function announceTone(socket: LiveSocket, session: LiveSessionRow, liveTone: boolean) {
    const binding = bindings.get(socket);
    const tone = readSessionTone(session.toneParams);
    if (!binding || !tone || !liveTone) {
      if (binding) {
        binding.live = null;
        binding.file = tone;
      }
      await forgetLivePlayback(deps.liveStore, session.sessionId);
      // A sheet that joins starts the file again: the phase is located anew from its stream.
      if (binding && tone) await deps.filePhase.restart(session.sessionId);
      return;
    }
    binding.live = { tone, level: 'unchecked', institutionId: session.institutionId };
    await keepLivePlayback(deps.liveStore, session.sessionId, PROVISIONAL_PLAYBACK);
    socket.emit('session_tone', {
      session_id: session.sessionId,
      key_hex: tone.keyHex,
      config: tone.config,
      epoch_ms: tone.epochMs,
    });
  }

  /**
   * The tone-level check, once per live sheet, when its first seconds of reported playback have
   * streamed: the teacher is told (`tone_level`) whether their own microphone hears the tone.
   */
  async function checkToneLevelOnce(socket: LiveSocket, binding: Binding) {
    const live = binding.live;
    if (!live || live.level === 'checked') return;
    // One check at a time: chunks keep arriving while one runs (its reads wait on the store, its
    // search on the pool), and each of them used to start its own, ~5-10 full checks per sheet at
    // the bell (sessions-0012). One arriving meanwhile is not dropped: a burst of chunks (a
    // reconnecting sheet's backlog) may end while the check that saw too few of them still runs.
    if (live.level !== 'unchecked') {
      live.level = 'rerun';
      return;
    }
    try {
      do {
        live.level = 'checking';
        await checkToneLevel(socket, binding, live);
      } while (levelOf(live) === 'rerun');
    } finally {
      // Not enough audio yet (or a failed read): the next chunk tries again.
      if (levelOf(live) !== 'checked') live.level = 'unchecked';
    }
  }

  /** One tone-level check; sets `checked` and tells the teacher when the audio was enough. */
  async function checkToneLevel(socket: LiveSocket, binding: Binding, live: NonNullable<Binding['live']>) {
    const playback = await livePlaybackOf(deps.liveStore, binding.sessionId);
    // Only a reported playback: the provisional one is too loose to say where the chirps are.
    if (!playback || playback.toleranceMs >= PROVISIONAL_PLAYBACK.toleranceMs) return;
    const now = deps.nowMs();
    const chunks = await deps.liveStore.teacherChunks(
      binding.sessionId,
      now - (TONE_LEVEL_SECONDS + 2) * 1000,
      now,
    );
    const report = await toneLevelOffLoop(teacherToneLevelInput(chunks, live.tone, playback));
    if (!report) return;
    live.level = 'checked';
    const noted = await deps.noteChallengeBand(
      { sessionId: binding.sessionId, institutionId: live.institutionId },
      report,
    );
    socket.emit('tone_level', {
      session_id: binding.sessionId,
      status: report.status,
      advice: report.advice,
      score: report.score,
      ...(noted ? { challenge_band: noted.band, challenge_required: noted.required } : {}),
    });
  }

  /**
   * The pool's check. A full pool queue at the bell, or a worker that failed, is no reason to end
   * the teacher's socket: the check is advice, and the next chunk tries again.
   */
  async function toneLevelOffLoop(input: TeacherToneLevelInput): Promise<ToneLevelReport | null> {
    try {
      return await deps.toneLevel(input);
    } catch (err) {
      if (err instanceof PresenceOverloadedError) return null;
      if (err instanceof PresenceWorkerError) {
        deps.log.warn({ err }, 'tone-level check failed in the presence pool; retried on the next chunk');
        return null;
      }
      throw err;
    }
  }

  function guarded(socket: LiveSocket, what: string, run: () => Promise<void>) {
    run().catch((err: unknown) => {
      if (err instanceof SocketRefusal) return refuse(socket, err.status, err.message);
      deps.log.error({ err, event: what }, 'live session socket event failed');
      refuse(socket, 500, 'Something went wrong');
    });
  }

  /** One `incoming_audio_chunks`: refusals end the socket, anything else is the caller's to log. */
  async function receiveChunk(socket: LiveSocket, payload: unknown) {
    const data = parse(IncomingAudioChunkPayloadSchema, payload);
    const binding = await joinedBinding(socket, data.session_id);
    await confirmStreamer(binding, data.auth_token);
    const bytes = data.blob instanceof Uint8Array ? data.blob : new Uint8Array(data.blob);
    if (bytes.length === 0) return; // a silence heartbeat
    // Stamps come from the teacher's device clock: placed on the server's (chunk-clock.ts).
    const timestampMs = await chunkServerTime(
      deps.liveStore,
      data.session_id,
      { deviceStampMs: data.timestamp, bytes, arrivalMs: deps.nowMs() },
      deps.audioWindowMs * 2,
    );
    // Kept as what the session's verifications read of it, not as 48 kHz PCM (sessions-0011).
    const tone = binding.live?.tone ?? binding.file ?? null;
    const keepBand = await keepsBand(binding);
    const stored = storedTeacherChunk({ timestampMs, bytes }, tone, { keepBand });
    await deps.liveStore.appendTeacherChunk(data.session_id, stored, deps.audioWindowMs);
    await checkToneLevelOnce(socket, binding);
    if (!binding.live && binding.file) await deps.filePhase.heard(binding.sessionId, binding.file);
  }

  /** Whether this sheet's next chunk keeps its band (teacher-band-need.ts). */
  async function keepsBand(binding: Binding): Promise<boolean> {
    const live = binding.live;
    if (!live)
      return keepsTeacherBand({ playsFile: Boolean(binding.file), levelPending: false, twoWay: false });
    const now = deps.nowMs();
    if (!binding.twoWay || now - binding.twoWay.readAtMs >= TWO_WAY_REREAD_MS) {
      binding.twoWay = { on: await deps.usesTwoWayCheck(live.institutionId), readAtMs: now };
    }
    return keepsTeacherBand({
      playsFile: false,
      levelPending: levelOf(live) !== 'checked',
      twoWay: binding.twoWay.on,
    });
  }

  /** One `tone_clock`: the live sheet's playback against server time, kept for verifications. */
  async function receiveToneClock(socket: LiveSocket, payload: unknown) {
    const data = parse(ToneClockPayloadSchema, payload);
    const binding = await joinedBinding(socket, data.session_id);
    await confirmStreamer(binding, data.auth_token);
    // A sheet that did not ask for the key plays the file: its clock says nothing about the tone.
    if (!binding.live) return;
    await keepLivePlayback(deps.liveStore, binding.sessionId, {
      offsetMs: data.offset_ms,
      toleranceMs: data.tolerance_ms,
    });
  }

  /** One `socket_connection`: the teacher's sheet joins its live session and gets its state. */
  async function joinSession(socket: LiveSocket, payload: unknown) {
    const data = parse(SocketConnectionPayloadSchema, payload);
    const { auth, session } = await teacherSession(data.auth_token, data.session_id);
    if (session.status === 'pre') throw new SocketRefusal(409, 'This session has not been started yet');
    if (session.status === 'post') throw new SocketRefusal(409, 'This session has ended');
    const me = { teacher: auth.profileSlug, socketId: socket.id };
    const claim = await claimTeacherLease(deps.liveStore, session.sessionId, me, deps.leaseMs);
    if (!claim.taken) throw new SocketRefusal(500, ONE_TEACHER_MESSAGE);
    // The same teacher rejoined (after a network blip the old socket looks alive until its ping
    // timeout): the old sheet, on whichever instance, is closed rather than locking them out.
    if (claim.displaced) deps.room.closeSocket(claim.displaced.socketId, 409, TAKEN_OVER_MESSAGE);
    await bind(socket, session.sessionId, me, data.auth_token);
    // Gone while we were checking: its `disconnect` found nothing to release, so release now.
    if (socket.disconnected) return void (await release(socket));
    await socket.join(sessionRoom(session.sessionId));
    // Only a sheet that asks (our web app) is told about refused attempts; see the contract.
    const refusedAttempts = data.refused_attempts === true;
    if (refusedAttempts) await socket.join(refusedAttemptsRoom(session.sessionId));
    else await socket.leave(refusedAttemptsRoom(session.sessionId));
    socket.emit(
      'ongoing_session_data',
      ongoingSessionMessage(await deps.service.ongoingData(auth, session, { refusedAttempts })),
    );
    await announceTone(socket, session, data.live_tone === true);
  }

  deps.ns.on('connection', (socket: LiveSocket) => {
    socket.on('socket_connection', (payload) => {
      // Joins of one socket run one after another, and its other events wait for them.
      const join = (joinsInFlight.get(socket) ?? Promise.resolve()).then(() => joinSession(socket, payload));
      const settled = join.then(
        () => undefined,
        () => undefined,
      );
      joinsInFlight.set(socket, settled);
      void settled.then(() => {
        if (joinsInFlight.get(socket) === settled) joinsInFlight.delete(socket);
      });
      guarded(socket, 'socket_connection', () => join);
    });

    socket.on('tone_clock', (payload) =>
      guarded(socket, 'tone_clock', () => receiveToneClock(socket, payload)),
    );

    socket.on('incoming_audio_chunks', (payload) => {
      receiveChunk(socket, payload).catch((err: unknown) => {
        if (err instanceof SocketRefusal) return refuse(socket, err.status, err.message);
        // One lost second of teacher audio only narrows what verifications can compare with (they
        // already wait for or refuse a time it does not cover); ending the sheet over a brief Redis
        // or database failure would stop the whole lecture's marking.
        deps.log.warn({ err, event: 'incoming_audio_chunks' }, 'teacher audio chunk dropped');
      });
    });

    socket.on('update_attendance', (payload) =>
      guarded(socket, 'update_attendance', async () => {
        const data = parse(UpdateAttendancePayloadSchema, payload);
        const { auth, session } = await boundSession(socket, data.auth_token, data.session_id);
        const outcome = await deps.service.setPresence(auth, session, data.attendance_slug, data.action);
        if (outcome.status === 200) deps.room.attendanceUpdated(session.sessionId, data.attendance_slug);
        socket.emit(
          'update_attendance',
          updateAttendanceMessage(session.sessionId, data.attendance_slug, outcome.message, outcome.status),
        );
      }),
    );

    // The later client says its link is too slow for audio (§13) and follows over SSE; verdicts then
    // say why the teacher's audio is absent. Its own teacher only; no answer is expected.
    socket.on('network_too_slow', (payload) =>
      guarded(socket, 'network_too_slow', async () => {
        const data = parse(NetworkTooSlowPayloadSchema, payload);
        const { session } = await teacherSession(data.auth_token, data.session_id);
        await deps.liveStore.setTeacherNetworkSlow(
          session.sessionId,
          data.is_network_too_slow,
          deps.slowNetworkMs,
        );
      }),
    );

    socket.on('regulization_request', (payload) =>
      guarded(socket, 'regulization_request', async () => {
        const data = parse(RegulizationRequestPayloadSchema, payload);
        const { auth, session } = await boundSession(socket, data.auth_token, data.session_id);
        const approved = await deps.service.approveRequests(auth, session, data.data);
        if (approved.length > 0) return deps.room.regulizationApproved(session.sessionId, approved);
        // Nothing changed (a second click, requests already handled, the session no longer live): a
        // success toast would lie. §8 has no failed `regulization_approved`, and a `client_error`
        // must close the sheet; the sheet toasts a non-200 `update_attendance` and changes nothing.
        const text =
          session.status === 'ongoing'
            ? NOTHING_APPROVED_MESSAGES.nonePending
            : NOTHING_APPROVED_MESSAGES.notLive;
        socket.emit(
          'update_attendance',
          updateAttendanceMessage(session.sessionId, data.data[0] ?? '', text, 409),
        );
      }),
    );

    socket.on('session_ended', (payload) =>
      guarded(socket, 'session_ended', async () => {
        const data = parse(SessionEndedPayloadSchema, payload);
        const { auth, session } = await boundSession(socket, data.auth_token, data.session_id);
        const final = await deps.service.end(auth, session);
        deps.room.sessionEnded(session.sessionId, final);
        await release(socket);
        deps.room.disconnectAll(session.sessionId);
      }),
    );

    socket.on('disconnect', () => {
      release(socket).catch((err: unknown) => deps.log.warn({ err }, 'teacher lease release failed'));
    });
  });
}
