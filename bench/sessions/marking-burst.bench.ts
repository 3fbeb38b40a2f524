// Marking burst: 300 students of one live session upload their 5-s recordings through HTTP within
// 10 s while the teacher's socket is connected and streams its microphone. Measures throughput, the
// latency from each upload's start to its `mark_attendance` on the teacher's socket (p50/p95/p99),
// and checks that no mark was lost (300 events, 300 rows present in PostgreSQL).
//
// The server is a real `apps/server/src/main.ts` process in its scaled-out mode (PostgreSQL + Redis),
// on loopback only. The bench owns the database it is given: it empties it first.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> BENCH_REDIS_URL=redis://127.0.0.1:6379/<n> \
//      npx tsx bench/sessions/marking-burst.bench.ts [--students 300] [--spread-ms 10000] [--port 3301]
//      [--upload-delay-ms 0]   (time between the end of a recording and its upload: the browser reads
//                              the position and encodes the WAV; 0 is the worst case, see below)
//
// With no delay each upload arrives while the teacher's last second of that window is still being
// recorded, so the server waits for it (up to 1 s, 0.5 s on average) before verifying: that wait is
// part of the measured latency, as it is for a real student.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import { attendances, batchStudents, batches, lectureSessions } from '../../apps/server/src/db/schema';
import { roomSound, studentRecording, teacherChunks } from '../../apps/server/src/testing/audio';
import { addLecture } from '../../apps/server/src/testing/live-fixture';
import { accessTokenFor } from '../../apps/server/src/testing/tokens';
import { currentWeekday } from '../../apps/server/src/lib/week';
import { buildStudent } from '../../apps/server/src/testing/factories';
import { benchTokens as tokens, startBenchServer } from '../lib/bench-server';
import { numberOption as option, requiredEnv } from '../lib/options';
import {
  goLive,
  openBenchWorld,
  percentile,
  uploadMark,
  type TeacherSocket,
  type UploadResult,
} from './marking-client';

const STUDENTS = option('students', 300);
const SPREAD_MS = option('spread-ms', 10_000);
const PORT = option('port', 3301);
const UPLOAD_DELAY_MS = option('upload-delay-ms', 0);
const DATABASE_URL = requiredEnv('BENCH_DATABASE_URL', 'a PostgreSQL database the bench may empty');
const REDIS_URL = requiredEnv('BENCH_REDIS_URL', 'the Redis of the scaled-out mode');
const BASE = `http://127.0.0.1:${PORT}`;
/** Teacher audio streamed before the first student's recording starts. */
const LEAD_MS = 7000;

/** One live lecture (CST, LH101, today) whose only batch holds STUDENTS students, with their tokens. */
async function buildBurstWorld() {
  const { handle, db, world } = await openBenchWorld(DATABASE_URL);
  const [batch] = await db
    .insert(batches)
    .values({ divisionId: world.divisions.A.id, name: 'A3', ordering: 3 })
    .returning();
  const students = [];
  for (let i = 0; i < STUDENTS; i++) {
    students.push(
      await buildStudent(db, {
        institutionId: world.institutionId,
        branchId: world.branch.id,
        semesterId: world.semester.id,
        enrollment: `BENCH${String(i).padStart(4, '0')}`,
      }),
    );
  }
  await db
    .insert(batchStudents)
    .values(students.map((s) => ({ batchId: batch!.id, studentId: s.student.id })));
  const lecture = await addLecture(db, world, {
    divisionId: world.divisions.A.id,
    batchIds: [batch!.id],
    day: currentWeekday(new Date(), 'Asia/Kolkata'),
  });
  const now = Date.now();
  return {
    db,
    close: () => handle.close(),
    lecture,
    room: world.rooms.LH101!,
    teacherToken: await accessTokenFor(tokens, world.teachers.cst.profile, now),
    students: await Promise.all(
      students.map(async (s) => ({
        enrollment: s.student.enrollment,
        token: await accessTokenFor(tokens, s.profile, now),
      })),
    ),
  };
}

