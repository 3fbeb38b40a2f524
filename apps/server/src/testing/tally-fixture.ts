import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** One row of `attendance_tallies`. */
export interface TallyRow {
  studentId: number;
  lectureKey: number;
  marks: number;
  present: number;
  excused: number;
}

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<TallyRow[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    studentId: Number(r.student_id),
    lectureKey: Number(r.lecture_key),
    marks: Number(r.marks),
    present: Number(r.present),
    excused: Number(r.excused),
  }));
}

/** The tally as the triggers keep it, in key order. */
export function tallyRows(db: Db): Promise<TallyRow[]> {
  return rowsOf(
    db,
    sql`select student_id, lecture_key, marks, present, excused from attendance_tallies order by 1, 2`,
  );
}

/**
 * The tally computed afresh from every mark, written independently of the migration's rebuild
 * (held: started and not pre; key: the lecture, or minus the instant lecture), in key order.
 */
export function freshTallyRows(db: Db): Promise<TallyRow[]> {
  return rowsOf(
    db,
    sql`select a.student_id, case when ls.lecture_id is not null then ls.lecture_id else -ls.instant_lecture_id end
        as lecture_key, count(*)::int as marks,
        sum(case when a.is_present and a.excuse is null then 1 else 0 end)::int as present,
        sum(case when a.excuse is not null then 1 else 0 end)::int as excused
      from attendances a join lecture_sessions ls on ls.id = a.session_id
      where ls.started_at is not null and ls.status in ('ongoing', 'post')
      group by 1, 2 order by 1, 2`,
  );
}
