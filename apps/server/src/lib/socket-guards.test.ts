import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CLIENT_EVENT_SCHEMAS,
  MISSING_SESSION_OR_TOKEN_MESSAGE,
  type ClientToServerEvents,
} from '@rollbook/contract';
import { encodePcm16 } from '@rollbook/presence';
import { attendances, lectureSessions } from '../db/schema';
import { waitUntil } from '../testing/wait';
import {
  nextEvent,
  openSocket,
  startLiveWorld,
  useListeningTestApp,
  type ClientSocket,
  type StartedLiveWorld,
} from '../testing/live-fixture';

type SessionEvent = Exclude<keyof ClientToServerEvents, 'notifications_subscribe'>;

interface EventCall {
  sessionId: string;
  token: string | undefined;
  attendanceSlug: string;
}

const CHUNK_MS = 1_000;

/** A payload of each live-session event that the session's teacher may send (checked below). */
const PAYLOADS: Record<SessionEvent, (call: EventCall) => Record<string, unknown>> = {
  socket_connection: (c) => ({ client: 'FE', session_id: c.sessionId, auth_token: c.token }),
  incoming_audio_chunks: (c) => ({
    client: 'FE',
    session_id: c.sessionId,
    auth_token: c.token,
    blob: encodePcm16(new Float32Array(48_000).fill(0.1)),
    timestamp: CHUNK_MS,
  }),
  tone_clock: (c) => ({
    client: 'FE',
    session_id: c.sessionId,
    auth_token: c.token,
    offset_ms: 0,
    tolerance_ms: 50,
  }),
  update_attendance: (c) => ({
    client: 'FE',
    attendance_slug: c.attendanceSlug,
    session_id: c.sessionId,
    auth_token: c.token,
    action: true,
  }),
  regulization_request: (c) => ({
    client: 'FE',
    session_id: c.sessionId,
    data: [c.attendanceSlug],
    auth_token: c.token,
  }),
  session_ended: (c) => ({ client: 'FE', session_id: c.sessionId, auth_token: c.token }),
  // The later client sends no `client` tag with it (§13).
  network_too_slow: (c) => ({ session_id: c.sessionId, auth_token: c.token, is_network_too_slow: true }),
};
const SESSION_EVENTS = Object.keys(PAYLOADS) as SessionEvent[];

/** Who calls, and the `client_error` status the contract gives them (§8.1: 401, or 500 without a token). */
type Caller = 'anonymous' | 'forged token' | 'student' | 'admin' | 'another teacher';
const REFUSED: Record<Caller, number> = {
  anonymous: 500,
  'forged token': 401,
  student: 401,
  admin: 401,
  'another teacher': 401,
};

function tokenOf(w: StartedLiveWorld, caller: Caller): string | undefined {
  if (caller === 'anonymous') return undefined;
  if (caller === 'forged token') return 'not.a.token';
  if (caller === 'student') return w.tokens.a1;
  if (caller === 'admin') return w.tokens.admin;
  return w.tokens.haj;
}

function send(socket: ClientSocket, event: SessionEvent, payload: Record<string, unknown>) {
  // The payloads are deliberately loose (a missing token is a case of its own).
  socket.emit(event, payload as never);
}

