import { sql, type SQL } from 'drizzle-orm';
import { instantLectureKey } from './audience';
import { studentConditions, type RecordFilter } from './record-filter';

/**
 * Where the marks per student and lecture come from: the trigger-kept tally wherever it is exact
 * (the default), or every mark grouped afresh (the same figures, slower; kept to prove the tally
 * right in tests and to measure it in the bench).
 */
export type MarksSource = 'tally' | 'attendances';

/**
 * The CTE `marks` of the filter, one row per student and lecture (`student_id, lecture_id, n,
 * present, excused`), after the CTEs `held` and `lecture_held` of `heldQueries` (tallies.ts); it
 * starts with a comma.
 *
 * A lecture whose every held session is in the filter reads the row the triggers keep in
 * `attendance_tallies` (migration 0008: the same sums, maintained on each write), so a branch costs
 * its ~100,000 tally rows instead of its two million marks. Only a lecture that a date range cuts
 * (a held session of it outside the range) has its marks grouped from `attendances`. Every other
 * condition of a filter (branch, semester, subject, division) is a property of the lecture, so it
 * keeps or drops all of a lecture's sessions at once; a filter naming students gathers every
 * session where they have a row (`sessionsOfStudents`), so their tally rows are whole too.
 * docs/decisions/record-0003-trigger-kept-tallies.md
 */
export function marksQueries(f: RecordFilter, source: MarksSource): SQL {
  if (source === 'attendances') return sql`, marks as materialized (${groupedMarks(f, sql`held`)})`;
  const fromTally = sql`
    select t.student_id, t.lecture_key as lecture_id, t.marks as n, t.present, t.excused
    from attendance_tallies t
    join lecture_held lh on lh.lecture_id = t.lecture_key
    where ${studentConditions(f, sql`t.student_id`)}`;
  if (!f.from && !f.to) return sql`, marks as materialized (${fromTally})`;
  return sql`${cutLecturesQueries(f)},
    marks as materialized (
      ${fromTally} and t.lecture_key not in (select lecture_id from lecture_cut)
      union all
      ${groupedMarks(f, sql`held_cut`)}
    )`;
}

/** The marks of the held sessions `sessions` (a CTE of session_id, lecture_id) grouped afresh. */
function groupedMarks(f: RecordFilter, sessions: SQL): SQL {
  return sql`
    select a.student_id, h.lecture_id,
      count(*)::int as n,
      (count(*) filter (where a.is_present and a.excuse is null))::int as present,
      (count(*) filter (where a.excuse is not null))::int as excused
    from attendances a
    join ${sessions} h on h.session_id = a.session_id
    where ${studentConditions(f, sql`a.student_id`)}
    group by a.student_id, h.lecture_id`;
}

/**
 * The lectures a date range cuts (`lecture_cut`: a held session outside it) and their held
 * sessions in it (`held_cut`).
 */
function cutLecturesQueries(f: RecordFilter): SQL {
  const outside: SQL[] = [];
  if (f.from) outside.push(sql`ls.day < ${f.from}::date`);
  if (f.to) outside.push(sql`ls.day > ${f.to}::date`);
  const heldOutside = sql`ls.started_at is not null and ls.status <> 'pre' and (${sql.join(outside, sql` or `)})`;
  return sql`,
    lecture_cut as materialized (
      select lh.lecture_id from lecture_held lh
      where case when lh.lecture_id > 0
        then exists (select 1 from lecture_sessions ls where ls.lecture_id = lh.lecture_id and ${heldOutside})
        else exists (select 1 from lecture_sessions ls
          where ls.instant_lecture_id = ${instantLectureKey(sql`lh.lecture_id`)} and ${heldOutside})
      end
    ),
    held_cut as materialized (
      select h.session_id, h.lecture_id from held h where h.lecture_id in (select lecture_id from lecture_cut)
    )`;
}
