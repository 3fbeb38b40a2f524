import type { BadgeTone } from '../../components/ui/badge';
import type { InvitationResult, Person } from '@rollbook/contract';
import { institutionDay } from '../../lib/zoned-wall-time';

/** Where a person's account stands, in words and a colour. */
export function accountStatus(person: Person): { label: string; tone: BadgeTone } {
  if (!person.is_active) return { label: 'Deactivated', tone: 'neutral' };
  if (person.last_login_at) return { label: 'Signed in', tone: 'success' };
  if (person.invited_at)
    // The institution's day of the invitation (the server writes its clock), not the device's.
    return { label: `Invited ${institutionDay(person.invited_at)}`, tone: 'brand' };
  return { label: 'Not invited yet', tone: 'warning' };
}

export const displayName = (person: Person) => person.name ?? person.email;

/** The page's report of a bulk invitation. */
export function invitationReport(result: InvitationResult): string {
  const sent = `${result.sent} invitation${result.sent === 1 ? '' : 's'} sent`;
  return result.failed === 0
    ? `${sent}.`
    : `${sent}; ${result.failed} could not be sent (the mail server refused them). Try again later.`;
}

export const PEOPLE_TEXT = {
  added: (name: string) => `${name} was added.`,
  addedAndInvited: (name: string) => `${name} was added and invited.`,
  addedNotInvited: (name: string) =>
    `${name} was added, but the invitation could not be sent. Try "Send invitation" later.`,
  saved: (name: string) => `Changes to ${name} were saved.`,
  deactivated: (name: string) => `${name} was deactivated.`,
  reactivated: (name: string) => `${name} was reactivated.`,
  invited: (name: string) => `An invitation was sent to ${name}.`,
  placed: (name: string, where: string, day: string) => `${name} is now in ${where}, from ${day}.`,
  nothingChanged: 'Nothing was changed.',
} as const;
