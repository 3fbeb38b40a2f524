// The database work of one marking attempt, before and after docs/decisions/sessions-0014, alternated
// in one process on one PostgreSQL: the six reads before verification (student, lecture by slug,
// time zone, session, attendance row, two-way setting) and the stored verdict in a transaction
// (BEGIN, UPDATE, audit INSERT, COMMIT), against the joined marking context and the one-statement
// write. Measures the CPU each costs per attempt on the instance's side (this process: Drizzle, pg,
// the event loop; one thread) and in PostgreSQL (the backends serving this database, /proc), which
// on the 2-core bell machine run on the same cores. The token's profile read is the same in both
// and left out. Every attempt stores an `absent` verdict, so a row takes attempts again and again.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> \
//      npx tsx bench/sessions/marking-statements.bench.ts [--lectures 10] [--rounds 12] [--block 25]
// The bench owns the database it is given (it empties it first).
import { cpus, loadavg } from 'node:os';
import { and, eq, isNull } from 'drizzle-orm';
import { attendances, batchStudents, batches, lectureBatches } from '../../apps/server/src/db/schema';
import { audit, type AuditEntry } from '../../apps/server/src/lib/audit';
import { currentWeekday, localDate } from '../../apps/server/src/lib/week';
import { insertLecture } from '../../apps/server/src/testing/lecture-fixture';
import { buildStudent } from '../../apps/server/src/testing/factories';
import { createLectureRepositories } from '../../apps/server/src/domain/lectures/lecture-repositories';
import { createMarkingContextReader } from '../../apps/server/src/domain/lectures/marking-context';
import { recordAuditedAttempt } from '../../apps/server/src/domain/attendance.repository';
import { usesTwoWayCheck } from '../../apps/server/src/modules/sessions/two-way-challenge';
import { numberOption as option, requiredEnv } from '../lib/options';
import { cpuMs } from '../lib/cpu-clock';
import { backendsCpuBetween, databaseBackendsCpu, lectureHolders, openBenchWorld } from './marking-client';

const LECTURES = option('lectures', 10);
const STUDENTS = 10;
const ROUNDS = option('rounds', 12);
const BLOCK = option('block', 25);
const DATABASE_URL = requiredEnv('BENCH_DATABASE_URL', 'a PostgreSQL database the bench may empty');

const bench = await openBenchWorld(DATABASE_URL);
const { handle, db, world } = bench;
const repos = createLectureRepositories(db);
const holders = await lectureHolders(bench);
const now = new Date();
const today = localDate(now, 'Asia/Kolkata');
const attempts: Array<{ profileId: number; slug: string }> = [];
for (let l = 0; l < LECTURES; l++) {
  const lecture = await insertLecture(db, {
    timetableId: holders.timetableId,
    offeredSubjectId: holders.offeredSubjectId,
    teacherId: world.teachers.cst.teacher.id,
    classroomId: world.rooms.LH101!.id,
    day: currentWeekday(now, 'Asia/Kolkata'),
  });
  const [batch] = await db
    .insert(batches)
    .values({ divisionId: world.divisions.A.id, name: `M${l}`, ordering: 10 + l })
    .returning();
  await db.insert(lectureBatches).values({ lectureId: lecture.id, batchId: batch!.id });
  const session = await repos.sessionRepo.openLiveSession(lecture.id, today);
  const ids: number[] = [];
  for (let s = 0; s < STUDENTS; s++) {
    const built = await buildStudent(db, {
      institutionId: world.institutionId,
      branchId: world.branch.id,
      semesterId: world.semester.id,
      enrollment: `MS${String(l).padStart(2, '0')}${String(s).padStart(3, '0')}`,
    });
    ids.push(built.student.id);
    attempts.push({ profileId: built.profile.id, slug: lecture.slug });
  }
  await db.insert(batchStudents).values(ids.map((studentId) => ({ batchId: batch!.id, studentId })));
  await repos.attendanceRepo.ensureAttendances(session.id, ids);
}

