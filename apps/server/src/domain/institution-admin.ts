import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { profiles } from '../db/schema';
import type { AuthContext } from '../lib/caller';
import { forbidden } from '../lib/app-error';

/**
 * Whether the caller administers the whole institution (profiles.institution_admin): only they set
 * the institution up, change its settings and rooms, and open a new academic year. Read from the
 * live row, so revoking the flag (or deactivating the person) takes effect at once.
 */
export async function isInstitutionAdmin(db: DbOrTx, auth: AuthContext): Promise<boolean> {
  if (auth.role !== 'admin') return false;
  const [row] = await db
    .select({ institutionAdmin: profiles.institutionAdmin })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, auth.profileId),
        eq(profiles.institutionId, auth.institutionId),
        eq(profiles.role, 'admin'),
        eq(profiles.isActive, true),
      ),
    );
  return row?.institutionAdmin ?? false;
}

/** Refuses (403) a caller who is not an institution admin, with the caller's module's own reason. */
export async function requireInstitutionAdmin(db: DbOrTx, auth: AuthContext, refusal: string): Promise<void> {
  if (!(await isInstitutionAdmin(db, auth))) throw forbidden(refusal);
}
