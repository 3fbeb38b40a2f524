// What the marking benches send and measure: one student's upload as the browser sends it, and
// percentiles of the latencies they collect.
import { readFile } from 'node:fs/promises';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@rollbook/contract';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import { institutions, offeredSubjects, timetables } from '../../apps/server/src/db/schema';
import { toneOf } from '../../apps/server/src/testing/audio';
import { buildTimetableWorld } from '../../apps/server/src/testing/timetable-fixture';

/**
 * The bench's database emptied and the timetable world built in it, its institution letting
 * sessions start at any hour (the demo's documented setting) so a bench runs any time.
 */
export async function openBenchWorld(databaseUrl: string) {
  const handle = await openDatabase({ url: databaseUrl, dataDir: null });
  const db = handle.db;
  await truncateAll(db);
  const world = await buildTimetableWorld(db);
  await db
    .update(institutions)
    .set({ sessionWindowAlwaysOpen: true })
    .where(eq(institutions.id, world.institutionId));
  return { handle, db, world };
}

/**
 * What the benches' lectures hang on: a new timetable of division A and one subject offered in the
 * world's semester (ids only).
 */
export async function lectureHolders(bench: Awaited<ReturnType<typeof openBenchWorld>>) {
  const { db, world } = bench;
  const [timetable] = await db.insert(timetables).values({ divisionId: world.divisions.A.id }).returning();
  const [subject] = await db
    .select()
    .from(offeredSubjects)
    .where(eq(offeredSubjects.semesterId, world.semester.id))
    .limit(1);
  if (!timetable || !subject) throw new Error('the bench world has no timetable or subject');
  return { timetableId: timetable.id, offeredSubjectId: subject.id };
}

export type TeacherSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A lecture gone live: its session, the teacher's sheet connected, the session's tone. */
export interface LiveLecture {
  sessionId: string;
  audioUrl: string;
  studentCount: number;
  socket: TeacherSocket;
  tone: ReturnType<typeof toneOf>;
}

/**
 * Starts a lecture's session through `base` as its teacher and joins the sheet there as our web
 * sheet does: it asks for the session's key, plays the tone live and reports its clock.
 */
export async function goLive(base: string, lectureSlug: string, token: string): Promise<LiveLecture> {
  const start = new FormData();
  start.set('lecture_slug', lectureSlug);
  start.set('classroom_slug', '');
  const res = await fetch(`${base}/api/manage/session/create_lecture_session/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: start,
  });
  const created = (await res.json()) as {
    data?: { session_id: string; audio_url: string; student_count: number };
  };
  if (!created.data) throw new Error(`the session did not start: ${JSON.stringify(created)}`);
  const sessionId = created.data.session_id;
  const socket: TeacherSocket = connect(`${base}/client`, { transports: ['websocket'], reconnection: false });
  const key = await new Promise<{ key_hex: string; config: unknown; epoch_ms: number }>((resolve, reject) => {
    socket.once('session_tone', (m) => resolve(m));
    socket.once('client_error', (e) => reject(new Error(JSON.stringify(e))));
    socket.on('connect', () =>
      socket.emit('socket_connection', {
        client: 'FE',
        session_id: sessionId,
        auth_token: token,
        live_tone: true,
      }),
    );
  });
  socket.emit('tone_clock', {
    client: 'FE',
    session_id: sessionId,
    auth_token: token,
    offset_ms: 0,
    tolerance_ms: 50,
  });
  const tone = toneOf({
    version: 2,
    keyHex: key.key_hex,
    config: key.config,
    epochMs: key.epoch_ms,
    fileLoopS: 180,
  });
  return {
    sessionId,
    audioUrl: created.data.audio_url,
    studentCount: created.data.student_count,
    socket,
    tone,
  };
}

export interface UploadResult {
  enrollment: string;
  startedAt: number;
  status: number;
  code: unknown;
  /** The answer's message when it was not a mark (why it failed). */
  message?: string;
  tookMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** One student's `mark_attendance_for_student/` as the browser sends it (multipart, recording.wav). */
export async function uploadMark(
  base: string,
  lectureSlug: string,
  room: { latitude: number; longitude: number },
  student: { enrollment: string; token: string },
  recording: Uint8Array,
  startMs: number,
): Promise<UploadResult> {
  const form = new FormData();
  form.set('latitude', String(room.latitude));
  form.set('longitude', String(room.longitude));
  form.set('lecture_slug', lectureSlug);
  form.set('start_time', String(Math.round(startMs)));
  form.set('audio', new Blob([recording], { type: 'audio/wav' }), 'recording.wav');
  const startedAt = performance.now();
  let status = 0;
  let code: unknown;
  let message: string | undefined;
  try {
    const res = await fetch(`${base}/api/manage/session/mark_attendance_for_student/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    const body = (await res.json()) as { code?: unknown; message?: string };
    code = body.code;
    message = body.message;
  } catch (err) {
    code = String(err);
  }
  return {
    enrollment: student.enrollment,
    startedAt,
    status,
    code,
    ...(message === undefined ? {} : { message }),
    tookMs: performance.now() - startedAt,
  };
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc (Linux). */
export async function cpuSeconds(pid: number): Promise<number> {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/** CPU seconds of a process's main thread alone (its event loop; not its workers). */
export async function mainThreadCpuSeconds(pid: number): Promise<number> {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);
}

async function statCpuSeconds(file: string): Promise<number> {
  const stat = await readFile(file, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds each PostgreSQL backend serving `db`'s database has used so far, by backend pid
 * (the server runs on this machine; /proc/<pid>/stat is readable by anyone). A span's cost is the
 * growth of the backends alive at both ends plus what backends started meanwhile used; one that
 * ended meanwhile is missed (the pool keeps busy connections open, so few do). The asking
 * connection's own backend is counted too: a bench querying on one connection is that backend.
 */
export async function databaseBackendsCpu(db: {
  execute: (q: ReturnType<typeof sql>) => Promise<unknown>;
}): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as { rows?: { pid: number }[] } | { pid: number }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(Number(pid), await cpuSeconds(Number(pid)));
    } catch {
      // ended between the query and the read
    }
  }
  return cpu;
}

/** CPU seconds the backends used between two `databaseBackendsCpu` samples. */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
