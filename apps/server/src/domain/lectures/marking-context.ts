import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  attendances,
  batchStudents,
  institutions,
  lectureBatches,
  lectureSessions,
  lectures,
  profiles,
  semesters,
  students,
} from '../../db/schema';
import { localDate } from '../../lib/week';
import { attendanceColumns, type AttendanceRow } from '../attendance.repository';
import { twoWaySettingOf, type TwoWaySetting } from '../two-way-setting';
import {
  joinLectureSessionRoom,
  lectureSessionColumns,
  lectureSessionRow,
  type LiveSessionRow,
} from './lecture-sessions.repository';

/**
 * Everything a student's marking attempt reads before its rate-limit slot (docs/decisions/
 * sessions-0014), in one statement instead of six: the caller's student, the timetable lecture's
 * session they name, their attendance row in it (null when they have none yet) and whether they are
 * in the lecture's batches, the institution's time zone and its marking settings.
 */
export interface MarkingContext extends MarkingSettings {
  student: { id: number; slug: string };
  session: LiveSessionRow;
  row: AttendanceRow | null;
  /** The student is in one of the lecture's batches (asked only when `row` is null). */
  member: boolean;
}

/** The institution's settings a marking attempt is judged under. */
export interface MarkingSettings {
  twoWay: TwoWaySetting;
  /** Marks whose tone cannot prove the moment go to the teacher's review (presence-0027). */
  reviewUntimedTone: boolean;
}

const markingSettingsColumns = {
  twoWayCheck: institutions.twoWayCheck,
  twoWayCheckRequired: institutions.twoWayCheckRequired,
  reviewUntimedTone: institutions.reviewUntimedTone,
};

const markingSettingsFrom = (r: {
  twoWayCheck: boolean;
  twoWayCheckRequired: boolean;
  reviewUntimedTone: boolean;
}) => ({
  twoWay: twoWaySettingOf(r),
  reviewUntimedTone: r.reviewUntimedTone,
});

/** The marking settings of an institution (its defaults when there is no such row). */
export async function markingSettingsOf(db: DbOrTx, institutionId: number): Promise<MarkingSettings> {
  const [row] = await db
    .select(markingSettingsColumns)
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  return row ? markingSettingsFrom(row) : { twoWay: 'off', reviewUntimedTone: false };
}

/** Which session an attempt names: by its public id, or today's session of a lecture. */
export type SessionRef = { session_id: string } | { lecture_slug: string };

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of an instant in UTC. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The marking context's reads as prepared statements (planned once per connection). Answers only
 * the common case, where the old reads would all have found their row: a student, a timetable
 * lecture of the caller's institution and its session (today's, for a lecture slug). Anything else
 * (not a student, no such lecture or session, a session not started today, an instant lecture's
 * session) answers null, and the caller reads as before, so every refusal keeps its order and text.
 */
export function createMarkingContextReader(db: Db) {
  const member = sql<boolean>`exists (select 1 from ${batchStudents} join ${lectureBatches} on ${lectureBatches.batchId} = ${batchStudents.batchId} where ${lectureBatches.lectureId} = ${lectures.id} and ${batchStudents.studentId} = ${students.id})`;

  function contextQuery(name: string, which: ReturnType<typeof and>) {
    const query = db
      .select({
        session: lectureSessionColumns,
        // The attendance row's own columns are null when the student has none in this session.
        row: attendanceColumns,
        studentId: students.id,
        studentSlug: students.slug,
        timeZone: institutions.timezone,
        ...markingSettingsColumns,
        member,
      })
      .from(lectures)
      .$dynamic();
    return joinLectureSessionRoom(query)
      .innerJoin(institutions, eq(institutions.id, semesters.institutionId))
      .innerJoin(students, eq(students.profileId, sql.placeholder('profileId')))
      .innerJoin(profiles, eq(profiles.id, students.profileId))
      .leftJoin(
        attendances,
        and(eq(attendances.sessionId, lectureSessions.id), eq(attendances.studentId, students.id)),
      )
      .where(and(eq(semesters.institutionId, sql.placeholder('institutionId')), which))
      .prepare(name);
  }

  const bySessionId = contextQuery(
    'marking_context_by_session',
    and(eq(lectureSessions.sessionId, sql.placeholder('sessionId'))),
  );
  // Today in the institution's zone is one of three UTC days (offsets lie within ±14 h): the
  // statement reads the lecture's sessions of all three and the zone, and today's is picked here.
  const byLecture = contextQuery(
    'marking_context_by_lecture',
    and(
      eq(lectures.slug, sql.placeholder('lectureSlug')),
      or(
        eq(lectureSessions.day, sql.placeholder('dayBefore')),
        eq(lectureSessions.day, sql.placeholder('day')),
        eq(lectureSessions.day, sql.placeholder('dayAfter')),
      ),
    ),
  );

  type Raw = Awaited<ReturnType<typeof bySessionId.execute>>[number];
  const contextOf = (r: Raw): MarkingContext => ({
    student: { id: r.studentId, slug: r.studentSlug },
    session: lectureSessionRow(r.session),
    row: r.row.id === null ? null : (r.row as AttendanceRow),
    member: r.member === true,
    ...markingSettingsFrom(r),
  });

  return async function markingContext(
    caller: { profileId: number; institutionId: number },
    ref: SessionRef,
    now: Date,
  ): Promise<MarkingContext | null> {
    const ids = { profileId: caller.profileId, institutionId: caller.institutionId };
    if ('session_id' in ref) {
      const [row] = await bySessionId.execute({ ...ids, sessionId: ref.session_id });
      return row ? contextOf(row) : null;
    }
    const ms = now.getTime();
    const rows = await byLecture.execute({
      ...ids,
      lectureSlug: ref.lecture_slug,
      dayBefore: utcDay(ms - DAY_MS),
      day: utcDay(ms),
      dayAfter: utcDay(ms + DAY_MS),
    });
    const today = rows[0] && localDate(now, rows[0].timeZone);
    const row = rows.find((r) => r.session.day === today);
    return row ? contextOf(row) : null;
  };
}
