import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  clientErrorMessage,
  IncomingAudioChunkPayloadSchema,
  MISSING_SESSION_OR_TOKEN_MESSAGE,
  RegulizationRequestPayloadSchema,
  SessionEndedPayloadSchema,
  SocketConnectionPayloadSchema,
  UpdateAttendancePayloadSchema,
  updateAttendanceMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rollbook/contract';
import type { AuthContext } from '../../plugins/app/auth';
import type { ClientNamespace } from '../../plugins/app/io';
import type { LiveStore } from '../../plugins/app/live-store';
import { AppError } from '../../lib/app-error';
import { ongoingSessionMessage, sessionRoom, type LiveRoom } from './live-room';
import type { LiveSessionRow } from './sessions.repository';
import type { SessionsService } from './sessions.service';

/** The exact text of contract §8.1 for a second teacher socket. */
export const ONE_TEACHER_MESSAGE =
  'Only one teacher can be connected to a lecture session at a time. Another teacher is already present.';

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** What a socket is bound to after a successful `socket_connection`. */
interface Binding {
  sessionId: string;
  token: string;
  renew: NodeJS.Timeout;
}

export interface LiveSocketDeps {
  ns: ClientNamespace;
  service: SessionsService;
  liveStore: LiveStore;
  room: LiveRoom;
  authenticateToken(token: string): Promise<AuthContext>;
  leaseMs: number;
  audioWindowMs: number;
  log: FastifyBaseLogger;
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
 * disconnecting the socket, as the client expects.
 */
export function attachLiveSocket(deps: LiveSocketDeps): void {
  const bindings = new WeakMap<LiveSocket, Binding>();

  function refuse(socket: LiveSocket, status: number, text: string) {
    socket.emit('client_error', clientErrorMessage(status, text));
    socket.disconnect(true);
  }

  async function authenticate(token: string): Promise<AuthContext> {
    try {
      return await deps.authenticateToken(stripBearer(token));
    } catch {
      throw new SocketRefusal(401, 'Token is invalid or expired');
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
      if (err instanceof AppError && err.status === 403) {
        throw new SocketRefusal(401, 'Only the teacher of this lecture can join its session');
      }
      throw err;
    }
    return { auth, session };
  }

  /** An event of a socket that joined this session; anything else is refused. */
  async function boundSession(socket: LiveSocket, token: string, sessionId: string) {
    const binding = bindings.get(socket);
    if (!binding || binding.sessionId !== sessionId) {
      throw new SocketRefusal(401, 'Join the session with socket_connection first');
    }
    return teacherSession(token, sessionId);
  }

  async function release(socket: LiveSocket) {
    const binding = bindings.get(socket);
    if (!binding) return;
    clearInterval(binding.renew);
    bindings.delete(socket);
    await deps.liveStore.releaseTeacherLease(binding.sessionId, socket.id);
  }

  function guarded(socket: LiveSocket, what: string, run: () => Promise<void>) {
    run().catch((err: unknown) => {
      if (err instanceof SocketRefusal) return refuse(socket, err.status, err.message);
      deps.log.error({ err, event: what }, 'live session socket event failed');
      refuse(socket, 500, 'Something went wrong');
    });
  }

  deps.ns.on('connection', (socket: LiveSocket) => {
    socket.on('socket_connection', (payload) =>
      guarded(socket, 'socket_connection', async () => {
        const data = parse(SocketConnectionPayloadSchema, payload);
        const { auth, session } = await teacherSession(data.auth_token, data.session_id);
        if (session.status === 'pre') throw new SocketRefusal(409, 'This session has not been started yet');
        if (session.status === 'post') throw new SocketRefusal(409, 'This session has ended');
        if (!(await deps.liveStore.acquireTeacherLease(session.sessionId, socket.id, deps.leaseMs))) {
          throw new SocketRefusal(500, ONE_TEACHER_MESSAGE);
        }
        if (!bindings.has(socket)) {
          // The lease outlives a crashed instance by at most `leaseMs`; a live socket keeps it.
          const renew = setInterval(() => {
            deps.liveStore
              .renewTeacherLease(session.sessionId, socket.id, deps.leaseMs)
              .catch((err: unknown) => deps.log.warn({ err }, 'teacher lease renewal failed'));
          }, deps.leaseMs / 3);
          renew.unref();
          bindings.set(socket, { sessionId: session.sessionId, token: data.auth_token, renew });
        }
        await socket.join(sessionRoom(session.sessionId));
        socket.emit(
          'ongoing_session_data',
          ongoingSessionMessage(await deps.service.ongoingData(auth, session)),
        );
      }),
    );

    socket.on('incoming_audio_chunks', (payload) =>
      guarded(socket, 'incoming_audio_chunks', async () => {
        const data = parse(IncomingAudioChunkPayloadSchema, payload);
        const binding = bindings.get(socket);
        // A chunk a second must stay cheap: the token was checked when the socket joined.
        if (!binding || binding.sessionId !== data.session_id || binding.token !== data.auth_token) {
          throw new SocketRefusal(401, 'Join the session with socket_connection first');
        }
        const bytes = data.blob instanceof Uint8Array ? data.blob : new Uint8Array(data.blob);
        if (bytes.length === 0) return; // a silence heartbeat
        await deps.liveStore.appendTeacherChunk(
          data.session_id,
          { timestampMs: data.timestamp, bytes },
          deps.audioWindowMs,
        );
      }),
    );

    socket.on('update_attendance', (payload) =>
      guarded(socket, 'update_attendance', async () => {
        const data = parse(UpdateAttendancePayloadSchema, payload);
        const { auth, session } = await boundSession(socket, data.auth_token, data.session_id);
        const outcome = await deps.service.setPresence(auth, session, data.attendance_slug, data.action);
        socket.emit(
          'update_attendance',
          updateAttendanceMessage(session.sessionId, data.attendance_slug, outcome.message, outcome.status),
        );
      }),
    );

    socket.on('regulization_request', (payload) =>
      guarded(socket, 'regulization_request', async () => {
        const data = parse(RegulizationRequestPayloadSchema, payload);
        const { auth, session } = await boundSession(socket, data.auth_token, data.session_id);
        const approved = await deps.service.approveRequests(auth, session, data.data);
        deps.room.regulizationApproved(session.sessionId, approved);
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