async function main() {
  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const world = await buildBurstWorld();
  const server = await startBenchServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    logLevel: 'warn',
  });
  let socket: TeacherSocket | undefined;
  const timers: NodeJS.Timeout[] = [];
  try {
    // The teacher starts the lecture and connects the sheet.
    const live = await goLive(BASE, world.lecture.slug, world.teacherToken);
    const { sessionId, audioUrl, tone } = live;
    socket = live.socket;
    const teacher = socket;
    // The file the original client would loop is served while live (fetched as that client does).
    if (!(await fetch(`${BASE}/api/media/${audioUrl}`)).ok) throw new Error('the tone file is not served');
    console.log(`session ${sessionId} live with ${live.studentCount} students, teacher socket joined`);

    // The room's sound over the whole run; every student's recording is their 5-s slice of it plus
    // the session tone, prepared before the clock starts (clients record before they upload).
    const spacing = SPREAD_MS / STUDENTS;
    const runS = Math.ceil((LEAD_MS + SPREAD_MS + 15_000) / 1000);
    const sound = roomSound(7, runS);
    // The teacher's microphone: one 1-s chunk per second, stamped with its start, sent when recorded.
    const epoch = Date.now() + 200;
    const recordings = world.students.map((_, i) =>
      studentRecording(tone, sound, (LEAD_MS - 5000 + i * spacing) / 1000, epoch),
    );
    for (const chunk of teacherChunks(sound, epoch)) {
      timers.push(
        setTimeout(
          () => {
            teacher.emit('incoming_audio_chunks', {
              client: 'FE',
              session_id: sessionId,
              auth_token: world.teacherToken,
              blob: chunk.bytes,
              timestamp: chunk.timestampMs,
            });
          },
          chunk.timestampMs + 1000 - Date.now(),
        ),
      );
    }

    const arrivals = new Map<string, number>();
    teacher.on('mark_attendance', (msg) => {
      const record = msg.data.data.attendance_data;
      if (record.is_present && !arrivals.has(record.student.enrollment)) {
        arrivals.set(record.student.enrollment, performance.now());
      }
    });

    // Student i finishes recording at epoch + LEAD_MS + i * spacing and uploads after the delay.
    const results = await Promise.all(
      world.students.map((student, i) => {
        const startMs = epoch + LEAD_MS - 5000 + i * spacing;
        return new Promise<UploadResult>((resolve) => {
          timers.push(
            setTimeout(
              () =>
                void uploadMark(BASE, world.lecture.slug, world.room, student, recordings[i]!, startMs).then(
                  resolve,
                ),
              startMs + 5000 + UPLOAD_DELAY_MS - Date.now(),
            ),
          );
        });
      }),
    );
    // Events may trail their HTTP answers by a moment.
    for (let i = 0; i < 50 && arrivals.size < STUDENTS; i++) await new Promise((r) => setTimeout(r, 100));

    const ok = results.filter((r) => r.status === 200 && r.code === 100);
    const failures = results.filter((r) => !(r.status === 200 && r.code === 100));
    const latencies = results
      .filter((r) => arrivals.has(r.enrollment))
      .map((r) => arrivals.get(r.enrollment)! - r.startedAt)
      .sort((a, b) => a - b);
    const firstStart = Math.min(...results.map((r) => r.startedAt));
    const lastArrival = Math.max(...arrivals.values());
    const http = results.map((r) => r.tookMs).sort((a, b) => a - b);
    const [session] = await world.db
      .select({ id: lectureSessions.id })
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, sessionId));
    const [present] = await world.db
      .select({ n: count() })
      .from(attendances)
      .where(and(eq(attendances.sessionId, session!.id), eq(attendances.isPresent, true)));

    console.log(`upload delay after recording: ${UPLOAD_DELAY_MS} ms`);
    console.log(
      `uploads: ${results.length} over ${(SPREAD_MS / 1000).toFixed(0)} s, answered 200 with code 100: ${ok.length}`,
    );
    for (const f of failures.slice(0, 10))
      console.log(`  failed: ${f.enrollment} status ${f.status} code ${String(f.code)}`);
    console.log(
      `mark_attendance events on the teacher's socket: ${arrivals.size}; rows present in PostgreSQL: ${present!.n}`,
    );
    console.log(
      `throughput: ${(arrivals.size / ((lastArrival - firstStart) / 1000)).toFixed(1)} marks/s (first upload to last event ${((lastArrival - firstStart) / 1000).toFixed(2)} s)`,
    );
    console.log(
      `latency upload start -> teacher's screen: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms`,
    );
    console.log(
      `HTTP answer: p50 ${percentile(http, 0.5).toFixed(0)} ms, p95 ${percentile(http, 0.95).toFixed(0)} ms, p99 ${percentile(http, 0.99).toFixed(0)} ms`,
    );
    const lost = STUDENTS - Math.min(arrivals.size, Number(present!.n), ok.length);
    console.log(lost === 0 ? 'no mark lost' : `LOST: ${lost} marks`);
    process.exitCode = lost === 0 ? 0 : 1;
  } finally {
    for (const t of timers) clearTimeout(t);
    socket?.close();
    await server.stop();
    await world.close();
  }
}

await main();
