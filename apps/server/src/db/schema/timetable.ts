import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, time } from 'drizzle-orm/pg-core';
import { createdAt, id, slug } from './columns';
import { classrooms } from './organisation';
import { teachers } from './people';
import { offeredSubjects } from './subjects';
import { batches, divisions } from './divisions';

import { WEEK_DAYS } from '@rollbook/contract';

/** Lecture days, Monday first (the contract's list). */
export const WEEKDAYS = WEEK_DAYS;

/** The weekly timetable of one division (replaced as a whole by a master-timetable upload). */
export const timetables = pgTable('timetables', {
  id: id(),
  slug: slug(),
  divisionId: integer('division_id')
    .notNull()
    .unique()
    .references(() => divisions.id, { onDelete: 'cascade' }),
  uploadedAt: createdAt(),
});

/** A weekly lecture slot: theory for a whole division, lab/practical for some batches. */
export const lectures = pgTable(
  'lectures',
  {
    id: id(),
    slug: slug(),
    timetableId: integer('timetable_id')
      .notNull()
      .references(() => timetables.id, { onDelete: 'cascade' }),
    day: text('day', { enum: WEEKDAYS }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    type: text('type', { enum: ['theory', 'lab', 'practical'] }).notNull(),
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id),
    isActive: boolean('is_active').notNull().default(true),
    isProxy: boolean('is_proxy').notNull().default(false),
    /**
     * A secret of this lecture (128 random bits, never sent out): the public id of its session on a
     * date is derived from it (`plannedSessionId`), so a timetable can name a session before the
     * teacher starts it without writing a row (issue 19: a GET never writes).
     */
    sessionSeed: text('session_seed')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [index().on(t.teacherId, t.day), index().on(t.timetableId, t.day), index().on(t.classroomId, t.day)],
);

export const lectureBatches = pgTable(
  'lecture_batches',
  {
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.lectureId, t.batchId] }), index().on(t.batchId)],
);
