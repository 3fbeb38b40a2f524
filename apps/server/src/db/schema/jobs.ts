import { integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { institutions } from './organisation';

/**
 * One run of a scheduled job for one institution and one period (e.g. the week's alerts, the day's
 * retention sweep). The unique key makes a run idempotent across restarts and instances.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    job: text('job').notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    periodKey: text('period_key').notNull(),
    ranAt: createdAt(),
    summary: jsonb('summary'),
  },
  (t) => [unique().on(t.job, t.institutionId, t.periodKey)],
);
