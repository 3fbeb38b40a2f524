import type { Role } from '@rollbook/contract';

/** Dialog title per role, exactly as the product spec quotes them (including "Branch-dmin"). */
export const PROFILE_TITLES: Record<Role, string> = {
  admin: 'Branch-dmin Profile',
  teacher: 'Faculty Profile',
  student: 'Student Profile',
};

/** Label of the name row per role. */
export const NAME_LABELS: Record<Role, string> = {
  admin: 'Admin Name',
  teacher: 'Faculty Name',
  student: 'Student Name',
};

/** Texts of the e-mail editor that the product spec quotes exactly. */
export const PROFILE_TEXT = {
  warning: "Warning: You'll be logged out after updating your email",
  invalidEmail: 'Please enter a valid email address',
  updated: 'Email updated successfully',
  retryAfter24h: 'Please try again after 24 hours',
  fallback: 'Something went wrong',
} as const;
