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

/** Texts of the calendar feed section (a Rollbook addition, not in the original product). */
export const CALENDAR_TEXT = {
  title: 'Calendar feed',
  explanation:
    'Subscribe to this private link to see your weekly lectures in any calendar app (Google, Outlook, Apple).',
  show: 'Show my calendar link',
  loading: 'Getting link...',
  fieldLabel: 'Calendar feed link',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link; select it and copy it yourself',
  reset: 'A new link was made; the old one no longer works',
} as const;
