import { sql, type SQL } from 'drizzle-orm';
import { expectedOn } from '../../db/queries/placement-since';
import { instantLectureKey, lectureAudience } from './audience';
import { marksQueries, type MarksSource } from './marks';
import {
  instantSessionConditions,
  sessionConditions,
  sessionsOfStudents,
  studentConditions,
  type RecordFilter,
} from './record-filter';

/**
 * The one computation of attendance counts, in SQL. It yields `counts`: one row per student and
 * lecture with
 *   held     sessions held that the student was expected at (the lecture's audience, or any
 *            session where the student has a row: a mark always counts),
 *   present  marks present and not excused,
 *   excused  marks with an excuse (leave, on duty, medical), whatever `is_present` says;
 * absent is what remains (held − present − excused): an expected student without a row is absent.
 *
 * Held sessions are the started ones (`started_at` set, status ongoing or post). The work is
 * shaped for two million rows: held sessions are counted per lecture once and joined to the
 * audience (no student × session product), and the marks per student and lecture come from the
 * trigger-kept tally wherever it is exact (marks.ts); a lecture cut by a date range has its marks
 * read once, from the index (session_id, student_id, is_present, excuse) alone.
 */
export function countsQuery(f: RecordFilter, source: MarksSource = 'tally', dated = true): SQL {
  if (!dated)
    return sql`
    ${heldQueries(f, false)}${marksQueries(f, source)},
    counts as (
      select coalesce(au.student_id, m.student_id) as student_id, lh.lecture_id, lh.subject_id,
        case when au.student_id is null then m.n else lh.n end as held,
        coalesce(m.present, 0) as present, coalesce(m.excused, 0) as excused
      from audience au
      full join marks m on m.student_id = au.student_id and m.lecture_id = au.lecture_id
      join lecture_held lh on lh.lecture_id = coalesce(au.lecture_id, m.lecture_id)
    )`;
  return sql`
    ${heldQueries(f, true)}${marksQueries(f, source)},
    -- The few placed after the term began (people-0001) or who have left the college at some time
    -- (record-0004): per student and lecture, the held sessions of the days they were expected,
    -- plus their own rows in the others. Grouped once here rather than counted per row of counts,
    -- which misled the planner for everyone.
    dated_held as (
      select x.lecture_id, x.student_id,
        (count(*) filter (where x.expected or exists (
          select 1 from attendances a where a.session_id = x.session_id and a.student_id = x.student_id
        )))::int as n
      from (
        select au.lecture_id, au.student_id, h.session_id,
          ${expectedOn(sql`au.since`, sql`h.day`, sql`au.student_id`)} as expected
        from audience au
        join held h on h.lecture_id = au.lecture_id
        where au.dated
      ) x
      group by x.lecture_id, x.student_id
    ),
    counts as (
      -- Expected students: every held session of the lecture, or, for the dated few, those of the
      -- days they were expected plus their own rows in the others. Others with marks: their marks.
      -- A dated student with nothing held in the filter (a first day after its range, away all
      -- of it) is not counted at all: a report does not list them with nothing held.
      select coalesce(au.student_id, m.student_id) as student_id, lh.lecture_id, lh.subject_id,
        case
          when au.student_id is null then m.n
          when not au.dated then lh.n
          else coalesce(dh.n, 0)
        end as held,
        coalesce(m.present, 0) as present, coalesce(m.excused, 0) as excused
      from audience au
      full join marks m on m.student_id = au.student_id and m.lecture_id = au.lecture_id
      join lecture_held lh on lh.lecture_id = coalesce(au.lecture_id, m.lecture_id)
      left join dated_held dh on dh.lecture_id = au.lecture_id and dh.student_id = au.student_id
      where au.student_id is null or not au.dated or coalesce(dh.n, 0) > 0
    )`;
}

/**
 * The same counts week by week and subject over every student of the filter together
 * (`subject_weeks`: subject_id, week, held, present, excused), in one pass over the marks: held is the audience's size times the week's
 * sessions of each lecture, plus the marks of students outside the audience.
 */
export function weeklyCountsQuery(f: RecordFilter, dated = true): SQL {
  return sql`
    ${heldQueries(f, dated)},
    audience_size as (
      select lecture_id, count(*)::int as n from audience where not dated group by lecture_id
    ),
    expected as (
      select subject_id, week, sum(n)::int as n from (
        select h.subject_id, date_trunc('week', h.day)::date as week, coalesce(sz.n, 0) as n
        from held h left join audience_size sz on sz.lecture_id = h.lecture_id
        union all
        -- The dated few (people-0001, record-0004), on the days they were expected.
        select h.subject_id, date_trunc('week', h.day)::date, 1
        from audience au join held h on h.lecture_id = au.lecture_id
        where au.dated and ${expectedOn(sql`au.since`, sql`h.day`, sql`au.student_id`)}
      ) e
      group by 1, 2
    ),
    marked as (
      select h.subject_id, date_trunc('week', h.day)::date as week,
        (count(*) filter (where au.student_id is null
          or (au.dated and not ${expectedOn(sql`au.since`, sql`h.day`, sql`au.student_id`)})))::int as outside,
        (count(*) filter (where a.is_present and a.excuse is null))::int as present,
        (count(*) filter (where a.excuse is not null))::int as excused
      from attendances a
      join held h on h.session_id = a.session_id
      left join audience au on au.lecture_id = h.lecture_id and au.student_id = a.student_id
      where ${studentConditions(f, sql`a.student_id`)}
      group by 1, 2
    ),
    subject_weeks as (
      select e.subject_id, e.week, e.n + coalesce(m.outside, 0) as held, coalesce(m.present, 0) as present,
        coalesce(m.excused, 0) as excused
      from expected e left join marked m on m.week = e.week and m.subject_id = e.subject_id
      where e.n + coalesce(m.outside, 0) > 0
    )`;
}

