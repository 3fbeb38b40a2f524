import { date, index, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, slug } from './columns';
import { semesters } from './organisation';
import { students } from './people';
import { offeredSubjects } from './subjects';

/** A division (A, B, ...) of a semester. */
export const divisions = pgTable(
  'divisions',
  {
    id: id(),
    slug: slug(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    name: text('division_name').notNull(),
    ordering: smallint('ordering').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.semesterId, t.name)],
);

/**
 * Every student belongs to exactly one division per semester: the unique key on
 * (semester, student) makes a double placement impossible rather than merely unlikely.
 */
export const divisionStudents = pgTable(
  'division_students',
  {
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /**
     * The first day the student belongs here, when placed after the term began (a late admission,
     * a move); null: from the start. Sessions before it never expected them (people-0001).
     */
    since: date('since'),
  },
  (t) => [primaryKey({ columns: [t.semesterId, t.studentId] }), index().on(t.divisionId)],
);

/**
 * A lab batch. Core batches (A1, A2) split a division for its core practicals; elective batches
 * (ML1, ML2) gather a division's students of one elective (`offeredSubjectId`).
 */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    slug: slug(),
    divisionId: integer('division_id')
      .notNull()
      .references(() => divisions.id, { onDelete: 'cascade' }),
    name: text('batch_name').notNull(),
    kind: text('kind', { enum: ['core', 'elective'] })
      .notNull()
      .default('core'),
    offeredSubjectId: integer('offered_subject_id').references(() => offeredSubjects.id, {
      onDelete: 'cascade',
    }),
    ordering: smallint('ordering').notNull().default(0),
  },
  (t) => [unique().on(t.divisionId, t.name)],
);

export const batchStudents = pgTable(
  'batch_students',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** As `division_students.since`: null from the start, else the first day in this batch. */
    since: date('since'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.studentId] }), index().on(t.studentId)],
);

/** Which batches take an offered subject (the timetable upload checks against it). */
export const offeredSubjectBatches = pgTable(
  'offered_subject_batches',
  {
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offeredSubjectId, t.batchId] })],
);
