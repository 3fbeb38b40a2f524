import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../plugins/app/deps';
import { authChallenges, institutions, profiles } from '../db/schema';
import { emailStillIs } from './password-links';
import { audit } from '../lib/audit';
import { hashSecret, randomSecret } from '../lib/secrets';

/** How long an invitation link works. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

// Mail servers are slow compared with the database; a few at a time keeps a bulk invitation quick
// without opening hundreds of SMTP connections at once.
const MAILS_AT_ONCE = 4;

export type InvitationDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'clock'>;

export interface InvitationOutcome {
  /** Mails the mail server accepted. */
  sent: number;
  /** Mails it refused (those people keep their earlier link, if any, and are not marked invited). */
  failed: number;
}

interface Invitee {
  id: number;
  slug: string;
  name: string | null;
  email: string;
  role: 'admin' | 'teacher' | 'student';
  institutionId: number;
  institutionName: string;
}

/** Where people open Rollbook: the configured public URL, else this server on localhost. */
function publicBase(config: InvitationDeps['config']): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

/**
 * The set-password link. It opens the web's forgot-password reset page, whose reset call accepts an
 * invitation code as well as a reset code, so invited people need no page of their own.
 */
export function invitationLink(config: InvitationDeps['config'], profileSlug: string, code: string): string {
  return `${publicBase(config)}/update_password?profile_slug=${encodeURIComponent(profileSlug)}&profile_forgot_password_code=${encodeURIComponent(code)}`;
}

function invitationText(config: InvitationDeps['config'], person: Invitee, link: string): string {
  const greeting = person.name ? `Hello ${person.name},` : 'Hello,';
  return [
    greeting,
    '',
    `${person.institutionName} uses Rollbook for timetables, subject choices and attendance, and has made an account for you (${person.email}).`,
    '',
    'Open this link within 7 days to choose your password. The link works once:',
    '',
    link,
    '',
    `Then sign in at ${publicBase(config)}/login with this e-mail address and your new password.`,
    '',
    'If the link has expired, ask your college office to send a new invitation.',
    '',
  ].join('\n');
}

async function loadInvitees(db: InvitationDeps['db'], profileIds: readonly number[]): Promise<Invitee[]> {
  const ids = [...new Set(profileIds)];
  if (ids.length === 0) return [];
  return (
    db
      .select({
        id: profiles.id,
        slug: profiles.slug,
        name: profiles.name,
        email: profiles.email,
        role: profiles.role,
        institutionId: profiles.institutionId,
        institutionName: institutions.name,
      })
      .from(profiles)
      .innerJoin(institutions, eq(institutions.id, profiles.institutionId))
      // A deactivated person could not sign in with the password the link sets.
      .where(and(inArray(profiles.id, ids), eq(profiles.isActive, true)))
      .orderBy(profiles.id)
  );
}

/**
 * Sends each (active) person an invitation: an e-mail with a single-use set-password link valid for
 * 7 days, through the configured mailer (the outbox folder in embedded mode). Only a hash of the
 * link's code is stored. Once the mail is accepted, the person's earlier invitation links stop
 * working, `invited_at` is set and the invitation is audited. Unknown or deactivated ids are skipped;
 * callers check that the people are theirs to invite.
 */
export async function inviteProfiles(
  deps: InvitationDeps,
  profileIds: readonly number[],
  opts: { actorProfileId?: number | null } = {},
): Promise<InvitationOutcome> {
  const invitees = await loadInvitees(deps.db, profileIds);
  const outcome: InvitationOutcome = { sent: 0, failed: 0 };

  async function inviteOne(person: Invitee) {
    const code = randomSecret(32);
    const now = deps.clock.now();
    const [challenge] = await deps.db
      .insert(authChallenges)
      .values({
        profileId: person.id,
        purpose: 'invitation',
        secretHash: hashSecret(code),
        expiresAt: new Date(now.getTime() + INVITATION_VALID_MS),
      })
      .returning({ id: authChallenges.id });
    const challengeId = challenge!.id;
    try {
      await deps.mailer.send({
        to: person.email,
        subject: `Your Rollbook account at ${person.institutionName}: choose your password`,
        text: invitationText(deps.config, person, invitationLink(deps.config, person.slug, code)),
      });
    } catch {
      // Nobody received this code, so it must never work; the earlier link (if any) stays valid.
      await deps.db.update(authChallenges).set({ usedAt: now }).where(eq(authChallenges.id, challengeId));
      outcome.failed += 1;
      return;
    }
    const delivered = await deps.db.transaction(async (tx) => {
      // The address may have changed while the mail was on its way (an admin fixing a typo): then
      // this link went to the old address and must never work (server-0013).
      if (!(await emailStillIs(tx, person.id, person.email))) {
        await tx.update(authChallenges).set({ usedAt: now }).where(eq(authChallenges.id, challengeId));
        return false;
      }
      // Earlier invitations stop working. Deleted rather than marked used, so their link reads as
      // not valid ("open the link from your latest e-mail"), not as a password already chosen.
      await tx
        .delete(authChallenges)
        .where(
          and(
            eq(authChallenges.profileId, person.id),
            eq(authChallenges.purpose, 'invitation'),
            isNull(authChallenges.usedAt),
            ne(authChallenges.id, challengeId),
          ),
        );
      await tx.update(profiles).set({ invitedAt: now }).where(eq(profiles.id, person.id));
      await audit(tx, {
        institutionId: person.institutionId,
        actorProfileId: opts.actorProfileId ?? null,
        action: 'person.invited',
        entityType: 'profile',
        entitySlug: person.slug,
        detail: {
          email: person.email,
          expires_at: new Date(now.getTime() + INVITATION_VALID_MS).toISOString(),
        },
      });
      return true;
    });
    if (delivered) outcome.sent += 1;
    else outcome.failed += 1;
  }

  for (let i = 0; i < invitees.length; i += MAILS_AT_ONCE) {
    await Promise.all(invitees.slice(i, i + MAILS_AT_ONCE).map(inviteOne));
  }
  return outcome;
}
