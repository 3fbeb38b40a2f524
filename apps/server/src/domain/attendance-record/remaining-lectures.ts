import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lectureAudience } from './audience';
import { runAggregate } from './run-aggregate';

/** The lectures of one subject still to come for a student until the semester's end. */
export interface RemainingLectures {
  subjectId: number;
  /** Null when the semester has no end date (nothing can be planned against it). */
  remaining: number | null;
  semesterEnd: string | null;
}

/**
 * Counts, per subject the student attends, the weekly timetable's occurrences from `today`
 * (inclusive, the institution's civil date) to the semester's end date, leaving out any occurrence
 * whose session was already held (today's lecture once started). Only active lectures count: a
 * timetable replaced mid-term plans with the new one. Holidays are not known to Rollbook, so this
 * is what the timetable promises, an upper bound the student page says it is.
 */
export async function remainingLectures(
  db: Db,
  q: { institutionId: number; studentId: number; today: string; subjectIds?: readonly number[] },
): Promise<RemainingLectures[]> {
  const subjects =
    q.subjectIds === undefined
      ? sql`true`
      : q.subjectIds.length === 0
        ? sql`false`
        : sql`l.offered_subject_id in (${sql.join(
            q.subjectIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const rows = await runAggregate(
    db,
    sql`
    with lec as (
      select l.id, l.day, l.offered_subject_id as subject_id, s.end_date
      from lectures l
      join timetables tt on tt.id = l.timetable_id
      join divisions d on d.id = tt.division_id
      join semesters s on s.id = d.semester_id
      where l.is_active and s.institution_id = ${q.institutionId} and ${subjects}
    ),
    mine as (
      select lec.* from lec
      join (${lectureAudience(sql`select id from lec`)}) au on au.lecture_id = lec.id
      where au.student_id = ${q.studentId}
    )
    select m.subject_id, max(m.end_date)::text as semester_end, bool_or(m.end_date is null) as open_ended,
      count(g.day)::int as remaining
    from mine m
    left join lateral (
      select gs::date as day from generate_series(${q.today}::date, m.end_date, interval '1 day') gs
    ) g on to_char(g.day, 'fmday') = m.day
      and not exists (
        select 1 from lecture_sessions ls
        where ls.lecture_id = m.id and ls.day = g.day and ls.started_at is not null
      )
    group by m.subject_id
    order by m.subject_id`,
  );
  return rows.map((r) => ({
    subjectId: Number(r.subject_id),
    remaining: r.open_ended ? null : Number(r.remaining),
    semesterEnd: (r.semester_end as string | null) ?? null,
  }));
}

/**
 * How many of the `remaining` lectures a student must attend to end at or above `thresholdPercent`,
 * every remaining lecture counting as held: the smallest x with (attended + x) × 100 ≥ threshold ×
 * (held + remaining). Null when even attending all of them is not enough, 0 when already safe.
 */
export function lecturesNeeded(
  counted: { attended: number; held: number },
  remaining: number,
  thresholdPercent: number,
): number | null {
  const shortfall = thresholdPercent * (counted.held + remaining) - 100 * counted.attended;
  const needed = Math.max(0, Math.ceil(shortfall / 100));
  return needed > remaining ? null : needed;
}
