import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, slug, updatedAt } from './columns';
import { branches, institutions, semesters, streams } from './organisation';

/**
 * Every person who signs in. `mustChangePassword` marks a temporary password: login then answers
 * with a set-new-password challenge instead of tokens. Emails are stored lower-cased.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'teacher', 'student'] }).notNull(),
    name: text('name'),
    email: text('email').notNull(),
    phone: text('phone'),
    gender: text('gender', { enum: ['M', 'F', 'X'] }),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Bumped to invalidate every access token issued before (email change, password reset). */
    tokenVersion: integer('token_version').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** An admin of the whole institution: every branch, present and future (the first admin). */
    institutionAdmin: boolean('institution_admin').notNull().default(false),
    /** When the last invitation (set-password link) was sent; null: never invited. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    emailUpdatedAt: timestamp('email_updated_at', { withTimezone: true }),
    forgotPasswordRequestedAt: timestamp('forgot_password_requested_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_email_lower_unique').on(sql`lower(${t.email})`),
    index().on(t.institutionId, t.role),
  ],
);

/** An admin administers one or more branches; the first is the one the access token names. */
export const adminBranches = pgTable(
  'admin_branches',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    ordering: smallint('ordering').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.branchId] })],
);

/** Faculty. `teacherCode` heads the teacher's column in the master timetable. */
export const teachers = pgTable(
  'teachers',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    teacherCode: text('teacher_code').notNull(),
    seniority: smallint('seniority'),
    maxWeeklyHours: smallint('max_weekly_hours'),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.institutionId, t.teacherCode)],
);

/** The branches a teacher teaches in (the first is the token's branch). */
export const teacherBranches = pgTable(
  'teacher_branches',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    ordering: smallint('ordering').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.branchId] })],
);

/** A student, enrolled in one stream and (at a time) one current semester. */
export const students = pgTable(
  'students',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    enrollment: text('enrollment').notNull(),
    srNo: text('sr_no'),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    streamId: integer('stream_id').references(() => streams.id),
    semesterId: integer('semester_id').references(() => semesters.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    /** Set when the student finished their final semester (a new academic year moved them out). */
    graduatedAt: timestamp('graduated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique().on(t.institutionId, t.enrollment),
    unique().on(t.institutionId, t.deviceId),
    index().on(t.semesterId),
  ],
);

/**
 * The periods a student was away from the college: deactivated (left) on `leftOn`, reactivated on
 * `returnedOn` (null: still away). Lectures on a day from `leftOn` up to the day before
 * `returnedOn` do not expect them; their rows from before stay and count (record-0004). At most one
 * open period a student; a deactivation undone the same day leaves no period.
 */
export const studentDepartures = pgTable(
  'student_departures',
  {
    id: id(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The day of the deactivation: the first day the student is not expected. */
    leftOn: date('left_on').notNull(),
    /** The day of the reactivation: the first day they are expected again (null: not yet). */
    returnedOn: date('returned_on'),
  },
  (t) => [
    index().on(t.studentId),
    uniqueIndex('student_departures_one_open')
      .on(t.studentId)
      .where(sql`${t.returnedOn} is null`),
    check(
      'student_departures_return_after_leaving',
      sql`${t.returnedOn} is null or ${t.returnedOn} > ${t.leftOn}`,
    ),
  ],
);
