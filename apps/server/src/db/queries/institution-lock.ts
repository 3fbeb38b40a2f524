import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/**
 * Kinds of institution-wide writes that must run one at a time. Each is its own advisory-lock
 * class, so an upload never waits for an allocation confirm.
 */
export const INSTITUTION_LOCKS = {
  /** One upload at a time, so two files cannot both pass the clash check. */
  timetableUpload: 5_000_101,
  /**
   * Allocation confirm, reset, storing a proposal and changing a weekly maximum. A teacher's maximum
   * spans every branch (load confirmed in one counts in another), so these take one lock per
   * institution and read what their checks rely on only after it.
   */
  allocation: 5_000_201,
  /** Institution workbook imports: each checks against what the one before it wrote. */
  workbookImport: 5_000_301,
} as const;

/** Holds the institution's lock of this kind until the transaction ends. */
export async function lockInstitution(
  tx: DbOrTx,
  kind: keyof typeof INSTITUTION_LOCKS,
  institutionId: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INSTITUTION_LOCKS[kind]}, ${institutionId})`);
}
