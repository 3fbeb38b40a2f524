import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { profiles } from './people';

/**
 * Issued refresh tokens. Rotation replaces a token by a new one of the same family; presenting a
 * token that was already replaced means it leaked, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    jti: text('jti').notNull().unique(),
    familyId: text('family_id').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index().on(t.familyId), index().on(t.profileId)],
);

/**
 * Single-use secrets that let a caller act on an account without tokens: the set-new-password
 * challenge handed out by a temporary-password login, and the forgot-password code mailed as a link.
 * Only a SHA-256 of the secret is stored.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: id(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['set_new_password', 'reset_password', 'invitation'] }).notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.profileId, t.purpose)],
);

/** Every password change, for the account's history and the audit trail. */
export const passwordChanges = pgTable('password_changes', {
  id: id(),
  profileId: integer('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: ['temporary_replaced', 'forgot_password_reset', 'admin_reset'] }).notNull(),
  changedAt: createdAt(),
});

/** Every email change (the 24-hour rule reads the latest). */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    changedAt: createdAt(),
  },
  (t) => [index().on(t.profileId)],
);

/** Private calendar (.ics) feed tokens; revoking sets `revokedAt`. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: id(),
  profileId: integer('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
