import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id, slug, updatedAt } from './columns';
import { classrooms } from './organisation';
import { students } from './people';
import { lectures } from './timetable';
import { instantLectures } from './instant-lectures';
import { profiles } from './people';

/** Why an absence is excused. */
export const ATTENDANCE_EXCUSES = ['leave', 'on_duty', 'medical'] as const;
export type AttendanceExcuse = (typeof ATTENDANCE_EXCUSES)[number];

/**
 * What the server concluded from a marking attempt: `needs_review` when it could not judge (the
 * teacher's audio for the recording's time never came) and the teacher decides from the recording.
 */
export const ATTENDANCE_VERDICTS = ['present', 'absent', 'needs_review'] as const;
export type AttendanceVerdict = (typeof ATTENDANCE_VERDICTS)[number];

/**
 * One lecture on one date. Created on demand in status `pre`; the teacher moves it to `ongoing`
 * (a session tone is generated then) and to `post`. `toneParams` lets the verifier re-synthesise the
 * tone at any sample rate. A session belongs to exactly one of a timetable lecture (`lectureId`) or
 * an instant lecture (`instantLectureId`, its one session); queries joining `lectures` see only the
 * timetable's sessions.
 */
export const lectureSessions = pgTable(
  'lecture_sessions',
  {
    id: id(),
    sessionId: text('session_id').notNull().unique(),
    lectureId: integer('lecture_id').references(() => lectures.id, { onDelete: 'cascade' }),
    instantLectureId: integer('instant_lecture_id')
      .unique()
      .references(() => instantLectures.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    status: text('status', { enum: ['pre', 'ongoing', 'post'] })
      .notNull()
      .default('pre'),
    classroomFinalId: integer('classroom_final_id').references(() => classrooms.id),
    audioPath: text('audio_path'),
    toneParams: jsonb('tone_params'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.lectureId, t.day),
    check('lecture_sessions_one_lecture', sql`(${t.lectureId} is null) <> (${t.instantLectureId} is null)`),
  ],
);

/**
 * One student in one session: the position, the proof-of-presence metrics and the verdict's reasons
 * are kept so anyone can see why a student was or was not marked. A manual ("regulization")
 * request is a row with `regulizationStatus` pending until the teacher approves it.
 */
export const attendances = pgTable(
  'attendances',
  {
    id: id(),
    slug: slug(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => lectureSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    isPresent: boolean('is_present').notNull().default(false),
    manual: boolean('manual').notNull().default(false),
    markingTime: timestamp('marking_time', { withTimezone: true }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    gpsDistance: doublePrecision('gps_distance'),
    similarity: doublePrecision('similarity'),
    euclideanDistance: doublePrecision('euclidean_distance'),
    ncc: doublePrecision('ncc'),
    magnitude: doublePrecision('magnitude'),
    /** The server's verdict; `needs_review` waits for the teacher (docs/decisions/sessions-0003). */
    verdict: text('verdict', { enum: ATTENDANCE_VERDICTS }),
    reasons: jsonb('reasons').$type<string[]>(),
    deviceId: text('device_id'),
    regulizationStatus: text('regulization_status', { enum: ['pending', 'approved', 'rejected'] }),
    regulizationComment: text('regulization_comment'),
    changedByTeacherAt: timestamp('changed_by_teacher_at', { withTimezone: true }),
    /**
     * Why an absence is excused; null for a plain present or absent mark. An excused row is neither
     * present nor absent in reports: the institution's `excusedCountsAs` decides.
     */
    excuse: text('excuse', { enum: ATTENDANCE_EXCUSES }),
    /** When the mark was last corrected after the session (the trail is in attendance_corrections). */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /** The student's stored recording (under the media folder), kept only for the retention period. */
    recordingPath: text('recording_path'),
    /** When the retention job removed the raw recording and the exact position. */
    personalDataClearedAt: timestamp('personal_data_cleared_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One device marks one student per session (design/presence.md T5); NULLs (web clients) never clash.
  (t) => [
    unique().on(t.sessionId, t.studentId),
    unique().on(t.sessionId, t.deviceId),
    // The attendance record (domain/attendance-record) reads marks through these two, each holding
    // every column it counts, so marks are counted from an index alone, never from the wide rows:
    // by session for a branch or a subject, by student for a student's page or a report's page.
    index('attendances_record_marks_idx').on(t.sessionId, t.studentId, t.isPresent, t.excuse),
    index('attendances_student_marks_idx').on(t.studentId, t.sessionId, t.isPresent, t.excuse),
  ],
);

/**
 * The marks of one student in one lecture's held sessions, summed: what the attendance record
 * would get by grouping `attendances`, kept exact by database triggers (migration
 * 0008_attendance_tallies) on every write to `attendances` and `lecture_sessions`, so no writer has to
 * know it exists (docs/decisions/record-0003-trigger-kept-tallies.md). `lectureKey` is the lecture
 * as the record keys it: a timetable lecture's id, an instant lecture's id negated
 * (domain/attendance-record/audience.ts `instantLectureKey`). Held = started and not `pre`.
 * No foreign keys: the key is not one table's id, and a student's deletion empties their rows
 * through the triggers on the cascaded marks (a row reaching zero marks is removed).
 */
export const attendanceTallies = pgTable(
  'attendance_tallies',
  {
    studentId: integer('student_id').notNull(),
    lectureKey: integer('lecture_key').notNull(),
    /** Marks (rows) in held sessions. */
    marks: integer('marks').notNull(),
    /** Of which present and not excused. */
    present: integer('present').notNull(),
    /** Of which excused (whatever `is_present` says). */
    excused: integer('excused').notNull(),
  },
  // By student for a student's page or a report's page; by lecture for a subject or a branch.
  // The counts are in no index, so the triggers' updates stay heap-only (HOT).
  (t) => [
    primaryKey({ columns: [t.studentId, t.lectureKey] }),
    index('attendance_tallies_lecture_idx').on(t.lectureKey, t.studentId),
  ],
);

/**
 * Every change made to a mark after its session, append-only: who, when, the mark before and after,
 * and why. `attendanceId` is the row changed (a correction of an unmarked student creates the row).
 */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: id(),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by').references(() => profiles.id, { onDelete: 'set null' }),
    changedAt: createdAt(),
    before: jsonb('before').$type<AttendanceMark>().notNull(),
    after: jsonb('after').$type<AttendanceMark>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index().on(t.attendanceId)],
);

/** A mark as a correction sees it: present, absent, or excused for a reason. */
export interface AttendanceMark {
  status: 'present' | 'absent' | 'excused';
  excuse: AttendanceExcuse | null;
}
