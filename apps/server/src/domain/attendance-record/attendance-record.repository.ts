import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MarksSource } from './marks';
import type { RecordFilter } from './record-filter';
import { runAggregate as rowsOf, type Row } from './run-aggregate';
import { hasDatedMemberships } from './audience';
import {
  countedColumns,
  countsQuery,
  listedIn,
  percentageOf,
  rosterQuery,
  weeklyCountsQuery,
} from './tallies';

/** How an institution counts excused marks in percentages (institutions.excused_counts_as). */
export type ExcusedCountsAs = 'excluded' | 'present' | 'absent';

/** The counts of one student in one subject over the filter's sessions. */
export interface SubjectTally {
  studentId: number;
  studentSlug: string;
  enrollment: string;
  studentName: string | null;
  /** The student's division in the subject's semester (null: not placed in one). */
  divisionName: string | null;
  subjectId: number;
  subjectSlug: string;
  subjectName: string;
  subjectCode: string;
  subjectShortName: string | null;
  held: number;
  /** Marked present (an excused mark is never counted here). */
  attended: number;
  excused: number;
  absent: number;
  /** The numerator and denominator of `percentage` under the institution's setting. */
  countedAttended: number;
  countedHeld: number;
  /** Two decimals; null when no session counts yet. */
  percentage: number | null;
  excusedCountsAs: ExcusedCountsAs;
}

/** One week's counts over every student and subject of the filter. */
export interface WeekTally {
  /** The subject, when counted per subject; null for every subject together. */
  subjectId: number | null;
  /** The Monday of the week (`YYYY-MM-DD`). */
  weekStart: string;
  held: number;
  attended: number;
  excused: number;
  countedAttended: number;
  countedHeld: number;
  percentage: number | null;
}

const int = (v: unknown) => Number(v ?? 0);
const maybeNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toSubjectTally(r: Row): SubjectTally {
  return {
    studentId: int(r.student_id),
    studentSlug: String(r.student_slug),
    enrollment: String(r.enrollment),
    studentName: (r.student_name as string | null) ?? null,
    divisionName: (r.division_name as string | null) ?? null,
    subjectId: int(r.subject_id),
    subjectSlug: String(r.subject_slug),
    subjectName: String(r.subject_name),
    subjectCode: String(r.subject_code),
    subjectShortName: (r.subject_short_name as string | null) ?? null,
    held: int(r.held),
    attended: int(r.present),
    excused: int(r.excused),
    absent: int(r.held) - int(r.present) - int(r.excused),
    countedAttended: int(r.counted_attended),
    countedHeld: int(r.counted_held),
    percentage: maybeNumber(r.percentage),
    excusedCountsAs: r.excused_counts_as as ExcusedCountsAs,
  };
}

/**
 * Student × subject tallies, optionally only those below `belowPercent` (the detention list: a
 * student is below when attended × 100 < N × held, compared exactly, never on a rounded figure),
 * without the students a current term's reports leave out (`listedIn`: those who have left).
 */
function subjectTalliesQuery(
  f: RecordFilter,
  source: MarksSource,
  dated: boolean,
  belowPercent?: number,
): SQL {
  const setting = sql`i.excused_counts_as`;
  const counted = countedColumns(setting, sql`t.present`, sql`t.excused`, sql`t.held`);
  const below =
    belowPercent === undefined
      ? sql`true`
      : sql`${counted.held} > 0 and ${counted.attended} * 100 < ${belowPercent}::numeric * ${counted.held}`;
  return sql`
    with ${countsQuery(f, source, dated)},
    totals as (
      select student_id, subject_id, sum(held)::int as held, sum(present)::int as present,
        sum(excused)::int as excused
      from counts group by student_id, subject_id
    )
    select t.student_id, t.subject_id, t.held, t.present, t.excused,
      ${counted.attended} as counted_attended, ${counted.held} as counted_held,
      ${percentageOf(counted.attended, counted.held)} as percentage,
      i.excused_counts_as,
      stu.slug as student_slug, stu.enrollment, p.name as student_name, dv.division_name,
      os.slug as subject_slug, cs.subject_name, cs.subject_code, cs.short_name as subject_short_name
    from totals t
    join institutions i on i.id = ${f.institutionId}
    join students stu on stu.id = t.student_id
    join profiles p on p.id = stu.profile_id
    join offered_subjects os on os.id = t.subject_id
    join catalogue_subjects cs on cs.id = os.catalogue_subject_id
    left join division_students ds on ds.student_id = t.student_id and ds.semester_id = os.semester_id
    left join divisions dv on dv.id = ds.division_id
    where ${below} and ${listedIn(sql`t.student_id`, sql`t.subject_id`, dated)}
    order by stu.enrollment, stu.id, cs.subject_name, os.id`;
}

