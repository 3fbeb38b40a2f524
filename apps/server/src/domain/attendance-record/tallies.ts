import { sql, type SQL } from 'drizzle-orm';
import { lectureAudience } from './audience';
import { sessionConditions, studentConditions, type RecordFilter } from './record-filter';

/**
 * The one computation of attendance counts, in SQL. It yields `counts`: one row per student and
 * lecture (and per week when `byWeek`) with
 *   held     sessions held that the student was expected at (the lecture's audience, or any
 *            session where the student has a row: a mark always counts),
 *   present  marks present and not excused,
 *   excused  marks with an excuse (leave, on duty, medical), whatever `is_present` says;
 * absent is what remains (held − present − excused): an expected student without a row is absent.
 *
 * Held sessions are the started ones (`started_at` set, status ongoing or post). The work is
 * shaped for two million rows: held sessions are counted per lecture once and multiplied by the
 * audience (no student × session product), and marks are read once, grouped by student and
 * lecture, through the (session_id, student_id, is_present, excuse) index.
 */
export function countsQuery(f: RecordFilter, opts: { byWeek: boolean }): SQL {
  const week = opts.byWeek ? sql`date_trunc('week', ls.day)::date` : sql`null::date`;
  return sql`
    held as materialized (
      select ls.id as session_id, ls.lecture_id, l.offered_subject_id as subject_id, ${week} as week
      from lecture_sessions ls
      join lectures l on l.id = ls.lecture_id
      join timetables tt on tt.id = l.timetable_id
      join divisions d on d.id = tt.division_id
      join semesters s on s.id = d.semester_id
      join streams st on st.id = s.stream_id
      where ls.started_at is not null and ls.status <> 'pre' and ${sessionConditions(f)}
    ),
    lecture_held as (
      select lecture_id, subject_id, week, count(*)::int as n
      from held group by lecture_id, subject_id, week
    ),
    audience as (
      select au.lecture_id, au.student_id
      from (${lectureAudience(sql`select lecture_id from lecture_held`)}) au
      where ${studentConditions(f, sql`au.student_id`)}
    ),
    marks as (
      select a.student_id, h.lecture_id, h.week,
        count(*)::int as n,
        (count(*) filter (where a.is_present and a.excuse is null))::int as present,
        (count(*) filter (where a.excuse is not null))::int as excused
      from attendances a
      join held h on h.session_id = a.session_id
      where ${studentConditions(f, sql`a.student_id`)}
      group by a.student_id, h.lecture_id, h.week
    ),
    counts as (
      -- Expected students: every held session of the lecture. Others with marks: their marks.
      select au.student_id, lh.lecture_id, lh.subject_id, lh.week, lh.n as held,
        coalesce(m.present, 0) as present, coalesce(m.excused, 0) as excused
      from audience au
      join lecture_held lh on lh.lecture_id = au.lecture_id
      left join marks m on m.student_id = au.student_id and m.lecture_id = lh.lecture_id
        and m.week is not distinct from lh.week
      union all
      select m.student_id, lh.lecture_id, lh.subject_id, lh.week, m.n as held, m.present, m.excused
      from marks m
      join lecture_held lh on lh.lecture_id = m.lecture_id and lh.week is not distinct from m.week
      where not exists (
        select 1 from audience au where au.lecture_id = m.lecture_id and au.student_id = m.student_id
      )
    )`;
}

/**
 * The numerator and denominator of a percentage under the institution's setting for excused
 * marks (`e` is the excused count, `p` present, `h` held, all SQL expressions):
 *   excluded  present / (held − excused)      (the default: an excused absence is not held)
 *   present   (present + excused) / held
 *   absent    present / held
 */
export function countedColumns(setting: SQL, p: SQL, e: SQL, h: SQL): { attended: SQL; held: SQL } {
  return {
    attended: sql`(case when ${setting} = 'present' then ${p} + ${e} else ${p} end)`,
    held: sql`(case when ${setting} = 'excluded' then ${h} - ${e} else ${h} end)`,
  };
}

/** A percentage with two decimals, null when nothing counts yet (the same rounding everywhere). */
export function percentageOf(attended: SQL, held: SQL): SQL {
  return sql`(case when ${held} > 0 then round(100.0 * ${attended} / ${held}, 2)::float8 end)`;
}
