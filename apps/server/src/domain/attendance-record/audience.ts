import { sql, type SQL } from 'drizzle-orm';
import { instantAudience } from '../../db/queries/instant-audience';

/**
 * Reports group sessions by the lecture they belong to. A session of an instant (extra) lecture
 * belongs to no timetable lecture, so its key is minus the instant lecture's id: lecture ids are
 * positive identities, so the two kinds never collide, and one `lecture_id` column carries both.
 * The same negation turns a key back into the instant lecture's id.
 */
export function instantLectureKey(idOrKey: SQL): SQL {
  return sql`(-(${idOrKey}))`;
}

/**
 * Who is expected at a lecture's sessions, as `(lecture_id, student_id, since, dated)` rows for the
 * lectures `lectureIds` (a subquery yielding lecture ids). Every lecture names the batches that
 * attend it (a theory lecture all of its division's batches that take the subject, a lab its own
 * batches), so the audience is the students of those batches, each once. It is today's membership:
 * a student who left a batch is no longer in its audience, and their rows from when they were still
 * count as marks (see `tallies.ts`). `since` is the first day a student placed after the term began
 * is expected (people-0001), null when they belong from the start; a student in two of a lecture's
 * batches counts from the earlier of the two. `dated` tells the rows whose sessions are counted
 * one by one: a first day, or a student who has ever left the college (student_departures,
 * record-0004); everyone else is expected at every held session of the lecture.
 *
 * This is the one definition of an audience for reports. Instant (extra) lectures, keyed by minus
 * their id (see instantLectureKey), bring their own audience: their chosen batches, or whole
 * divisions where no batch was chosen (db/queries/instant-audience.ts).
 */
export function lectureAudience(lectureIds: SQL, dated = true): SQL {
  const instantIds = sql`select ${instantLectureKey(sql`k.id`)} from (${lectureIds}) as k(id) where k.id < 0`;
  // Where nobody was placed after the term began, the plain shape: every first day is null, and
  // the planner's estimates (and so the report's speed, record-0001) are those of a simple audience.
  if (!dated)
    return sql`
    select distinct lb.lecture_id, bs.student_id, null::date as since, false as dated
    from lecture_batches lb
    join batch_students bs on bs.batch_id = lb.batch_id
    where lb.lecture_id in (${lectureIds})
    union all
    select ${instantLectureKey(sql`ia.instant_lecture_id`)}, ia.student_id, null::date, false
    from (${instantAudience(instantIds)}) ia`;
  return sql`
    select g.lecture_id, g.student_id, g.since,
      (g.since is not null or g.student_id in (select sdp.student_id from student_departures sdp)) as dated
    from (
      select lb.lecture_id, bs.student_id, ${earliestSince(sql`bs.since`)} as since
      from lecture_batches lb
      join batch_students bs on bs.batch_id = lb.batch_id
      where lb.lecture_id in (${lectureIds})
      group by lb.lecture_id, bs.student_id
      union all
      select ${instantLectureKey(sql`ia.instant_lecture_id`)}, ia.student_id, ${earliestSince(sql`ia.since`)}
      from (${instantAudience(instantIds)}) ia
      group by ia.instant_lecture_id, ia.student_id
    ) g`;
}

/**
 * Whether any of the institution's students has a division or batch membership with a first day
 * (people-0001), or has ever left the college (a period in student_departures, record-0004):
 * reports take the dated shape of their queries only then.
 */
export function hasDatedMemberships(institutionId: number): SQL {
  return sql`(
    exists (
      select 1 from student_departures sdp
      join students sd_st on sd_st.id = sdp.student_id
      where sd_st.institution_id = ${institutionId}
    ) or exists (
      select 1 from batch_students bs
      join batches b on b.id = bs.batch_id
      join divisions d on d.id = b.division_id
      join semesters s on s.id = d.semester_id
      where bs.since is not null and s.institution_id = ${institutionId}
    ) or exists (
      select 1 from division_students ds
      join semesters s on s.id = ds.semester_id
      where ds.since is not null and s.institution_id = ${institutionId}
    ))`;
}

/** Of a group's memberships, the first day they cover: null (from the start) when any is undated. */
function earliestSince(since: SQL): SQL {
  return sql`(case when bool_or(${since} is null) then null else min(${since}) end)`;
}
