// The 9:00 bell (issue 19 item 4): many lectures start at once on two server instances sharing one
// PostgreSQL and one Redis; every lecture's teacher sheet streams its microphone to one instance
// while its students' uploads land on either. A sweep of marking rates measures, per rate and per
// code version (this checkout, and optionally an older checkout given with --old, alternated in
// one run): p50/p95/p99 from an upload's start to the `mark_attendance` on its teacher's socket,
// that nothing is lost (every upload answered code 100, one event each, every row present),
// instance CPU per mark (both processes, all threads, over the marking span; in brackets what the
// same span of streaming alone cost just before, so the marks' own share is the difference), and
// the Redis bytes a live session costs once its teacher has streamed past the audio window. The
// same per mark for the instances' main threads alone (their event loops, without verification)
// and for the PostgreSQL backends serving the bench's database (sessions-0014).
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> BENCH_REDIS_URL=redis://127.0.0.1:6379/<n> \
//      npx tsx bench/sessions/bell.bench.ts [--lectures 30] [--students 10] [--rates 20,40]
//      [--upload-delay-ms 1000] [--port 3331] [--stream-s 65] [--old /path/to/older/checkout]
//      [--tone-band 15000-20000]  (the institution's tone band; default: the server's, 17-20 kHz)
//      [--cpu-prof /dir]  (V8 CPU profiles of both instances, one folder per code version and rate)
//      [--warm-up 1]  (one run of this checkout at the first rate before the sweep, its row marked: the
//      sweep's first run is otherwise cold, its sheets' tone-level checks late, and not comparable)
// The bench owns the database it is given (it empties it before each run).
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import {
  attendances,
  batchStudents,
  batches,
  classrooms,
  classroomBranches,
  institutions,
  lectureBatches,
  lectureSessions,
} from '../../apps/server/src/db/schema';
import { roomSound, studentRecording, teacherChunks } from '../../apps/server/src/testing/audio';
import { insertLecture } from '../../apps/server/src/testing/lecture-fixture';
import { accessTokenFor } from '../../apps/server/src/testing/tokens';
import { currentWeekday } from '../../apps/server/src/lib/week';
import { buildStudent, buildTeacher } from '../../apps/server/src/testing/factories';
import { benchTokens as tokens, startBenchServer, type BenchServer } from '../lib/bench-server';
import { numberOption as option, requiredEnv, textOption } from '../lib/options';
import {
  backendsCpuBetween,
  cpuSeconds,
  databaseBackendsCpu,
  goLive,
  mainThreadCpuSeconds,
  lectureHolders,
  openBenchWorld,
  percentile,
  uploadMark,
  type LiveLecture,
  type UploadResult,
} from './marking-client';

const LECTURES = option('lectures', 30);
const STUDENTS = option('students', 10);
const RATES = textOption('rates', '20,40').split(',').map(Number);
const UPLOAD_DELAY_MS = option('upload-delay-ms', 1000);
const PORT = option('port', 3331);
const STREAM_S = option('stream-s', 65);
const OLD = textOption('old', '');
// The Redis a session costs depends on its tone band (the stored teacher audio keeps that band).
const TONE_BAND = textOption('tone-band', '');
const CPU_PROF = textOption('cpu-prof', '');
const WARM_UP = option('warm-up', 0) > 0;
const DATABASE_URL = requiredEnv('BENCH_DATABASE_URL', 'a PostgreSQL database the bench may empty');
const REDIS_URL = requiredEnv('BENCH_REDIS_URL', 'the Redis both instances share');
/** Streaming alone before the first upload: the CPU baseline, and teacher audio for the first windows. */
const LEAD_MS = 12_000;

