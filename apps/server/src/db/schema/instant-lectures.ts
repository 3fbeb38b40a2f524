import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, time } from 'drizzle-orm/pg-core';
import { createdAt, id, slug } from './columns';
import { batches, divisions } from './divisions';
import { classrooms, semesters } from './organisation';
import { teachers } from './people';
import { offeredSubjects } from './subjects';

/**
 * An extra ("instant") lecture outside the timetable: one teacher, one semester, one day, for
 * chosen divisions (and, within a division, optionally chosen batches), about a timetable subject
 * or a free title (exactly one of the two). It has exactly one session (a `lecture_sessions` row
 * whose `instant_lecture_id` points here). Without a classroom the attendance geofence is the
 * institution's campus point (docs/decisions/instant-0001-extra-lectures.md).
 */
export const instantLectures = pgTable(
  'instant_lectures',
  {
    id: id(),
    slug: slug(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    offeredSubjectId: integer('offered_subject_id').references(() => offeredSubjects.id, {
      onDelete: 'cascade',
    }),
    title: text('title'),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'set null' }),
    /** The date (in the institution's zone) the lecture is held on: the day it was created. */
    day: date('day').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.teacherId, t.day),
    index().on(t.semesterId, t.day),
    check('instant_lectures_subject_or_title', sql`(${t.offeredSubjectId} is null) <> (${t.title} is null)`),
  ],
);

/** The divisions an instant lecture is for. */
export const instantLectureDivisions = pgTable(
  'instant_lecture_divisions',
  {
    instantLectureId: integer('instant_lecture_id')
      .notNull()
      .references(() => instantLectures.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.instantLectureId, t.divisionId] }), index().on(t.divisionId)],
);

/**
 * Batches narrowing a chosen division: a division with chosen batches brings only those batches'
 * students; a division without any brings all its students.
 */
export const instantLectureBatches = pgTable(
  'instant_lecture_batches',
  {
    instantLectureId: integer('instant_lecture_id')
      .notNull()
      .references(() => instantLectures.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.instantLectureId, t.batchId] }), index().on(t.batchId)],
);