describe('every socket event of the /client namespace (contract §8)', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();

  /** The started world, and the attendance row of its student A1. */
  async function live() {
    const w = await startLiveWorld(t.app, t.db);
    const [row] = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.studentId, w.students.a1.student.id));
    return { w, attendanceSlug: row!.slug };
  }

  /**
   * A socket ready for `event`: joined by the session's own teacher for every event that needs a
   * joined socket, so a refusal below comes from the caller's token and not from a missing join.
   */
  async function socketFor(event: SessionEvent, w: StartedLiveWorld): Promise<ClientSocket> {
    if (event === 'socket_connection') return sockets.track(await openSocket(baseUrl()));
    const { socket, answer } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    expect(answer.kind).toBe('data');
    return socket;
  }

  it('walks every client event the contract defines', () => {
    expect(Object.keys(CLIENT_EVENT_SCHEMAS).sort()).toEqual(
      [...SESSION_EVENTS, 'notifications_subscribe'].sort(),
    );
  });

  it('refuses anonymous callers, the wrong roles and a teacher who does not own the session, changing nothing', async () => {
    const { w, attendanceSlug } = await live();
    for (const event of SESSION_EVENTS) {
      for (const caller of Object.keys(REFUSED) as Caller[]) {
        const socket = await socketFor(event, w);
        const error = nextEvent(socket, 'client_error');
        const closed = nextEvent(socket, 'disconnect');
        send(
          socket,
          event,
          PAYLOADS[event]({ sessionId: w.sessionId, token: tokenOf(w, caller), attendanceSlug }),
        );
        const refusal = (await error) as { status_code: number; data: string };
        expect({ event, caller, status: refusal.status_code }).toEqual({
          event,
          caller,
          status: REFUSED[caller],
        });
        if (caller === 'anonymous') expect(refusal.data).toBe(MISSING_SESSION_OR_TOKEN_MESSAGE);
        expect(await closed).toBe('io server disconnect');
      }
    }
    // Nothing any refused event asked for happened.
    const [session] = await t.db
      .select()
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, w.sessionId));
    expect(session?.status).toBe('ongoing');
    const [row] = await t.db.select().from(attendances).where(eq(attendances.slug, attendanceSlug));
    expect(row?.isPresent).toBe(false);
    expect(await t.app.liveStore.newestTeacherChunkMs(w.sessionId)).toBeNull();
    expect(await t.app.liveStore.teacherNetworkSlow(w.sessionId)).toBe(false);
  });

  it('accepts the same payloads from the session’s own teacher (the refusals above are about the caller)', async () => {
    const { w, attendanceSlug } = await live();
    const call = { sessionId: w.sessionId, token: w.tokens.cst, attendanceSlug };
    const { socket, answer } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    expect(answer.kind).toBe('data');
    const errors: unknown[] = [];
    socket.on('client_error', (m) => errors.push(m));

    send(socket, 'incoming_audio_chunks', PAYLOADS.incoming_audio_chunks(call));
    const toggled = nextEvent(socket, 'update_attendance');
    send(socket, 'update_attendance', PAYLOADS.update_attendance(call));
    expect((await toggled).status_code).toBe(200);
    // Nothing is pending: the teacher is told so without the sheet being closed.
    const nothingApproved = nextEvent(socket, 'update_attendance');
    send(socket, 'regulization_request', PAYLOADS.regulization_request(call));
    expect((await nothingApproved).status_code).toBe(409);
    // The slow-network mark is kept without an answer.
    send(socket, 'network_too_slow', PAYLOADS.network_too_slow(call));
    await waitUntil(() => t.app.liveStore.teacherNetworkSlow(w.sessionId), 'network_too_slow was not kept');
    // The chunk is stored without an answer: wait for it to arrive (it is never refused: no client_error).
    for (let i = 0; i < 200 && (await t.app.liveStore.newestTeacherChunkMs(w.sessionId)) === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Stamped by a device clock far behind, the 1-s chunk is placed on server time by its arrival.
    expect(await t.app.liveStore.newestTeacherChunkMs(w.sessionId)).toBe(t.clock.now().getTime() - CHUNK_MS);
    const ended = nextEvent(socket, 'session_ended');
    send(socket, 'session_ended', PAYLOADS.session_ended(call));
    expect((await ended).status_code).toBe(200);
    expect(errors).toEqual([]);
  });

  it('subscribes every signed-in role to its own notifications and refuses anonymous callers', async () => {
    const { w } = await live();
    for (const token of [w.tokens.a1, w.tokens.cst, w.tokens.admin]) {
      const socket = sockets.track(await openSocket(baseUrl()));
      expect(await socket.emitWithAck('notifications_subscribe', { auth_token: token })).toEqual({
        ok: true,
      });
    }
    for (const payload of [{ auth_token: 'not.a.token' }, {}]) {
      const socket = sockets.track(await openSocket(baseUrl()));
      const error = nextEvent(socket, 'client_error');
      expect(await socket.emitWithAck('notifications_subscribe', payload as never)).toEqual({ ok: false });
      expect((await error).status_code).toBe(401);
    }
  });
});
