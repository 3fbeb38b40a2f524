import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, slug } from './columns';

/** One college. Everything a user can see is scoped to exactly one institution. */
export const institutions = pgTable(
  'institutions',
  {
    id: id(),
    slug: slug(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    timezone: text('timezone').notNull().default('Asia/Kolkata'),
    campusLatitude: doublePrecision('campus_latitude'),
    campusLongitude: doublePrecision('campus_longitude'),
    defaultTeacherMaxHours: smallint('default_teacher_max_hours').notNull().default(18),
    /**
     * Lets teachers start a lecture session at any hour of the lecture's day instead of only within
     * the configured margin around its time. Only the demo institution turns it on, so the live flow
     * can be tried whenever a visitor arrives; a real college keeps it off.
     */
    sessionWindowAlwaysOpen: boolean('session_window_always_open').notNull().default(false),
    /** Minutes before a lecture's start its session may be started; null: the server's setting. */
    sessionStartEarlyMinutes: smallint('session_start_early_minutes'),
    /** Minutes after a lecture's end its session may still be started; null: the server's setting. */
    sessionStartLateMinutes: smallint('session_start_late_minutes'),
    /** The attendance percentage reports hold students to (detention below it). */
    attendanceThresholdPercent: smallint('attendance_threshold_percent').notNull().default(75),
    /**
     * Where a subject's syllabus lives when its catalogue row names no link of its own: a URL with
     * `{code}` standing for the subject code. Null: no syllabus links.
     */
    syllabusUrlTemplate: text('syllabus_url_template'),
    /** Days after a session its teacher may still correct a mark (admins: no limit). */
    correctionWindowDays: smallint('correction_window_days').notNull().default(7),
    /**
     * How an excused absence (leave, on duty, medical) counts in percentages: left out of the
     * denominator (the default), counted as attended, or counted as absent.
     */
    excusedCountsAs: text('excused_counts_as', { enum: ['excluded', 'present', 'absent'] })
      .notNull()
      .default('excluded'),
    /** Days a student's raw recording and exact position are kept (verdicts and metrics stay). */
    recordingRetentionDays: smallint('recording_retention_days').notNull().default(30),
    /** The date before which admins receive their branch's detention list; null: no such notice. */
    detentionNoticeDate: date('detention_notice_date'),
    /** The band of new sessions' tone, Hz; null: the server's TONE_BAND_LOW_HZ / _HIGH_HZ. */
    toneBandLowHz: integer('tone_band_low_hz'),
    toneBandHighHz: integer('tone_band_high_hz'),
    /** Students' phones answer a two-way challenge the teacher's microphone must hear (our web app). */
    twoWayCheck: boolean('two_way_check').notNull().default(false),
    /**
     * With the two-way check on: where the teacher's microphone cannot hear the phones' answer (or
     * has not been measured yet), a mark goes to the teacher's review instead of being judged on
     * the other checks (presence-0018).
     */
    twoWayCheckRequired: boolean('two_way_check_required').notNull().default(false),
    /**
     * Marks whose tone cannot prove the moment (the original app's looped file, its phase not
     * observed) go to the teacher's review instead of being confirmed by the room sound (presence-0027).
     */
    reviewUntimedTone: boolean('review_untimed_tone').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('institutions_code_unique').on(sql`upper(${t.code})`)],
);

/** An academic year (e.g. 2026-27); only one is active per institution. */
export const academicTerms = pgTable(
  'academic_terms',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    startYear: smallint('start_year').notNull(),
    endYear: smallint('end_year').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.institutionId, t.startYear)],
);

/** A department (Computer Engineering, Information Technology, ...). Admins administer branches. */
export const branches = pgTable(
  'branches',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('branch_name').notNull(),
    code: text('branch_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.institutionId, t.code)],
);

/** A degree programme of a branch: BE or ME, with the university's stream code. */
export const streams = pgTable(
  'streams',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    streamCode: text('stream_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.branchId, t.title, t.streamCode)],
);

/**
 * A semester of a stream within an academic term. It carries the subject-choice lifecycle:
 * subjects are locked with a deadline, choices close at the end of the deadline day in the
 * institution's time zone, and divisions are created once.
 */
export const semesters = pgTable(
  'semesters',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    streamId: integer('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    termId: integer('term_id').references(() => academicTerms.id, { onDelete: 'set null' }),
    no: smallint('no').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    startDate: date('start_date'),
    endDate: date('end_date'),
    academicYear: text('academic_year'),
    subjectsLocked: boolean('subjects_locked').notNull().default(false),
    subjectChoiceDeadline: date('subject_choice_deadline'),
    deadlineReminderSentOn: date('deadline_reminder_sent_on'),
    divisionsCreated: boolean('divisions_created').notNull().default(false),
    allocationConfirmed: boolean('allocation_confirmed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.streamId, t.no, t.termId), index().on(t.institutionId)],
);

/** Lecture halls and labs with the point and radius used by the attendance geofence. */
export const classrooms = pgTable(
  'classrooms',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('class_name').notNull(),
    kind: text('kind', { enum: ['classroom', 'lab'] })
      .notNull()
      .default('classroom'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusM: smallint('radius_m').notNull().default(100),
    capacity: smallint('capacity'),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.institutionId, t.name)],
);

/** Which branches use a classroom (a room can be shared by departments). */
export const classroomBranches = pgTable(
  'classroom_branches',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.classroomId, t.branchId] })],
);
