import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id, slug, updatedAt } from './columns';
import { classrooms } from './organisation';
import { students } from './people';
import { lectures } from './timetable';

/**
 * One lecture on one date. Created on demand in status `pre`; the teacher moves it to `ongoing`
 * (a session tone is generated then) and to `post`. `toneParams` lets the verifier re-synthesise the
 * tone at any sample rate.
 */
export const lectureSessions = pgTable(
  'lecture_sessions',
  {
    id: id(),
    sessionId: text('session_id').notNull().unique(),
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
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
  (t) => [unique().on(t.lectureId, t.day)],
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
    verdict: text('verdict', { enum: ['present', 'absent'] }),
    reasons: jsonb('reasons').$type<string[]>(),
    deviceId: text('device_id'),
    regulizationStatus: text('regulization_status', { enum: ['pending', 'approved', 'rejected'] }),
    regulizationComment: text('regulization_comment'),
    changedByTeacherAt: timestamp('changed_by_teacher_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One device marks one student per session (design/presence.md T5); NULLs (web clients) never clash.
  (t) => [
    unique().on(t.sessionId, t.studentId),
    unique().on(t.sessionId, t.deviceId),
    index().on(t.studentId),
  ],
);
