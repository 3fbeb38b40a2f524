import { randomBytes } from 'node:crypto';
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A new public identifier: 16 random bytes in base64url (22 characters). Internal integer keys never
 * leave the server; every row a client can name carries one of these instead, so ids cannot be guessed
 * or enumerated and are safe in URL path segments.
 */
export function newSlug(): string {
  return randomBytes(16).toString('base64url');
}

/** Internal surrogate key: joins stay cheap and slugs stay the only public handle. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Public opaque id, unique per table. */
export const slug = () => text('slug').notNull().unique().$defaultFn(newSlug);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());