const verdict = {
  isPresent: false,
  manual: false,
  latitude: 23.03,
  longitude: 72.54,
  gpsDistance: 0.4,
  similarity: 12.5,
  euclideanDistance: 3.1,
  ncc: 0.05,
  magnitude: 0.2,
  verdict: 'absent' as const,
  reasons: ['tone_not_found'],
  recordingPath: null,
};
const auditOf = (profileId: number, slug: string, sessionId: string): AuditEntry => ({
  institutionId: world.institutionId,
  actorProfileId: profileId,
  action: 'attendance.not_confirmed',
  entityType: 'attendance',
  entitySlug: slug,
  detail: { session: sessionId, verdict: 'absent', reasons: verdict.reasons },
});

/** The reads and the write as the marking route sent them before sessions-0014. */
async function before({ profileId, slug }: { profileId: number; slug: string }) {
  const { people, lectureRepo, sessionRepo, attendanceRepo } = repos;
  const student = (await people.studentOfProfile(profileId))!;
  const lecture = (await lectureRepo.lectureBySlug(slug, world.institutionId))!;
  const day = localDate(new Date(), await people.institutionTimezone(world.institutionId));
  const session = (await sessionRepo.sessionOfLecture(lecture.id, day))!;
  const row = (await attendanceRepo.attendanceOfStudent(session.id, student.id))!;
  await usesTwoWayCheck(db, session.institutionId);
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .update(attendances)
      .set({ ...verdict, markingTime: new Date() })
      .where(
        and(
          eq(attendances.id, row.id),
          eq(attendances.isPresent, false),
          isNull(attendances.changedByTeacherAt),
        ),
      )
      .returning();
    if (stored) await audit(tx, auditOf(profileId, row.slug, session.sessionId));
  });
}

const readContext = createMarkingContextReader(db);
/** The same through the joined read and the one-statement write. */
async function after({ profileId, slug }: { profileId: number; slug: string }) {
  const context = (await readContext(
    { profileId, institutionId: world.institutionId },
    { lecture_slug: slug },
    new Date(),
  ))!;
  const row = context.row!;
  await recordAuditedAttempt(
    db,
    row.id,
    { ...verdict, markingTime: new Date() },
    auditOf(profileId, row.slug, context.session.sessionId),
  );
}

/** CPU ms per attempt here and in PostgreSQL over one block of attempts. */
async function block(run: typeof before, offset: number) {
  const dbBefore = await databaseBackendsCpu(db);
  const cpuBefore = cpuMs();
  for (let i = 0; i < BLOCK; i++) await run(attempts[(offset + i) % attempts.length]!);
  const client = cpuMs() - cpuBefore;
  const server = backendsCpuBetween(dbBefore, await databaseBackendsCpu(db)) * 1000;
  return { client: client / BLOCK, server: server / BLOCK };
}

/** Mean and a 95 % interval (t ≈ 2.2 for 12 rounds) of per-round means. */
function summary(samples: number[]): string {
  const n = samples.length;
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(samples.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (2.2 * sd) / Math.sqrt(n);
  return `${mean.toFixed(2)} ms (${(mean - half).toFixed(2)}-${(mean + half).toFixed(2)})`;
}

console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
// Warm-up: connections open, statements prepared, code compiled.
await block(before, 0);
await block(after, 0);
const results = {
  before: { client: [] as number[], server: [] as number[] },
  after: { client: [] as number[], server: [] as number[] },
};
for (let r = 0; r < ROUNDS; r++) {
  // Alternated, the order swapped each round.
  for (const [name, run] of r % 2 === 0
    ? ([
        ['before', before],
        ['after', after],
      ] as const)
    : ([
        ['after', after],
        ['before', before],
      ] as const)) {
    const m = await block(run, r * BLOCK);
    results[name].client.push(m.client);
    results[name].server.push(m.server);
  }
}
console.log(`${ROUNDS} rounds × ${BLOCK} attempts each way, ${attempts.length} students`);
console.log('| code | instance CPU per attempt (95 % CI) | PostgreSQL CPU per attempt (95 % CI) |');
console.log('| --- | --- | --- |');
for (const name of ['before', 'after'] as const) {
  console.log(`| ${name} | ${summary(results[name].client)} | ${summary(results[name].server)} |`);
}
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await handle.close();
