import type { DbOrTx } from '../db/client';
import { profiles } from '../db/schema';
import { unusablePasswordHash } from '../lib/passwords';

/** A person an admin or a workbook adds: their name and sign-in email. */
export interface NewPerson {
  name: string;
  email: string;
}

/**
 * A person's name as stored: runs of spaces (and tabs or line breaks pasted from a sheet) become one
 * space, so "Riya   Patel" is found by typing "Riya Patel" and a re-import differing only in
 * spacing changes nothing.
 */
export function personName(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

/**
 * Inserts the sign-in rows of people added by an admin or an import: no usable password until they
 * accept an invitation (so sign-in answers them as slowly as anyone else). Answers ids and slugs in
 * the order given.
 */
export async function insertInvitableProfiles(
  db: DbOrTx,
  institutionId: number,
  role: 'teacher' | 'student',
  people: readonly NewPerson[],
): Promise<{ id: number; slug: string }[]> {
  if (people.length === 0) return [];
  return db
    .insert(profiles)
    .values(
      people.map((person) => ({
        institutionId,
        role,
        name: person.name,
        email: person.email,
        passwordHash: unusablePasswordHash(),
      })),
    )
    .returning({ id: profiles.id, slug: profiles.slug });
}
