import { index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { createdAt, id, slug } from './columns';
import { semesters } from './organisation';
import { teachers } from './people';
import { offeredSubjects } from './subjects';
import { batches, divisions } from './divisions';

/**
 * Teaching load: hours of one kind of one subject (for a division or a batch) given to a teacher.
 * The solver writes `proposed` rows; the admin's confirm replaces them with `confirmed` ones.
 */
export const teacherAllocations = pgTable(
  'teacher_allocations',
  {
    id: id(),
    slug: slug(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id').references(() => divisions.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['theory', 'tutorial', 'lab', 'practical'] }).notNull(),
    hours: real('hours').notNull(),
    status: text('status', { enum: ['proposed', 'confirmed'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.semesterId, t.status), index().on(t.teacherId)],
);
