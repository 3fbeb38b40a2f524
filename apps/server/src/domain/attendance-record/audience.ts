import { sql, type SQL } from 'drizzle-orm';

/**
 * Who is expected at a lecture's sessions, as `(lecture_id, student_id)` rows for the lectures
 * `lectureIds` (a subquery yielding lecture ids). Every lecture names the batches that attend it
 * (a theory lecture all of its division's batches that take the subject, a lab its own batches),
 * so the audience is the students of those batches, each once. It is today's membership: a student
 * moved between batches counts in the lecture of their current batch (their marks elsewhere still
 * count, see `tallies.ts`).
 *
 * This is the one definition of an audience for reports: a new kind of lecture (an extra lecture
 * for chosen divisions or batches) extends it here, and every report follows.
 */
export function lectureAudience(lectureIds: SQL): SQL {
  return sql`
    select distinct lb.lecture_id, bs.student_id
    from lecture_batches lb
    join batch_students bs on bs.batch_id = lb.batch_id
    where lb.lecture_id in (${lectureIds})`;
}