/**
 * Attendance reports' one source of figures: every page, export and job reads these. `marksFrom`
 * chooses where marks are summed from (marks.ts); only tests and the bench ask for 'attendances'.
 */
export function createAttendanceRecordRepository(db: Db, opts: { marksFrom?: MarksSource | undefined } = {}) {
  const source = opts.marksFrom ?? 'tally';

  /** Whether the institution has memberships with a first day: the queries' dated shape then. */
  async function dated(institutionId: number): Promise<boolean> {
    const [row] = await rowsOf(db, sql`select ${hasDatedMemberships(institutionId)} as dated`);
    return row?.dated === true;
  }

  async function weekly(f: RecordFilter, bySubject: boolean): Promise<WeekTally[]> {
    const setting = sql`i.excused_counts_as`;
    const counted = countedColumns(setting, sql`w.present`, sql`w.excused`, sql`w.held`);
    const subject = bySubject ? sql`subject_id` : sql`null::int`;
    const rows = await rowsOf(
      db,
      sql`
        with ${weeklyCountsQuery(f, await dated(f.institutionId))},
        weeks as (
          select ${subject} as subject_id, week, sum(held)::int as held, sum(present)::int as present,
            sum(excused)::int as excused
          from subject_weeks group by 1, 2
        )
        select w.subject_id, w.week::text as week_start, w.held, w.present, w.excused,
          ${counted.attended} as counted_attended, ${counted.held} as counted_held,
          ${percentageOf(counted.attended, counted.held)} as percentage
        from weeks w join institutions i on i.id = ${f.institutionId}
        order by w.subject_id, w.week`,
    );
    return rows.map((r) => ({
      subjectId: r.subject_id === null || r.subject_id === undefined ? null : int(r.subject_id),
      weekStart: String(r.week_start),
      held: int(r.held),
      attended: int(r.present),
      excused: int(r.excused),
      countedAttended: int(r.counted_attended),
      countedHeld: int(r.counted_held),
      percentage: maybeNumber(r.percentage),
    }));
  }

  return {
    /** Held, attended, excused, absent and percentage per student and subject. */
    async subjectTallies(f: RecordFilter): Promise<SubjectTally[]> {
      return (await rowsOf(db, subjectTalliesQuery(f, source, await dated(f.institutionId)))).map(
        toSubjectTally,
      );
    },

    /** The student × subject tallies strictly below `belowPercent` (see the institution's threshold). */
    async detained(f: RecordFilter, belowPercent: number): Promise<SubjectTally[]> {
      return (
        await rowsOf(db, subjectTalliesQuery(f, source, await dated(f.institutionId), belowPercent))
      ).map(toSubjectTally);
    },

    /** Week by week, every student and subject of the filter together (a trend, oldest first). */
    weeklyTrend(f: RecordFilter): Promise<WeekTally[]> {
      return weekly(f, false);
    },

    /** Week by week per subject (each subject's trend, oldest first). */
    weeklyTrendBySubject(f: RecordFilter): Promise<WeekTally[]> {
      return weekly(f, true);
    },

    /**
     * One page of the students a report lists (in enrollment order) with their total, and the
     * subjects held in the filter: a paged report computes tallies for that page only.
     */
    async roster(
      f: RecordFilter,
      page: { limit: number; offset: number },
    ): Promise<{ total: number; studentIds: number[]; subjectIds: number[] }> {
      const rows = await rowsOf(
        db,
        sql`
          with ${rosterQuery(f, await dated(f.institutionId))},
          page as (
            select r.student_id from roster r join students s on s.id = r.student_id
            order by s.enrollment, s.id limit ${page.limit} offset ${page.offset}
          )
          select 'total' as kind, count(*)::int as id from roster
          union all select 'student', student_id from page
          union all select 'subject', subject_id from subjects_held`,
      );
      const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => int(r.id));
      return { total: ids('total')[0] ?? 0, studentIds: ids('student'), subjectIds: ids('subject') };
    },

    /** The institution's threshold and how it counts excused marks. */
    async countingRules(
      institutionId: number,
    ): Promise<{ thresholdPercent: number; excusedCountsAs: ExcusedCountsAs } | undefined> {
      const [row] = await rowsOf(
        db,
        sql`select attendance_threshold_percent, excused_counts_as from institutions where id = ${institutionId}`,
      );
      if (!row) return undefined;
      return {
        thresholdPercent: int(row.attendance_threshold_percent),
        excusedCountsAs: row.excused_counts_as as ExcusedCountsAs,
      };
    },
  };
}

export type AttendanceRecordRepository = ReturnType<typeof createAttendanceRecordRepository>;