/** L lectures of today, each with its own teacher, classroom and batch of S students. */
async function buildBellWorld() {
  const bench = await openBenchWorld(DATABASE_URL);
  const { handle, db, world } = bench;
  if (TONE_BAND) {
    const [toneBandLowHz, toneBandHighHz] = TONE_BAND.split('-').map(Number);
    await db
      .update(institutions)
      .set({ toneBandLowHz, toneBandHighHz })
      .where(eq(institutions.id, world.institutionId));
  }
  const holders = await lectureHolders(bench);
  const now = Date.now();
  const lectures = [];
  for (let l = 0; l < LECTURES; l++) {
    const teacher = await buildTeacher(db, {
      institutionId: world.institutionId,
      branchId: world.branch.id,
      teacherCode: `BT${l}`,
    });
    const [room] = await db
      .insert(classrooms)
      .values({ institutionId: world.institutionId, name: `BELL${l}`, latitude: 23.03, longitude: 72.54 })
      .returning();
    await db.insert(classroomBranches).values({ classroomId: room!.id, branchId: world.branch.id });
    const [batch] = await db
      .insert(batches)
      .values({ divisionId: world.divisions.A.id, name: `BELL${l}`, ordering: 10 + l })
      .returning();
    const students = [];
    for (let s = 0; s < STUDENTS; s++) {
      const built = await buildStudent(db, {
        institutionId: world.institutionId,
        branchId: world.branch.id,
        semesterId: world.semester.id,
        enrollment: `BELL${String(l).padStart(2, '0')}${String(s).padStart(3, '0')}`,
      });
      students.push({
        enrollment: built.student.enrollment,
        id: built.student.id,
        token: await accessTokenFor(tokens, built.profile, now),
      });
    }
    await db.insert(batchStudents).values(students.map((s) => ({ batchId: batch!.id, studentId: s.id })));
    const lecture = await insertLecture(db, {
      timetableId: holders.timetableId,
      offeredSubjectId: holders.offeredSubjectId,
      teacherId: teacher.teacher.id,
      classroomId: room!.id,
      day: currentWeekday(new Date(), 'Asia/Kolkata'),
    });
    await db.insert(lectureBatches).values({ lectureId: lecture.id, batchId: batch!.id });
    lectures.push({
      slug: lecture.slug,
      room: room!,
      teacherToken: await accessTokenFor(tokens, teacher.profile, now),
      students,
    });
  }
  return { db, close: () => handle.close(), lectures };
}

