import { sql, type SQL } from 'drizzle-orm';

/**
 * What part of an institution's attendance a computation covers. Everything is optional except
 * the institution: an empty filter is the whole institution. Ids are internal keys, already
 * resolved and scoped by the caller's service (a report never trusts a slug it did not check).
 */
export interface RecordFilter {
  institutionId: number;
  /** Lectures of these branches only (an admin's branches; a teacher's report leaves it out). */
  branchIds?: readonly number[] | undefined;
  semesterId?: number | undefined;
  /** Offered subjects (`offered_subjects.id`). */
  subjectIds?: readonly number[] | undefined;
  /** Lectures of this division's timetable. */
  divisionId?: number | undefined;
  /** Students of this batch. */
  batchId?: number | undefined;
  /** Sessions on or after this civil date (`YYYY-MM-DD`, the session's day). */
  from?: string | undefined;
  /** Sessions on or before this civil date. */
  to?: string | undefined;
  studentIds?: readonly number[] | undefined;
}

/** `ANY(array)` wants one typed array parameter; an inline list works on both drivers. */
function inList(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The conditions on held sessions (aliases: ls session, l lecture, d division, s semester, st stream). */
export function sessionConditions(f: RecordFilter): SQL {
  const parts: SQL[] = [sql`s.institution_id = ${f.institutionId}`];
  if (f.branchIds) parts.push(inList(sql`st.branch_id`, f.branchIds));
  if (f.semesterId !== undefined) parts.push(sql`s.id = ${f.semesterId}`);
  if (f.subjectIds) parts.push(inList(sql`l.offered_subject_id`, f.subjectIds));
  if (f.divisionId !== undefined) parts.push(sql`d.id = ${f.divisionId}`);
  if (f.from) parts.push(sql`ls.day >= ${f.from}::date`);
  if (f.to) parts.push(sql`ls.day <= ${f.to}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * The same conditions on held sessions of instant lectures (aliases: ls session, il instant
 * lecture, s semester, st stream): a division filter keeps those held for that division.
 */
export function instantSessionConditions(f: RecordFilter): SQL {
  const parts: SQL[] = [sql`s.institution_id = ${f.institutionId}`];
  if (f.branchIds) parts.push(inList(sql`st.branch_id`, f.branchIds));
  if (f.semesterId !== undefined) parts.push(sql`s.id = ${f.semesterId}`);
  if (f.subjectIds) parts.push(inList(sql`il.offered_subject_id`, f.subjectIds));
  if (f.divisionId !== undefined) {
    parts.push(
      sql`exists (select 1 from instant_lecture_divisions fd where fd.instant_lecture_id = il.id and fd.division_id = ${f.divisionId})`,
    );
  }
  if (f.from) parts.push(sql`ls.day >= ${f.from}::date`);
  if (f.to) parts.push(sql`ls.day <= ${f.to}::date`);
  return sql.join(parts, sql` and `);
}

/**
 * For a filter naming its students, the condition that keeps only the sessions that can concern
 * them (alias ls: a lecture they are expected at, or a session where one of them has a row), so a
 * student's page or a report's page does not gather the whole branch's sessions first.
 */
export function sessionsOfStudents(f: RecordFilter): SQL {
  if (!f.studentIds) return sql`true`;
  const students = inList(sql`bs.student_id`, f.studentIds);
  const marked = inList(sql`sa.student_id`, f.studentIds);
  return sql`(ls.lecture_id in (
      select lb.lecture_id from lecture_batches lb join batch_students bs on bs.batch_id = lb.batch_id
      where ${students})
    or ls.id in (select sa.session_id from attendances sa where ${marked}))`;
}

/** The conditions on students (`column` names the student id being filtered). */
export function studentConditions(f: RecordFilter, column: SQL): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.studentIds) parts.push(inList(column, f.studentIds));
  if (f.batchId !== undefined) {
    parts.push(
      sql`${column} in (select fb.student_id from batch_students fb where fb.batch_id = ${f.batchId})`,
    );
  }
  return sql.join(parts, sql` and `);
}
