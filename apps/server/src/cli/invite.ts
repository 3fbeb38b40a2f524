import type { Db } from '../db/client';

/** Sends the set-password invitations to people an import created. */
export type Inviter = (db: Db, institutionId: number, profileIds: number[]) => Promise<{ invited: number }>;

/**
 * The invitation sender for `import --invite`. Invitations (domain/invitations.ts, inviteProfiles)
 * are not part of this build yet: answering null makes the command refuse `--invite` before it
 * writes anything. Wire inviteProfiles here once it exists.
 */
export function loadInviter(): Inviter | null {
  return null;
}