/** Redis bytes (MEMORY USAGE) of every key naming the session. */
async function sessionBytes(redis: Redis, sessionId: string): Promise<number> {
  let cursor = '0';
  let bytes = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `*${sessionId}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) bytes += Number(await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
  } while (cursor !== '0');
  return bytes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(code: string, cwd: string | undefined, rate: number) {
  const world = await buildBellWorld();
  const redis = new Redis(REDIS_URL);
  const servers: BenchServer[] = [];
  const timers: NodeJS.Timeout[] = [];
  const live: LiveLecture[] = [];
  const bases = [`http://127.0.0.1:${PORT}`, `http://127.0.0.1:${PORT + 1}`];
  try {
    for (const [i, base] of bases.entries()) {
      servers.push(
        await startBenchServer({
          port: PORT + i,
          databaseUrl: DATABASE_URL,
          redisUrl: REDIS_URL,
          logLevel: 'warn',
          ...(cwd ? { cwd } : {}),
          // Written when the instance exits (SIGTERM ends it through process.exit).
          ...(CPU_PROF
            ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF, `${code}-${rate}`)] }
            : {}),
        }),
      );
      void base;
    }
    // The bell: every lecture goes live at once, teachers alternating between the instances.
    live.push(
      ...(await Promise.all(world.lectures.map((l, i) => goLive(bases[i % 2]!, l.slug, l.teacherToken)))),
    );
    const total = LECTURES * STUDENTS;
    const spreadMs = (total / rate) * 1000;
    const runS = Math.max(STREAM_S, Math.ceil((LEAD_MS + spreadMs + UPLOAD_DELAY_MS + 20_000) / 1000));
    const sound = roomSound(7, runS + 2);
    // The students' recordings are synthesised before the stream starts, so the stream and the
    // uploads keep their schedule: synthesised after it (as before), on a loaded machine they
    // took longer than the lead and every upload went late (refused 400). The stream starts once
    // they are ready: 1.5 times what one took, for each, plus a second.
    const probeStart = performance.now();
    studentRecording(live[0]!.tone, sound, 1, Date.now());
    const epoch = Date.now() + Math.ceil((performance.now() - probeStart) * total * 1.5) + 1000;
    // Upload k: lecture k mod L, its next student, on the other instance than its teacher's half the time.
    const uploads = Array.from({ length: total }, (_, k) => {
      const lecture = k % LECTURES;
      const student = Math.floor(k / LECTURES);
      const endMs = epoch + LEAD_MS + (k * 1000) / rate;
      return {
        lecture,
        student,
        startMs: endMs - 5000,
        sendAt: endMs + UPLOAD_DELAY_MS,
        base: bases[(k + lecture) % 2]!,
      };
    });
    const recordings = uploads.map((u) =>
      studentRecording(live[u.lecture]!.tone, sound, (u.startMs - epoch) / 1000, epoch),
    );
    if (Date.now() > epoch)
      console.log(`  the recordings took ${Date.now() - epoch} ms past the stream's start`);
    const chunks = teacherChunks(sound, epoch);
    for (const chunk of chunks) {
      timers.push(
        setTimeout(
          () => {
            for (const [i, l] of live.entries()) {
              l.socket.emit('incoming_audio_chunks', {
                client: 'FE',
                session_id: l.sessionId,
                auth_token: world.lectures[i]!.teacherToken,
                blob: chunk.bytes,
                timestamp: chunk.timestampMs,
              });
            }
          },
          chunk.timestampMs + 1000 - Date.now(),
        ),
      );
    }
    const arrivals = new Map<string, number>();
    for (const l of live) {
      l.socket.on('mark_attendance', (msg) => {
        const record = msg.data.data.attendance_data;
        if (record.is_present && !arrivals.has(record.student.enrollment)) {
          arrivals.set(record.student.enrollment, performance.now());
        }
      });
    }
    const pids = servers.map((s) => s.process.pid!);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const cpuAt = async () => sum(await Promise.all(pids.map(cpuSeconds)));
    // The event loops alone: what the marking route, the sockets and storing chunks cost, without
    // the verification workers.
    const mainAt = async () => sum(await Promise.all(pids.map(mainThreadCpuSeconds)));
    // Baseline: the same span of streaming alone, just before the first upload.
    const baselineSpanMs = 6000;
    await sleep(uploads[0]!.sendAt - Date.now() - baselineSpanMs - 200);
    const [baseStart, baseMainStart] = [await cpuAt(), await mainAt()];
    const baseDb = await databaseBackendsCpu(world.db);
    await sleep(baselineSpanMs);
    const baselineCpuPerMs = ((await cpuAt()) - baseStart) / baselineSpanMs;
    const baselineMainPerMs = ((await mainAt()) - baseMainStart) / baselineSpanMs;
    const baselineDbPerMs = backendsCpuBetween(baseDb, await databaseBackendsCpu(world.db)) / baselineSpanMs;
    const markStart = await cpuAt();
    const markMainStart = await mainAt();
    const markDb = await databaseBackendsCpu(world.db);
    const markStartAt = Date.now();
    const results = await Promise.all(
      uploads.map(
        (u, k) =>
          new Promise<UploadResult>((resolve) => {
            const l = world.lectures[u.lecture]!;
            timers.push(
              setTimeout(
                () =>
                  void uploadMark(
                    u.base,
                    l.slug,
                    l.room,
                    l.students[u.student]!,
                    recordings[k]!,
                    u.startMs,
                  ).then(resolve),
                u.sendAt - Date.now(),
              ),
            );
          }),
      ),
    );
    for (let i = 0; i < 100 && arrivals.size < total; i++) await sleep(100);
    const markSpanMs = Date.now() - markStartAt;
    const markCpu = (await cpuAt()) - markStart;
    const markMain = (await mainAt()) - markMainStart;
    const markDbCpu = backendsCpuBetween(markDb, await databaseBackendsCpu(world.db));
    const streamingCpu = baselineCpuPerMs * markSpanMs;
    const perMark = (seconds: number) => ((seconds * 1000) / total).toFixed(1);

    const ok = results.filter((r) => r.status === 200 && r.code === 100);
    const latencies = results
      .filter((r) => arrivals.has(r.enrollment))
      .map((r) => arrivals.get(r.enrollment)! - r.startedAt)
      .sort((a, b) => a - b);
    const sessionRows = await world.db
      .select({ id: lectureSessions.id })
      .from(lectureSessions)
      .where(
        inArray(
          lectureSessions.sessionId,
          live.map((l) => l.sessionId),
        ),
      );
    const [present] = await world.db
      .select({ n: count() })
      .from(attendances)
      .where(
        and(
          inArray(
            attendances.sessionId,
            sessionRows.map((s) => s.id),
          ),
          eq(attendances.isPresent, true),
        ),
      );
    // Redis per live session once the teacher streamed past the window (the old default is 60 s).
    await sleep(Math.max(0, epoch + STREAM_S * 1000 - Date.now()));
    const bytes = await Promise.all(live.map((l) => sessionBytes(redis, l.sessionId)));
    const lost = total - Math.min(ok.length, arrivals.size, Number(present!.n));
    const failures = results.filter((r) => !(r.status === 200 && r.code === 100));
    const statuses = [...new Set(failures.map((f) => `${f.status}/${String(f.code)}`))].slice(0, 5);
    // How many for each answer: an overloaded machine refuses genuine marks for a few reasons.
    const byAnswer = new Map<string, number>();
    for (const f of failures) {
      const why = `${f.status}: ${f.message ?? String(f.code)}`;
      byAnswer.set(why, (byAnswer.get(why) ?? 0) + 1);
    }
    for (const [why, n] of byAnswer) console.log(`  failed ${n}x: ${why}`);
    console.log(
      [
        `| ${code} | ${rate}/s`,
        `${ok.length}/${arrivals.size}/${present!.n} of ${total}`,
        `${percentile(latencies, 0.5).toFixed(0)} / ${percentile(latencies, 0.95).toFixed(0)} / ${percentile(latencies, 0.99).toFixed(0)} ms`,
        `${perMark(markCpu)} (${perMark(streamingCpu)}) ms`,
        `${perMark(markMain)} (${perMark(baselineMainPerMs * markSpanMs)}) ms`,
        `${perMark(markDbCpu)} (${perMark(baselineDbPerMs * markSpanMs)}) ms`,
        // Mean and range: a session whose stream fell behind under load keeps less than its window.
        `${(bytes.reduce((a, b) => a + b, 0) / bytes.length / 1e6).toFixed(2)} MB (${(Math.min(...bytes) / 1e6).toFixed(2)}-${(Math.max(...bytes) / 1e6).toFixed(2)})`,
        `${lost}${statuses.length ? ` (${statuses.join(', ')})` : ''}`,
        `${loadavg()[0]!.toFixed(2)} |`,
      ].join(' | '),
    );
  } finally {
    for (const t of timers) clearTimeout(t);
    for (const l of live) l.socket.close();
    await Promise.all(servers.map((s) => s.stop()));
    // The next run starts from an empty database; its sessions' Redis keys are new ones.
    for (const l of live) for (const key of await redis.keys(`*${l.sessionId}*`)) await redis.del(key);
    await redis.quit();
    await world.close();
  }
}

console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${LECTURES} lectures × ${STUDENTS} students, two instances, upload ${UPLOAD_DELAY_MS} ms after the recording`,
);
console.log(
  '| code | rate | answered 100 / events / rows present | p50 / p95 / p99 upload → teacher | CPU per mark (of it streaming alone) | main threads per mark (streaming alone) | PostgreSQL per mark (streaming alone) | Redis per session | lost | load (1 min) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
if (WARM_UP) await run('warm-up', undefined, RATES[0]!);
for (const rate of RATES) {
  await run('new', undefined, rate);
  if (OLD) await run('old', OLD, rate);
}
