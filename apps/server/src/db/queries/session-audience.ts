import { sql, type SQL } from 'drizzle-orm';
import { instantAudienceStudentIds } from './instant-audience';
import { expectedOn } from './placement-since';

/**
 * The students a lecture session expects, as a parenthesised subquery of one column (`student_id`)
 * for `x in …`: a timetable lecture's batches' students, or an instant lecture's audience, whose
 * membership had begun by the session's day (people-0001) and who were at the college that day
 * (record-0004), and anyone with a mark in the session (a
 * mark always counts, record-0001). The three arguments are values or columns of the outer query; a
 * session has exactly one of the two lecture ids.
 */
export function sessionExpectedStudentIds(
  sessionRowId: SQL | number,
  lectureId: SQL | number | null,
  instantLectureId: SQL | number | null,
): SQL {
  const day = sql`(select sd.day from lecture_sessions sd where sd.id = ${sessionRowId})`;
  return sql`(
    select lb.student_id from (
      select bs.student_id
        from batch_students bs
        join lecture_batches lb2 on lb2.batch_id = bs.batch_id
       where lb2.lecture_id = ${lectureId} and ${expectedOn(sql`bs.since`, day, sql`bs.student_id`)}
    ) as lb
    union
    select ia.student_id from ${instantAudienceStudentIds(sql`${instantLectureId}`, day)} as ia(student_id)
    union
    select a.student_id from attendances a where a.session_id = ${sessionRowId}
  )`;
}