/**
 * The students a report lists (`roster`: the audience of the filter's held lectures, each expected
 * at one of its sessions at least, less those `listedIn` leaves out) and the subjects held
 * (`subjects_held`), for paging a report before computing its page.
 */
export function rosterQuery(f: RecordFilter, dated = true): SQL {
  // Nobody with a first day or a period away: every audience row is listed (the earlier shape).
  if (!dated)
    return sql`
    ${heldQueries(f, false)},
    roster as (select distinct student_id from audience),
    subjects_held as (select distinct subject_id from lecture_held)`;
  // A dated student is listed only where a held session of the filter expected them or holds a
  // row of theirs, as countsQuery counts them (a first day after a date range: not listed).
  return sql`
    ${heldQueries(f, true)},
    roster as (
      select distinct x.student_id from (
        select distinct au.student_id, lh.subject_id from audience au
        join lecture_held lh on lh.lecture_id = au.lecture_id
        where not au.dated or exists (
          select 1 from held h where h.lecture_id = au.lecture_id
            and (${expectedOn(sql`au.since`, sql`h.day`, sql`au.student_id`)} or exists (
              select 1 from attendances a where a.session_id = h.session_id and a.student_id = au.student_id)))
      ) x
      where ${listedIn(sql`x.student_id`, sql`x.subject_id`, true)}
    ),
    subjects_held as (select distinct subject_id from lecture_held)`;
}

/**
 * Whether a report of the subject `subjectId` lists the student `studentId`: everyone, except in a
 * current term (the subject's semester active) a student who has left the college (an open period
 * away: deactivated now). Their figures up to then stay, and a past term's reports list them
 * (record-0004). Without `dated` (the institution has no period away, so nobody has left) it is
 * always true and costs nothing.
 */
export function listedIn(studentId: SQL, subjectId: SQL, dated: boolean): SQL {
  if (!dated) return sql`true`;
  return sql`not (
    ${studentId} in (select gone.student_id from student_departures gone where gone.returned_on is null)
    and exists (
      select 1 from offered_subjects gone_os join semesters gone_s on gone_s.id = gone_os.semester_id
      where gone_os.id = ${subjectId} and gone_s.is_active))`;
}

/**
 * Held sessions of the filter (`held`: timetable lectures' and instant lectures' of a subject, the
 * latter keyed by minus their id), their count per lecture (`lecture_held`), the `audience`.
 */
function heldQueries(f: RecordFilter, dated: boolean): SQL {
  return sql`
    held as materialized (
      select ls.id as session_id, ls.lecture_id, ls.day, l.offered_subject_id as subject_id
      from lecture_sessions ls
      join lectures l on l.id = ls.lecture_id
      join timetables tt on tt.id = l.timetable_id
      join divisions d on d.id = tt.division_id
      join semesters s on s.id = d.semester_id
      join streams st on st.id = s.stream_id
      where ls.started_at is not null and ls.status <> 'pre' and ${sessionConditions(f)}
        and ${sessionsOfStudents(f)}
      union all
      -- Instant lectures of a subject count in it (a free title belongs to no subject's figures);
      -- being few, their sessions are not narrowed to a filter's students first.
      select ls.id, ${instantLectureKey(sql`il.id`)}, ls.day, il.offered_subject_id
      from lecture_sessions ls
      join instant_lectures il on il.id = ls.instant_lecture_id
      join semesters s on s.id = il.semester_id
      join streams st on st.id = s.stream_id
      where ls.started_at is not null and ls.status <> 'pre' and il.offered_subject_id is not null
        and ${instantSessionConditions(f)}
    ),
    lecture_held as materialized (
      select lecture_id, subject_id, count(*)::int as n from held group by lecture_id, subject_id
    ),
    audience as materialized (
      select au.lecture_id, au.student_id, au.since, au.dated
      from (${lectureAudience(sql`select lecture_id from lecture_held`, dated)}) au
      where ${studentConditions(f, sql`au.student_id`)}
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

/**
 * A percentage with two decimals, rounded down, null when nothing counts yet (the same everywhere).
 * Down, never up: a figure below a limit (59.615 % under 59.62) must not show as the limit itself
 * (record-0001). Integer division truncates exactly, with no decimal rounding in between.
 */
export function percentageOf(attended: SQL, held: SQL): SQL {
  return sql`(case when ${held} > 0 then ((10000::bigint * ${attended}) / ${held})::numeric(20, 2) / 100 end)::float8`;
}
