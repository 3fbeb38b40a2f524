import type { Db } from '../../db/client';
import { lockInstitution } from '../../db/queries/institution-lock';

/**
 * Holds the institution's allocation lock until the transaction ends. A teacher's weekly maximum
 * spans every branch of the institution (load confirmed in one branch counts in another), so
 * confirm, reset, storing a proposal and changing a maximum all take this one institution-wide
 * lock and read what their checks rely on only after it: two of them can never both pass a check
 * on data the other is about to change.
 */
export async function lockAllocations(tx: Db, institutionId: number): Promise<void> {
  await lockInstitution(tx, 'allocation', institutionId);
}
