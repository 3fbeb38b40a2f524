import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, slug, updatedAt } from './columns';
import { institutions } from './organisation';
import { profiles } from './people';

/**
 * One check (dry run) or import of an institution workbook, run off the request: the page polls
 * its phase and progress, and reads the report when it is done. Kept in the database so that any
 * instance can answer the poll and a restart leaves a clear `failed` rather than a silent hole.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    dryRun: boolean('dry_run').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** What the job is doing now, in words a registrar understands ("Checking Students"). */
    phase: text('phase'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The import report (created / updated / unchanged per sheet, problems) once done. */
    report: jsonb('report'),
    /** Why it failed, when it did (not a validation problem: those are in the report). */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.institutionId, t.createdAt)],
);
