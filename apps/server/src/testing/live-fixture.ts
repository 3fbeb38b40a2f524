import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import {
  UpdateAttendanceMessageSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@rollbook/contract';
import type { Db } from '../db/client';
import { eq } from 'drizzle-orm';
import { lectureBatches, lectureSessions, timetables } from '../db/schema';
import type { TeacherChunk } from '@rollbook/presence';
import { call, useTestApp } from './test-app';
import { buildTimetableWorld, type TimetableWorld } from './timetable-fixture';
import { tokenFor } from './tokens';
import { WAIT_MS, waitUntil } from './wait';
import type { Weekday } from '../lib/week';
import { roomSound, studentRecording, toneOf } from './audio';
import { insertLecture } from './lecture-fixture';
import { readSessionTone } from '../modules/sessions/session-tone';
import { storedTeacherChunk } from '../modules/sessions/stored-teacher-chunk';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Adds a theory lecture of CST for the world's semester (its first offered subject) to a division's
 * timetable, attended by `batchIds`, in LH101: Monday 09:00-10:00 unless told otherwise.
 */
export async function addLecture(
  db: Db,
  world: TimetableWorld,
  opts: { divisionId: number; batchIds: number[]; day?: Weekday; startTime?: string; endTime?: string },
) {
  const [timetable] = await db.insert(timetables).values({ divisionId: opts.divisionId }).returning();
  const subject = await db.query.offeredSubjects.findFirst({
    where: (s, { eq }) => eq(s.semesterId, world.semester.id),
  });
  const lecture = await insertLecture(db, {
    timetableId: timetable!.id,
    offeredSubjectId: subject!.id,
    teacherId: world.teachers.cst.teacher.id,
    classroomId: world.rooms.LH101!.id,
    ...(opts.day ? { day: opts.day } : {}),
    ...(opts.startTime ? { startTime: opts.startTime } : {}),
    ...(opts.endTime ? { endTime: opts.endTime } : {}),
  });
  await db
    .insert(lectureBatches)
    .values(opts.batchIds.map((batchId) => ({ lectureId: lecture.id, batchId })));
  return lecture;
}

/**
 * The timetable world plus one theory lecture of CST for division A (batches A1, A2, one student
 * each) on Monday 09:00-10:00 in LH101 — the test clock's day and hour — and access tokens.
 */
export async function buildLiveWorld(app: FastifyInstance, db: Db, opts: { institutionId?: number } = {}) {
  const world = await buildTimetableWorld(db, opts);
  const divisionA = world.batches.filter((b) => b.divisionId === world.divisions.A.id);
  const lecture = await addLecture(db, world, {
    divisionId: world.divisions.A.id,
    batchIds: divisionA.map((b) => b.id),
  });
  const student = (batch: string) => world.students.get(batch)![0]!;
  return {
    world,
    lecture,
    /** Students of the lecture (A1, A2) and one who is not (B1). */
    students: { a1: student('A1'), a2: student('A2'), b1: student('B1') },
    tokens: {
      cst: await tokenFor(app, world.teachers.cst.profile),
      haj: await tokenFor(app, world.teachers.haj.profile),
      admin: await tokenFor(app, world.admin.profile),
      a1: await tokenFor(app, student('A1').profile),
      a2: await tokenFor(app, student('A2').profile),
      b1: await tokenFor(app, student('B1').profile),
    },
    /** The classroom's point (LH101). */
    room: { latitude: world.rooms.LH101!.latitude, longitude: world.rooms.LH101!.longitude },
  };
}

export type LiveWorld = Awaited<ReturnType<typeof buildLiveWorld>>;

/**
 * How long before the test's present a live world's session starts: the tone's schedule (and the
 * original client's file) begin at the start, and the tests' recordings of the room's first
 * seconds must come after it.
 */
export const SESSION_LEAD_MS = 60_000;

/**
 * Runs `start` with the app's test clock set `SESSION_LEAD_MS` back, then restores it. An app
 * without a settable clock starts now.
 */
export async function startedEarlier<T>(app: FastifyInstance, start: () => Promise<T>): Promise<T> {
  const clock = app.deps.clock as Partial<{ set(d: Date): void }> & { now(): Date };
  const now = clock.now();
  if (!clock.set) return start();
  clock.set(new Date(now.getTime() - SESSION_LEAD_MS));
  try {
    return await start();
  } finally {
    clock.set(now);
  }
}

/** The stored tone of a session (server-side only: the tests read the key the way an auditor would). */
export async function sessionTone(db: Db, sessionId: string) {
  const [row] = await db
    .select({ toneParams: lectureSessions.toneParams })
    .from(lectureSessions)
    .where(eq(lectureSessions.sessionId, sessionId));
  return toneOf(row?.toneParams);
}

/**
 * The live world with its lecture started by CST (`ongoing`) `SESSION_LEAD_MS` ago: the session
 * id, the tone file's public path, and the session's stored tone (its secret key).
 */
export async function startLiveWorld(app: FastifyInstance, db: Db, opts: { institutionId?: number } = {}) {
  const w = await buildLiveWorld(app, db, opts);
  const started = await startedEarlier(app, () => startSession(app, w.tokens.cst, w.lecture.slug));
  if (started.status !== 200) throw new Error(`the session did not start: ${JSON.stringify(started.body)}`);
  const sessionId = started.body.data.session_id as string;
  return {
    ...w,
    sessionId,
    audioUrl: started.body.data.audio_url as string,
    tone: await sessionTone(db, sessionId),
  };
}

export type StartedLiveWorld = Awaited<ReturnType<typeof startLiveWorld>>;

/** The multipart fields of a marking request at the classroom's point, `start_time` in ms. */
export function markFields(w: LiveWorld, startMs: number, overrides: Record<string, string> = {}) {
  return {
    latitude: String(w.room.latitude),
    longitude: String(w.room.longitude),
    lecture_slug: w.lecture.slug,
    start_time: String(startMs),
    ...overrides,
  };
}

/** A multipart body of text fields and files, as a browser's FormData sends it. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; data: Uint8Array; contentType: string }> = {},
) {
  const boundary = `----rollbook${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `create_lecture_session/` as the browser calls it. */
export async function startSession(
  app: FastifyInstance,
  token: string,
  lectureSlug: string,
  classroomSlug = '',
) {
  const body = multipart({ lecture_slug: lectureSlug, classroom_slug: classroomSlug });
  return call(app, {
    method: 'POST',
    url: '/api/manage/session/create_lecture_session/',
    token,
    body: body.payload,
    headers: body.headers,
  });
}

/** `mark_attendance_for_student/` as the browser calls it. */
export async function markAttendance(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  audio?: Uint8Array,
  headers: Record<string, string> = {},
) {
  const body = multipart(
    fields,
    audio ? { audio: { filename: 'recording.wav', data: audio, contentType: 'audio/wav' } } : {},
  );
  return call(app, {
    method: 'POST',
    url: '/api/manage/session/mark_attendance_for_student/',
    token,
    body: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** A websocket-only client of the `/client` namespace, connected. */
export async function openSocket(baseUrl: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(`${baseUrl}/client`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The next `event` on a socket, or a rejection after `ms` (a generous limit, not a speed claim). */
export function nextEvent<E extends keyof ServerToClientEvents | 'disconnect'>(
  socket: ClientSocket,
  event: E,
  ms = WAIT_MS,
): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event as any, (msg: unknown) => {
      clearTimeout(timer);
      resolve(msg);
    });
  });
}

/**
 * Connects the teacher's sheet: `socket_connection`, then waits for the first answer. By default
 * it joins as the original client does; `refusedAttempts` joins as our web app.
 */
export async function joinAsTeacher(
  baseUrl: string,
  sessionId: string,
  token: string,
  opts: { refusedAttempts?: boolean; liveTone?: boolean } = {},
) {
  const socket = await openSocket(baseUrl);
  const answer = Promise.race([
    nextEvent(socket, 'ongoing_session_data').then((m) => ({ kind: 'data' as const, m })),
    nextEvent(socket, 'client_error').then((m) => ({ kind: 'error' as const, m })),
  ]);
  const tone = opts.liveTone ? nextEvent(socket, 'session_tone') : null;
  // Awaited below only when the sheet was admitted; a refused sheet never gets the tone, and its
  // wait running out later must not surface as an unhandled rejection in another test.
  tone?.catch(() => undefined);
  socket.emit('socket_connection', {
    client: 'FE',
    session_id: sessionId,
    auth_token: token,
    ...(opts.refusedAttempts ? { refused_attempts: true } : {}),
    ...(opts.liveTone ? { live_tone: true } : {}),
  });
  const answered = await answer;
  return { socket, answer: answered, tone: answered.kind === 'data' && tone ? await tone : null };
}

/**
 * Our web sheet's `tone_clock`: it plays the schedule `offsetMs` late, known to `toleranceMs`.
 * Waits until the live store holds it, so a verification that follows uses it.
 */
export async function reportToneClock(
  app: FastifyInstance,
  socket: ClientSocket,
  session: { sessionId: string; token: string },
  clock: { offsetMs: number; toleranceMs: number },
) {
  socket.emit('tone_clock', {
    client: 'FE',
    session_id: session.sessionId,
    auth_token: session.token,
    offset_ms: clock.offsetMs,
    tolerance_ms: clock.toleranceMs,
  });
  const expected = JSON.stringify(clock);
  await waitUntil(
    async () => (await app.liveStore.tonePlayback(session.sessionId)) === expected,
    'the tone clock did not reach the live store',
  );
}

/** Every `event` a socket receives from now on, in order (the array fills as they arrive). */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): any[] {
  const seen: any[] = [];
  socket.on(event as any, (msg: unknown) => seen.push(msg));
  return seen;
}

/**
 * Streams teacher audio as the sheet does (`incoming_audio_chunks`, one chunk per event) and waits
 * until the live store holds every chunk, so a verification that follows sees the whole window.
 */
export async function streamTeacherAudio(
  app: FastifyInstance,
  socket: ClientSocket,
  session: { sessionId: string; token: string },
  chunks: readonly TeacherChunk[],
) {
  // Each chunk arrives (by the app's test clock) the moment it is over, as a live sheet's do: the
  // server places chunks on its own clock by their arrival.
  const clock = app.deps.clock as Partial<{ set(d: Date): void }> & { now(): Date };
  const now = clock.now();
  try {
    for (const chunk of chunks) {
      clock.set?.(new Date(chunk.timestampMs + 1000));
      socket.emit('incoming_audio_chunks', {
        client: 'FE',
        session_id: session.sessionId,
        auth_token: session.token,
        blob: chunk.bytes,
        timestamp: chunk.timestampMs,
      });
      await waitUntil(
        async () => (await app.liveStore.newestTeacherChunkMs(session.sessionId)) === chunk.timestampMs,
        'the teacher audio did not reach the live store',
      );
    }
  } finally {
    clock.set?.(now);
  }
}

/**
 * Keeps teacher audio in the live store as the socket's `incoming_audio_chunks` handler does (in
 * the stored form for the session's tone), for tests that mark attendance without a teacher's
 * socket (a marking is only judged on the room's sound when the teacher's audio covers it), every
 * chunk with its band, as a sheet whose tone level is not yet known keeps them.
 */
export async function keepTeacherAudio(
  app: FastifyInstance,
  sessionId: string,
  chunks: readonly TeacherChunk[],
): Promise<void> {
  const windowMs = app.deps.config.liveAudioWindowSeconds * 1000;
  const [session] = await app.deps.db
    .select({ toneParams: lectureSessions.toneParams })
    .from(lectureSessions)
    .where(eq(lectureSessions.sessionId, sessionId));
  const tone = readSessionTone(session?.toneParams);
  for (const chunk of chunks) {
    await app.liveStore.appendTeacherChunk(
      sessionId,
      storedTeacherChunk(chunk, tone, { keepBand: true }),
      windowMs,
    );
  }
}

/** Makes the test app listen on a free loopback port (sockets need a real server); answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Waits until a `collect`ed list holds `count` messages; rejects after `ms` (a generous limit for a
 * loaded machine, not a speed claim). To show that something was NOT pushed, trigger a later push
 * on the same socket and check it is the next message (`expectNoPushSince`), never sleep.
 */
export async function received(list: unknown[], count: number, ms = WAIT_MS): Promise<void> {
  await waitUntil(() => list.length >= count, `fewer than ${count} messages arrived`, ms);
}

/** Every event a socket receives from now on, in arrival order, as `[event, message]`. */
export function collectAll(socket: ClientSocket): Array<[string, any]> {
  const seen: Array<[string, any]> = [];
  socket.onAny((event: string, msg: unknown) => seen.push([event, msg]));
  return seen;
}

/**
 * Proves that a sheet received nothing (but `ignore`d events, such as the answers to its own
 * toggles) since its `collectAll` log held `seen` events: student A2 files a manual request now,
 * which the server pushes to the session's room, and that push must be the next event the sheet
 * receives. The server emits in order on one connection (and publishes in order through one Redis
 * connection to other instances), so anything an earlier action pushed would have arrived first.
 * No sleep: the later event is the proof.
 */
export async function expectNoPushSince(
  app: FastifyInstance,
  w: LiveWorld,
  log: Array<[string, any]>,
  seen: number,
  opts: { ignore?: string[] } = {},
): Promise<void> {
  const comment = `pushed after event ${seen}`;
  const isLater = ([event, msg]: [string, any]) =>
    event === 'regulization_request' &&
    msg?.data?.data?.data?.attendance_data?.regulization_comment === comment;
  const filed = await call(app, {
    method: 'POST',
    url: '/api/manage/session/mark_for_regulization/',
    token: w.tokens.a2,
    body: { lecture_slug: w.lecture.slug, regulization_commet: comment },
  });
  expect(filed.status, 'the later manual request').toBe(200);
  await waitUntil(() => log.slice(seen).some(isLater), 'the later manual request did not reach the sheet');
  const before = log.slice(
    seen,
    log.findIndex((e, i) => i >= seen && isLater(e)),
  );
  expect(before.filter(([event]) => !(opts.ignore ?? []).includes(event))).toEqual([]);
}

/** Waits until nobody holds a session's teacher lease (a closed sheet's release went through). */
export async function leaseFreed(app: FastifyInstance, sessionId: string): Promise<void> {
  await waitUntil(
    async () => (await app.liveStore.teacherLeaseHolder(sessionId)) === null,
    `the teacher lease of ${sessionId} is still held`,
  );
}

/**
 * Records every teacher-lease release an app attempts (a teacher socket's disconnect ends in one),
 * so a test can wait until the release for one holder has finished and only then check that the
 * lease it must not touch survived it. Restore after use.
 */
export function watchLeaseReleases(app: FastifyInstance) {
  const finished: Array<{ sessionId: string; holder: string }> = [];
  const release = app.liveStore.releaseTeacherLease.bind(app.liveStore);
  const spy = vi
    .spyOn(app.liveStore, 'releaseTeacherLease')
    .mockImplementation(async (sessionId: string, holder: string) => {
      try {
        return await release(sessionId, holder);
      } finally {
        finished.push({ sessionId, holder });
      }
    });
  return {
    /** Waits until a release of `sessionId` by a holder matching `holder` has completed. */
    async released(sessionId: string, holder: (encoded: string) => boolean) {
      await waitUntil(
        () => finished.some((r) => r.sessionId === sessionId && holder(r.holder)),
        `no lease release of ${sessionId} finished`,
      );
    },
    restore: () => spy.mockRestore(),
  };
}

/**
 * The test app listening on loopback (socket clients need a real port) and the sockets a test
 * opens, closed after each test. `baseUrl()` is the app's address once it listens.
 */
export function useListeningTestApp(configOverrides: Parameters<typeof useTestApp>[0] = {}) {
  const t = useTestApp(configOverrides);
  const sockets = useSockets();
  let url = '';
  beforeAll(async () => {
    url = await listenOnLoopback(t.app);
  });
  return { t, sockets, baseUrl: () => url };
}

/**
 * A listening app and eight seconds of one room's sound from 09:00 (+05:30) on 2 Nov 2026, the
 * clock set to when they are over (when an upload of a recording made in them arrives).
 * `withTone` is a student's recording of the room from its first second with the session's tone,
 * `elsewhere` a recording of another room at that moment, without the tone: refused whatever the
 * tone search finds in it (the tone alone is no proof where the sheet did not report its tone clock:
 * a search over the whole loop of the original client's file finds a chirp pattern in plain noise
 * now and then, and the room's sound must then prove the moment).
 */
export function useRoomAtNine(configOverrides: Parameters<typeof useTestApp>[0] = {}) {
  const listening = useListeningTestApp(configOverrides);
  const sound = roomSound(11, 8);
  const otherRoom = roomSound(12, 8);
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  beforeEach(() => listening.t.clock.set(new Date(epochMs + 8000)));
  return {
    ...listening,
    sound,
    epochMs,
    withTone: (w: StartedLiveWorld) => studentRecording(w.tone, sound, 1, epochMs),
    elsewhere: () => studentRecording(null, otherRoom, 1, epochMs),
  };
}

/**
 * The sockets a test file opens, closed after each test: `join` connects a sheet to a session with
 * a token (answering its first reply), `track` adopts any other socket.
 */
export function useSockets() {
  const open: ClientSocket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  return {
    track(socket: ClientSocket): ClientSocket {
      open.push(socket);
      return socket;
    },
    async join(
      baseUrl: string,
      sessionId: string,
      token: string,
      opts: { refusedAttempts?: boolean; liveTone?: boolean } = {},
    ) {
      const joined = await joinAsTeacher(baseUrl, sessionId, token, opts);
      open.push(joined.socket);
      return joined;
    },
  };
}

/** The teacher's P/A toggle (`update_attendance`) and the server's answer to it. */
export async function toggleAttendance(
  socket: ClientSocket,
  session: { sessionId: string; token: string },
  attendanceSlug: string,
  action: boolean,
) {
  const answer = nextEvent(socket, 'update_attendance');
  socket.emit('update_attendance', {
    client: 'FE',
    attendance_slug: attendanceSlug,
    session_id: session.sessionId,
    auth_token: session.token,
    action,
  });
  return UpdateAttendanceMessageSchema.parse(await answer);
}
