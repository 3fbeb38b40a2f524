import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { authChallenges, profiles } from '../db/schema';

/**
 * Ends every invitation and password-reset link of a person that is still open. Called when their
 * sign-in email changes: a link went to the old address, which may have been a typo that reached a
 * stranger, and whoever holds it could otherwise choose the password of the corrected account. The
 * links are deleted, so they read as invalid; the person asks for a new one at the new address.
 */
export async function cancelOpenPasswordLinks(db: DbOrTx, profileId: number): Promise<void> {
  await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.profileId, profileId),
        inArray(authChallenges.purpose, ['invitation', 'reset_password']),
        isNull(authChallenges.usedAt),
      ),
    );
}

/**
 * Whether a person's sign-in email is still `email`, read with the row locked until the transaction
 * ends: a link about to be stored or kept for that address must not outlive a change to it.
 */
export async function emailStillIs(tx: DbOrTx, profileId: number, email: string): Promise<boolean> {
  const [current] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
  return current !== undefined && current.email.toLowerCase() === email.toLowerCase();
}
