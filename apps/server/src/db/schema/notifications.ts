import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, slug } from './columns';
import { institutions, semesters } from './organisation';
import { profiles } from './people';

/** An alert in a person's bell. `type` is the machine code; the label is derived when serialised. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    slug: slug(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'subject_choice_alert',
        'subject_deletion_alert',
        'subject_choice_deadline_alert',
        'subject_choice_reset_alert',
        'attendance_correction_alert',
      ],
    }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['unseen', 'seen'] })
      .notNull()
      .default('unseen'),
    semesterId: integer('semester_id').references(() => semesters.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [index().on(t.profileId, t.status)],
);

/**
 * Append-only record of every change a person made. A database trigger (migration 0001) refuses
 * UPDATE and DELETE so the trail cannot be rewritten, even by a buggy service.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer('institution_id').references(() => institutions.id, { onDelete: 'set null' }),
    actorProfileId: integer('actor_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entitySlug: text('entity_slug'),
    detail: jsonb('detail'),
    at: createdAt(),
  },
  (t) => [index().on(t.institutionId, t.at)],
);
