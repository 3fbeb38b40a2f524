import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the student `studentId` was at the college on `day`: no period of theirs in
 * `student_departures` covers it (deactivated on `left_on`, reactivated on `returned_on`;
 * record-0004). A student who left is not expected at the lectures held while they are away.
 */
export function inCollegeOn(studentId: SQL, day: SQL): SQL {
  return sql`not exists (
    select 1 from student_departures sdp
    where sdp.student_id = ${studentId} and sdp.left_on <= ${day}
      and (sdp.returned_on is null or ${day} < sdp.returned_on))`;
}

/**
 * Whether a membership of a division or batch that began on `since` (null: from the start of the
 * term) expected its student `studentId` on `day`: a student placed after the term began is not
 * expected at the sessions held before (people-0001), nor one who has left at the sessions held
 * while they are away (record-0004). The one test of who a day's session expects, for reports, a
 * session's lists, the student's own day and the start of a session.
 */
export function expectedOn(since: SQL, day: SQL, studentId: SQL): SQL {
  return sql`((${since} is null or ${since} <= ${day}) and ${inCollegeOn(studentId, day)})`;
}
