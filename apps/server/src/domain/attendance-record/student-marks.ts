import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AttendanceExcuse } from '../../db/schema';
import { instantAudienceStudentIds } from '../../db/queries/instant-audience';
import { expectedOn } from '../../db/queries/placement-since';
import { lectureAudience } from './audience';
import { runAggregate } from './run-aggregate';

/** One held session of a student with their mark (or none: expected but never marked). */
export interface StudentMark {
  day: string;
  subjectId: number;
  subjectName: string;
  lectureType: string;
  /** False when the student has no row: expected, so absent. */
  hasRow: boolean;
  isPresent: boolean;
  excuse: AttendanceExcuse | null;
  manual: boolean;
  markingTime: Date | null;
  reasons: string[];
  regulizationStatus: 'pending' | 'approved' | 'rejected' | null;
  changedByTeacherAt: Date | null;
  correctedAt: Date | null;
  /** The role of whoever made the latest correction (null: none, or their account is gone). */
  correctedByRole: 'admin' | 'teacher' | 'student' | null;
}

/** Timestamps arrive as Date (node-postgres) or as text (PGlite). */
const date = (v: unknown) => (v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null);

/**
 * A page of a student's held sessions, newest first: every session they have a row in, and every
 * held session of a lecture whose audience they are in (no row: absent), as the record counts them.
 */
export async function studentMarks(
  db: Db,
  q: { institutionId: number; studentId: number; subjectId?: number; limit: number; offset: number },
): Promise<{ total: number; marks: StudentMark[] }> {
  const subjectOf = (column: SQL) =>
    q.subjectId === undefined ? sql`true` : sql`${column} = ${q.subjectId}`;
  const rows = await runAggregate(
    db,
    sql`
      with my_lectures as materialized (
        select au.lecture_id, au.since from (${lectureAudience(sql`select id from lectures`)}) au
        where au.student_id = ${q.studentId}
      ),
      mine as (
        select ls.id, ls.day, l.start_time, l.type, l.offered_subject_id, a.id as attendance_id,
          a.is_present, a.excuse, a.manual, a.marking_time, a.reasons, a.regulization_status,
          a.changed_by_teacher_at, a.corrected_at
        from lecture_sessions ls
        join lectures l on l.id = ls.lecture_id
        join timetables tt on tt.id = l.timetable_id
        join divisions d on d.id = tt.division_id
        join semesters s on s.id = d.semester_id
        left join attendances a on a.session_id = ls.id and a.student_id = ${q.studentId}
        left join my_lectures ml on ml.lecture_id = l.id
        where ls.started_at is not null and ls.status <> 'pre' and s.institution_id = ${q.institutionId}
          and ${subjectOf(sql`l.offered_subject_id`)}
          and (a.id is not null or (ml.lecture_id is not null and ${expectedOn(sql`ml.since`, sql`ls.day`, sql`${q.studentId}::int`)}))
        union all
        -- Held instant lectures of a subject, as the record counts them.
        select ls.id, ls.day, il.start_time, 'theory' as type, il.offered_subject_id, a.id as attendance_id,
          a.is_present, a.excuse, a.manual, a.marking_time, a.reasons, a.regulization_status,
          a.changed_by_teacher_at, a.corrected_at
        from lecture_sessions ls
        join instant_lectures il on il.id = ls.instant_lecture_id
        join semesters s on s.id = il.semester_id
        left join attendances a on a.session_id = ls.id and a.student_id = ${q.studentId}
        where ls.started_at is not null and ls.status <> 'pre' and s.institution_id = ${q.institutionId}
          and il.offered_subject_id is not null and ${subjectOf(sql`il.offered_subject_id`)}
          and (a.id is not null or ${q.studentId} in ${instantAudienceStudentIds(sql`il.id`, sql`ls.day`)})
      )
      select m.*, m.day::text as day_text, cs.subject_name, count(*) over ()::int as total,
        -- Who made the latest correction, so the student is told whether it was their teacher.
        (select p.role from attendance_corrections c left join profiles p on p.id = c.changed_by
          where c.attendance_id = m.attendance_id order by c.created_at desc, c.id desc limit 1) as corrected_by_role
      from mine m
      join offered_subjects os on os.id = m.offered_subject_id
      join catalogue_subjects cs on cs.id = os.catalogue_subject_id
      order by m.day desc, m.start_time desc, m.id desc
      limit ${q.limit} offset ${q.offset}`,
  );
  let total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  if (rows.length === 0 && q.offset > 0) {
    // Past the last page: the count still tells the caller how many pages there are.
    total = (await studentMarks(db, { ...q, limit: 1, offset: 0 })).total;
  }
  return {
    total,
    marks: rows.map((r) => ({
      day: String(r.day_text),
      subjectId: Number(r.offered_subject_id),
      subjectName: String(r.subject_name),
      lectureType: String(r.type),
      hasRow: r.attendance_id !== null && r.attendance_id !== undefined,
      isPresent: r.is_present === true,
      excuse: (r.excuse as AttendanceExcuse | null) ?? null,
      manual: r.manual === true,
      markingTime: date(r.marking_time),
      reasons: Array.isArray(r.reasons) ? (r.reasons as string[]) : [],
      regulizationStatus: (r.regulization_status as StudentMark['regulizationStatus']) ?? null,
      changedByTeacherAt: date(r.changed_by_teacher_at),
      correctedAt: date(r.corrected_at),
      correctedByRole: (r.corrected_by_role as StudentMark['correctedByRole']) ?? null,
    })),
  };
}
