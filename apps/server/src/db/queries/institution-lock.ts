import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/**
 * Kinds of institution-wide writes that must run one at a time. Each is its own advisory-lock
 * class, so an upload never waits for an allocation confirm.
 */
export const INSTITUTION_LOCKS = {
  timetableUpload: 5_000_101,
  allocation: 5_000_201,
} as const;

/** Holds the institution's lock of this kind until the transaction ends. */
export async function lockInstitution(
  tx: DbOrTx,
  kind: keyof typeof INSTITUTION_LOCKS,
  institutionId: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INSTITUTION_LOCKS[kind]}, ${institutionId})`);
}
