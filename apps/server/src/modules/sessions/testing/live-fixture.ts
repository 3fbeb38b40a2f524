import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@rollbook/contract';
import type { Db } from '../../../db/client';
import { lectureBatches, lectures, timetables } from '../../../db/schema';
import { call } from '../../../testing/test-app';
import { buildTimetableWorld, tokenFor } from '../../timetable/testing/timetable-fixture';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The timetable world plus one theory lecture of CST for division A (batches A1, A2, one student
 * each) on Monday 09:00-10:00 in LH101 — the test clock's day and hour — and access tokens.
 */
export async function buildLiveWorld(app: FastifyInstance, db: Db, opts: { institutionId?: number } = {}) {
  const world = await buildTimetableWorld(db, opts);
  const [timetable] = await db.insert(timetables).values({ divisionId: world.divisions.A.id }).returning();
  const subject = await db.query.offeredSubjects.findFirst({
    where: (s, { eq }) => eq(s.semesterId, world.semester.id),
  });
  const [lecture] = await db
    .insert(lectures)
    .values({
      timetableId: timetable!.id,
      day: 'monday',
      startTime: '09:00',
      endTime: '10:00',
      type: 'theory',
      offeredSubjectId: subject!.id,
      teacherId: world.teachers.cst.teacher.id,
      classroomId: world.rooms.LH101!.id,
    })
    .returning();
  const divisionA = world.batches.filter((b) => b.divisionId === world.divisions.A.id);
  await db.insert(lectureBatches).values(divisionA.map((b) => ({ lectureId: lecture!.id, batchId: b.id })));
  const student = (batch: string) => world.students.get(batch)![0]!;
  return {
    world,
    lecture: lecture!,
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
    headers: body.headers,
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

/** The next `event` on a socket, or a rejection after `ms`. */
export function nextEvent<E extends keyof ServerToClientEvents | 'disconnect'>(
  socket: ClientSocket,
  event: E,
  ms = 5000,
): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event as any, (msg: unknown) => {
      clearTimeout(timer);
      resolve(msg);
    });
  });
}

/** Connects the teacher's sheet: `socket_connection`, then waits for the first answer. */
export async function joinAsTeacher(baseUrl: string, sessionId: string, token: string) {
  const socket = await openSocket(baseUrl);
  const answer = Promise.race([
    nextEvent(socket, 'ongoing_session_data').then((m) => ({ kind: 'data' as const, m })),
    nextEvent(socket, 'client_error').then((m) => ({ kind: 'error' as const, m })),
  ]);
  socket.emit('socket_connection', { client: 'FE', session_id: sessionId, auth_token: token });
  return { socket, answer: await answer };
}
