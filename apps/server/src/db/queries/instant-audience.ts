import { sql, type SQL } from 'drizzle-orm';
import { expectedOn } from './placement-since';

/**
 * The students expected at instant lectures, as `(instant_lecture_id, student_id, since)` rows for
 * the instant lectures `ids` (a subquery, or one id, usable after `in (…)`): the students of each
 * one's chosen batches, plus every student of each chosen division in which no batch was chosen;
 * `since` is their membership's first day (null: from the start; see placement-since.ts). The one
 * definition of that audience: the live flow, the student's list and reports (through
 * domain/attendance-record/audience.ts) all use it.
 */
export function instantAudience(ids: SQL): SQL {
  return sql`
    select ilb.instant_lecture_id, bs.student_id, bs.since
      from instant_lecture_batches ilb
      join batch_students bs on bs.batch_id = ilb.batch_id
     where ilb.instant_lecture_id in (${ids})
    union
    select ild.instant_lecture_id, ds.student_id, ds.since
      from instant_lecture_divisions ild
      join division_students ds on ds.division_id = ild.division_id
     where ild.instant_lecture_id in (${ids})
       and not exists (
         select 1
           from instant_lecture_batches ilb2
           join batches b2 on b2.id = ilb2.batch_id
          where ilb2.instant_lecture_id = ild.instant_lecture_id
            and b2.division_id = ild.division_id
       )`;
}

/**
 * The students expected at one instant lecture, as a parenthesised subquery of one column
 * (`student_id`), for `x in …`. `instantLectureId` is a value or a column of the outer query; only
 * those whose membership had begun by `day` (a session's date; by default the instant lecture's own
 * day) and who were at the college that day (expectedOn).
 */
export function instantAudienceStudentIds(instantLectureId: SQL | number, day?: SQL): SQL {
  const on =
    day ?? sql`(select ild_day.day from instant_lectures ild_day where ild_day.id = ${instantLectureId})`;
  const begun = expectedOn(sql`audience.since`, on, sql`audience.student_id`);
  return sql`(select audience.student_id from (${instantAudience(sql`${instantLectureId}`)}) as audience where ${begun})`;
}
