// Generates one branch's term of attendance for the report benchmark: 1,200 students in 20
// divisions of 60 (two batches each), 30 subjects, each subject three lectures a week per
// division for 20 weeks (60 sessions a subject), every student marked in every session:
// 1,200 × 30 × 60 = 2,160,000 attendance rows with realistic wide rows (positions, metrics,
// reasons). Students differ: about one in six attends rarely enough to fall below 75 %; 3 % of
// marks are excused. Deterministic (setseed). The bench owns the database it is given: it empties it.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx bench/attendance-report/generate.ts
//      [--students 1200] [--subjects 30] [--weeks 20]
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import type { Db } from '../../apps/server/src/db/client';

export interface GenerateOptions {
  students: number;
  subjects: number;
  weeks: number;
  divisionSize: number;
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

async function step(label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Fills an empty database with the benchmark's branch; answers the ids the bench queries with. */
export async function generate(db: Db, o: GenerateOptions) {
  const divisions = Math.ceil(o.students / o.divisionSize);
  await truncateAll(db);
  const x = (q: ReturnType<typeof sql>) => db.execute(q);
  await step('organisation, people, subjects, timetable', async () => {
    await x(sql`select setseed(0.42)`);
    await x(
      sql`insert into institutions (slug, name, code) values ('bench-inst', 'Bench Institute', 'BENCH')`,
    );
    await x(sql`insert into branches (slug, institution_id, branch_name, branch_code)
      values ('bench-ce', 1, 'Computer Engineering', '07')`);
    await x(sql`insert into streams (slug, institution_id, branch_id, title, stream_code)
      values ('bench-be', 1, 1, 'BE', '07')`);
    await x(sql`insert into semesters (slug, institution_id, stream_id, no, start_date, end_date, academic_year)
      values ('bench-sem', 1, 1, 5, '2026-07-06', '2026-12-15', '2026-27')`);
    await x(sql`insert into classrooms (slug, institution_id, class_name, latitude, longitude)
      values ('bench-room', 1, 'LH101', 23.03, 72.54)`);
    // A password hash nobody can sign in with: the bench never signs in.
    await x(sql`insert into profiles (slug, institution_id, role, name, email, password_hash)
      select 'bench-t' || g, 1, 'teacher', 'Teacher ' || g, 'teacher' || g || '@bench.test', '!'
      from generate_series(1, ${o.subjects}) g`);
    await x(sql`insert into teachers (slug, institution_id, profile_id, teacher_code)
      select 'bench-t' || p.id, 1, p.id, 'T' || p.id from profiles p where p.role = 'teacher'`);
    await x(sql`insert into profiles (slug, institution_id, role, name, email, password_hash)
      select 'bench-s' || g, 1, 'student', 'Student ' || g, 'student' || g || '@bench.test', '!'
      from generate_series(1, ${o.students}) g`);
    await x(sql`insert into students (slug, institution_id, profile_id, enrollment, branch_id, stream_id, semester_id)
      select 'bench-s' || p.id, 1, p.id, lpad(p.id::text, 12, '0'), 1, 1, 1 from profiles p where p.role = 'student'`);
    await x(sql`insert into catalogue_subjects (slug, institution_id, degree, stream_code, sem_year, subject_code,
        academic_year, eff_from, subject_name, short_name, category, l, t, p, credit, e, m, i, v, total_marks)
      select 'bench-c' || g, 1, 'BE', '07', 5, '31507' || lpad(g::text, 2, '0'), '2026-27', '2026-27',
        'Subject ' || g, 'S' || g, 'Professional Core Course', 3, 0, 0, 3, 70, 30, 0, 0, 100
      from generate_series(1, ${o.subjects}) g`);
    await x(sql`insert into offered_subjects (slug, semester_id, catalogue_subject_id, ordering)
      select 'bench-o' || c.id, 1, c.id, c.id from catalogue_subjects c`);
    await x(sql`insert into divisions (slug, semester_id, division_name, ordering)
      select 'bench-d' || g, 1, 'D' || g, g from generate_series(1, ${divisions}) g`);
    await x(sql`insert into batches (slug, division_id, batch_name, ordering)
      select 'bench-b' || d.id || '-' || n, d.id, d.division_name || '-' || n, n
      from divisions d cross join generate_series(1, 2) n`);
    // Students in enrollment order: 60 per division, alternating between its two batches.
    await x(sql`with s as (select id, row_number() over (order by id) - 1 as k from students)
      insert into division_students (semester_id, division_id, student_id)
      select 1, (s.k / ${o.divisionSize})::int + 1, s.id from s`);
    await x(sql`insert into batch_students (batch_id, student_id)
      select b.id, ds.student_id from division_students ds
      join batches b on b.division_id = ds.division_id and b.ordering = (ds.student_id % 2) + 1`);
    await x(sql`insert into timetables (slug, division_id) select 'bench-tt' || d.id, d.id from divisions d`);
    // Three lectures a week per division and subject, on three of the five weekdays.
    await x(sql`insert into lectures (slug, timetable_id, day, start_time, end_time, type, offered_subject_id,
        teacher_id, classroom_id)
      select 'bench-l' || tt.id || '-' || os.id || '-' || k, tt.id,
        (array['monday','tuesday','wednesday','thursday','friday'])[((os.id + k * 2) % 5) + 1],
        make_time(9 + (os.id % 6), 0, 0), make_time(10 + (os.id % 6), 0, 0), 'theory', os.id,
        (select t.id from teachers t order by t.id offset (os.id - 1) % ${o.subjects} limit 1), 1
      from timetables tt cross join offered_subjects os cross join generate_series(0, 2) k`);
    await x(sql`insert into lecture_batches (lecture_id, batch_id)
      select l.id, b.id from lectures l join timetables tt on tt.id = l.timetable_id
      join batches b on b.division_id = tt.division_id`);
  });
  await step(`sessions (${o.weeks} weeks)`, () =>
    x(sql`insert into lecture_sessions (session_id, lecture_id, day, status, started_at, ended_at)
      select md5(l.id || '-' || w), l.id, d.day, 'post', d.day + l.start_time, d.day + l.end_time
      from lectures l cross join generate_series(0, ${o.weeks - 1}) w
      cross join lateral (select ('2026-07-06'::date + w * 7
        + (array_position(array['monday','tuesday','wednesday','thursday','friday'], l.day) - 1))::date as day) d`),
  );
  await step('attendance rows', async () => {
    // Each student's habit: most attend 85-98 %, one in six 50-75 %.
    await x(sql`create temporary table habit as
      select id as student_id, case when id % 6 = 0 then 0.5 + random() * 0.25 else 0.85 + random() * 0.13 end as p
      from students`);
    // A week per statement, as a term fills up: the tally triggers (migration 0008) group each
    // statement's marks once, and one statement of 2 million rows would hold them all in memory.
    for (let w = 0; w < o.weeks; w++) {
      await x(sql`insert into attendances (slug, session_id, student_id, is_present, excuse, marking_time, latitude,
        longitude, accuracy_m, gps_distance, similarity, euclidean_distance, ncc, magnitude, verdict, reasons)
      select md5(m.session_id || '-' || m.student_id), m.session_id, m.student_id, m.present, m.excuse,
        case when m.present then m.started_at + interval '3 minutes' end,
        23.03 + random() / 10000, 72.54 + random() / 10000, 8 + random() * 20, random() * 40,
        random(), random() * 5, random(), random(), case when m.present then 'present' else 'absent' end,
        case when m.present then '[]'::jsonb else '["The recording does not match the session''s sound"]'::jsonb end
      from (
        select d.*, d.r < d.p as present,
          case when d.r >= d.p and d.r < d.p + 0.03
            then (array['leave','on_duty','medical'])[1 + floor(d.r * 1000)::int % 3] end as excuse
        from (
          select ls.id as session_id, ls.started_at, bs.student_id, h.p, random() as r
          from lecture_sessions ls
          join lecture_batches lb on lb.lecture_id = ls.lecture_id
          join batch_students bs on bs.batch_id = lb.batch_id
          join habit h on h.student_id = bs.student_id
          where ls.day >= '2026-07-06'::date + ${w} * 7 and ls.day < '2026-07-06'::date + ${w + 1} * 7
        ) d
      ) m`);
    }
    await x(sql`drop table habit`);
  });
  // Twenty weekly statements rewrote every tally row twenty times: compact it, as a table updated
  // one mark at a time stays (HOT updates reuse their page; autovacuum frees the rest).
  await step('analyze', async () => {
    await x(sql`vacuum full attendance_tallies`);
    await x(sql`vacuum analyze`);
  });
  const result: unknown = await db.execute(sql`select (select count(*) from attendances)::int as marks,
      (select count(*) from lecture_sessions)::int as sessions,
      (select count(*) from attendance_tallies)::int as tallies`);
  const [counts] = (result as { rows: { marks: number; sessions: number; tallies: number }[] }).rows;
  return { institutionId: 1, branchId: 1, semesterId: 1, ...counts! };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error('Set BENCH_DATABASE_URL (a PostgreSQL database the bench may empty).');
    process.exit(2);
  }
  const handle = await openDatabase({
    url,
    dataDir: null,
    limits: { poolSize: 2, poolWaitMs: 10_000, statementTimeoutMs: 3_600_000, lockTimeoutMs: 60_000 },
  });
  const started = performance.now();
  const result = await generate(handle.db, {
    students: option('students', 1200),
    subjects: option('subjects', 30),
    weeks: option('weeks', 20),
    divisionSize: 60,
  });
  console.log(
    `generated ${result.marks} attendance rows in ${result.sessions} sessions (${result.tallies} tally rows) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await handle.close();
}
