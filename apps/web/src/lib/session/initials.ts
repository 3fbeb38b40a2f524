import type { AccessTokenPayload } from '@rollbook/contract';

/**
 * The avatar text for a signed-in person, or null when the profile has no name (then no avatar is
 * shown). Teachers show the first two letters of their teacher code, upper-cased; everyone else
 * the first letter of each word of their name (product spec §2 Layouts).
 */
export function initialsFor(profile: AccessTokenPayload | null | undefined): string | null {
  if (!profile) return null;
  const { obj } = profile;
  const name = obj.profile.name?.trim();
  if (!name) return null;
  if (obj.profile.role === 'teacher' && 'teacher_code' in obj && obj.teacher_code) {
    return obj.teacher_code.slice(0, 2).toUpperCase();
  }
  return name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}
