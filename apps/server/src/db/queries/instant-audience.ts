import { sql, type SQL } from 'drizzle-orm';

/**
 * The students expected at an instant lecture, as a subquery of one column `student_id`:
 * the students of its chosen batches, plus every student of each chosen division in which no batch
 * was chosen. `instantLectureId` is a value or a column of the outer query (reports correlate it).
 * The one definition of that audience: the live flow, the student's list and reports use it.
 */
export function instantAudienceStudentIds(instantLectureId: SQL | number): SQL {
  return sql`(
    select bs.student_id
      from instant_lecture_batches ilb
      join batch_students bs on bs.batch_id = ilb.batch_id
     where ilb.instant_lecture_id = ${instantLectureId}
    union
    select ds.student_id
      from instant_lecture_divisions ild
      join division_students ds on ds.division_id = ild.division_id
     where ild.instant_lecture_id = ${instantLectureId}
       and not exists (
         select 1
           from instant_lecture_batches ilb2
           join batches b2 on b2.id = ilb2.batch_id
          where ilb2.instant_lecture_id = ild.instant_lecture_id
            and b2.division_id = ild.division_id
       )
  )`;
}
