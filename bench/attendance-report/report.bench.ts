// Term report and detention list on one branch's term (see generate.ts: 1,200 students, 30
// subjects, 60 sessions each, about 2.16 million attendance rows) on PostgreSQL, through the same
// repository the server's reports use (apps/server/src/domain/attendance-record). Targets (issue 16):
// term report ≤ 500 ms, detention list ≤ 300 ms. Each query runs twice to warm up, then `--runs`
// times; median, p90 and best are printed with the machine's load average.
// `--marks attendances` sums every mark afresh instead of reading the trigger-kept tally (the
// record before migration 0008), so both can be measured on the same data, alternated.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx bench/attendance-report/report.bench.ts
//      [--generate] [--runs 9] [--marks tally|attendances]   (--generate fills the database first: it empties it)
import { readFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  createAttendanceRecordRepository,
  remainingLectures,
} from '../../apps/server/src/domain/attendance-record';
import { generate } from './generate';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL (a PostgreSQL database the bench may empty).');
  process.exit(2);
}
const runsIndex = process.argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(process.argv[runsIndex + 1]) : 9;
const marksIndex = process.argv.indexOf('--marks');
const MARKS_FROM =
  marksIndex >= 0 && process.argv[marksIndex + 1] === 'attendances' ? 'attendances' : 'tally';

const handle = await openDatabase({
  url,
  dataDir: null,
  limits: { poolSize: 2, poolWaitMs: 10_000, statementTimeoutMs: 3_600_000, lockTimeoutMs: 60_000 },
});
const db = handle.db;
if (process.argv.includes('--generate')) {
  await generate(db, { students: 1200, subjects: 30, weeks: 20, divisionSize: 60 });
}
type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>): Promise<Row[]> => {
  const result: unknown = await db.execute(q);
  return (result as { rows: Row[] }).rows;
};
const scalar = async (q: ReturnType<typeof sql>) => (await rows(q))[0]!;

/**
 * CPU time (ms) of each of the database's server processes, read from /proc (the bench runs on
 * the database's machine). Unlike wall time it hardly depends on how busy the machine is.
 */
async function backendCpu(): Promise<Map<number, number> | null> {
  try {
    const pids = await rows(sql`select pid from pg_stat_activity where datname = current_database()`);
    const cpu = new Map<number, number>();
    for (const { pid } of pids) {
      const stat = await readFile(`/proc/${Number(pid)}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100); // utime + stime, USER_HZ 100
    }
    return cpu;
  } catch {
    return null;
  }
}

/** CPU used between two readings; a process born in between counts whole (the pool opens some). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

const volume = await scalar(sql`select (select count(*) from attendances)::int as marks,
  (select count(*) from lecture_sessions)::int as sessions, (select count(*) from students)::int as students,
  (select count(*) from offered_subjects)::int as subjects`);
const firstSubject = await scalar(sql`select min(id)::int as id from offered_subjects`);
const aStudent = await scalar(sql`select min(id)::int as id from students`);

const record = createAttendanceRecordRepository(db, { marksFrom: MARKS_FROM });
const branch = { institutionId: 1, branchIds: [1] };

async function measure(label: string, target: number | null, run: () => Promise<unknown[]>) {
  let size = 0;
  for (let i = 0; i < 2; i++) size = (await run()).length;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = await backendCpu();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
    const after = await backendCpu();
    if (before && after) cpuTimes.push(cpuBetween(before, after));
  }
  cpuTimes.sort((a, b) => a - b);
  const cpu = cpuTimes.length === RUNS ? cpuTimes[Math.floor(RUNS / 2)]! : null;
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p90 = times[Math.min(times.length - 1, Math.ceil(0.9 * times.length) - 1)]!;
  const verdict = target === null ? '' : median <= target ? `  ≤ ${target} ms: yes` : `  ≤ ${target} ms: NO`;
  const cpuText = cpu === null ? '' : `  server CPU median ${cpu.toFixed(0).padStart(5)} ms`;
  console.log(
    `${label.padEnd(44)} rows ${String(size).padStart(6)}  median ${median.toFixed(0).padStart(5)} ms  p90 ${p90
      .toFixed(0)
      .padStart(5)} ms  best ${times[0]!.toFixed(0).padStart(5)} ms${cpuText}${verdict}`,
  );
}

console.log(
  `${new Date().toISOString()}  ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}  load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`marks summed from: ${MARKS_FROM}`);
console.log(
  `volume: ${String(volume.marks)} attendance rows, ${String(volume.sessions)} sessions, ${String(volume.students)} students, ${String(volume.subjects)} subjects`,
);
await measure('term report, one page of 25 students (API)', 500, async () => {
  const roster = await record.roster(branch, { limit: 25, offset: 0 });
  return record.subjectTallies({ ...branch, studentIds: roster.studentIds });
});
await measure('term report, whole branch (export)', 500, () => record.subjectTallies(branch));
await measure('detention list below 75 %, whole branch', 300, () => record.detained(branch, 75));
// The weekly alerts job's filter: everything up to yesterday (every session is before it).
await measure('detention list, whole branch, up to a date', 300, () =>
  record.detained({ ...branch, to: '2026-11-24' }, 75),
);
// A month cuts every lecture: its marks are grouped from the attendance rows.
await measure('term report, whole branch, one month', null, () =>
  record.subjectTallies({ ...branch, from: '2026-09-01', to: '2026-09-30' }),
);
await measure('detention list below 75 %, one subject (§13)', 300, () =>
  record.detained({ ...branch, subjectIds: [Number(firstSubject.id)] }, 75),
);
await measure('weekly trend (branch)', null, () => record.weeklyTrend(branch));
await measure("one student's record (student page)", null, () =>
  record.subjectTallies({ institutionId: 1, studentIds: [Number(aStudent.id)] }),
);
await measure("one student's remaining lectures", null, () =>
  remainingLectures(db, { institutionId: 1, studentId: Number(aStudent.id), today: '2026-11-02' }),
);
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await handle.close();
