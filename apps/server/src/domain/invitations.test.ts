import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { and, eq } from 'drizzle-orm';
import { auditLog, authChallenges, profiles } from '../db/schema';
import { buildCollege, buildStudent, buildTeacher } from '../testing/factories';
import { call, useTestApp } from '../testing/test-app';
import { hashSecret } from '../lib/secrets';
import { unusablePasswordHash } from '../lib/passwords';
import { INVITATION_VALID_MS, inviteProfiles } from './invitations';

const t = useTestApp();

const NEW_PASSWORD = 'Fresh-start-2027';
const EXPIRED_MESSAGE = 'This password reset link is invalid or has expired. Please ask for a new one.';

/** A student added by an admin: no usable password yet. */
async function invitee(email = 'nisha@example.test') {
  const { institutionId, ce, institution } = await buildCollege(t.db);
  const { profile, student } = await buildStudent(t.db, {
    institutionId,
    branchId: ce.id,
    name: 'Nisha Desai',
    email,
    enrollment: '240280107042',
    passwordHash: unusablePasswordHash(),
  });
  return { profile, student, institution, institutionId, ce };
}

/** The link of the newest mail to an address, and its two query values. */
function linkTo(address: string) {
  const mail = t.smtp.lastTo(address);
  expect(mail, `a mail to ${address}`).toBeDefined();
  const match =
    /(http:\/\/rollbook\.test\/update_password\?profile_slug=([\w-]+)&profile_forgot_password_code=([\w-]+))/.exec(
      mail!,
    );
  expect(match, 'a set-password link in the mail').not.toBeNull();
  return { mail: mail!, url: match![1]!, slug: match![2]!, code: match![3]! };
}

const setPassword = (slug: string, code: string, password = NEW_PASSWORD) =>
  call(t.app, {
    method: 'POST',
    url: '/api/auth/api/set_updated_password/',
    body: { password, profile_slug: slug, profile_forgot_password_code: code },
  });

const login = (email: string, password = NEW_PASSWORD) =>
  call(t.app, { method: 'POST', url: '/api/auth/api/login/', body: { email, password, device_id: null } });

describe('inviteProfiles', () => {
  it('mails a set-password link for the reset page, storing only a hash of its code for 7 days', async () => {
    const { profile, institution } = await invitee();
    const outcome = await inviteProfiles(t.app.deps, [profile.id, profile.id]);
    expect(outcome).toEqual({ sent: 1, failed: 0 });

    expect(t.smtp.received).toHaveLength(1);
    const { mail, slug, code } = linkTo('nisha@example.test');
    expect(slug).toBe(profile.slug);
    expect(mail).toContain(`Subject: Your Rollbook account at ${institution.name}: choose your password`);
    expect(mail).toContain('Hello Nisha Desai,');
    expect(mail).toContain('http://rollbook.test/login');

    const challenges = await t.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.profileId, profile.id));
    expect(challenges).toHaveLength(1);
    expect(challenges[0]).toMatchObject({
      purpose: 'invitation',
      secretHash: hashSecret(code),
      usedAt: null,
    });
    expect(JSON.stringify(challenges)).not.toContain(code);
    expect(challenges[0]!.expiresAt.getTime()).toBe(t.clock.now().getTime() + INVITATION_VALID_MS);

    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.invitedAt?.getTime()).toBe(t.clock.now().getTime());
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'person.invited'));
    expect(entry).toMatchObject({ entitySlug: profile.slug, institutionId: profile.institutionId });
  });

  it('lets the link set the password once; the person then signs in and a second use is refused', async () => {
    const { profile } = await invitee();
    expect((await login('nisha@example.test')).status).toBe(401);
    await inviteProfiles(t.app.deps, [profile.id]);
    const { slug, code } = linkTo('nisha@example.test');

    const weak = await setPassword(slug, code, 'short');
    expect(weak.status).toBe(400);
    const first = await setPassword(slug, code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: true, error: false, message: null });

    const signedIn = await login('nisha@example.test');
    expect(signedIn.status).toBe(200);
    expect(
      decodeJwt<{ obj: { profile: { role: string }; sr_no: unknown } }>(signedIn.body.access).obj,
    ).toMatchObject({ profile: { role: 'student' }, sr_no: '' });

    const second = await setPassword(slug, code, 'Another-pass-9');
    expect(second.status).toBe(404);
    expect(second.body.message).toBe(EXPIRED_MESSAGE);
    expect((await login('nisha@example.test')).status).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'password.set_from_invitation'));
    expect(audit?.entitySlug).toBe(profile.slug);
  });

  it('refuses a link after 7 days', async () => {
    const { profile } = await invitee();
    await inviteProfiles(t.app.deps, [profile.id]);
    const { slug, code } = linkTo('nisha@example.test');
    t.clock.advance(INVITATION_VALID_MS + 60_000);
    const res = await setPassword(slug, code);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(EXPIRED_MESSAGE);
    expect((await login('nisha@example.test')).status).toBe(401);
  });

  it('still accepts a link on its last day', async () => {
    const { profile } = await invitee();
    await inviteProfiles(t.app.deps, [profile.id]);
    const { slug, code } = linkTo('nisha@example.test');
    t.clock.advance(INVITATION_VALID_MS - 60_000);
    expect((await setPassword(slug, code)).status).toBe(200);
  });

  it('refuses a link with another person’s slug', async () => {
    const { profile, institutionId, ce } = await invitee();
    const other = await buildTeacher(t.db, { institutionId, branchId: ce.id });
    await inviteProfiles(t.app.deps, [profile.id]);
    const { code } = linkTo('nisha@example.test');
    const res = await setPassword(other.profile.slug, code);
    expect(res.status).toBe(404);
    expect((await login(other.profile.email)).status).toBe(401);
  });

  it('makes a re-sent invitation replace the earlier link', async () => {
    const { profile } = await invitee();
    await inviteProfiles(t.app.deps, [profile.id]);
    const earlier = linkTo('nisha@example.test');
    t.clock.advance(60_000);
    await inviteProfiles(t.app.deps, [profile.id]);
    const later = linkTo('nisha@example.test');
    expect(later.code).not.toBe(earlier.code);
    expect((await setPassword(earlier.slug, earlier.code)).status).toBe(404);
    expect((await setPassword(later.slug, later.code)).status).toBe(200);
  });

  it('skips deactivated people, and refuses the link of someone deactivated after it was sent', async () => {
    const { profile } = await invitee();
    const { profile: gone } = await buildStudent(t.db, {
      institutionId: profile.institutionId,
      email: 'gone@example.test',
      isActive: false,
    });
    expect(await inviteProfiles(t.app.deps, [profile.id, gone.id])).toEqual({ sent: 1, failed: 0 });
    expect(t.smtp.lastTo('gone@example.test')).toBeUndefined();

    const { slug, code } = linkTo('nisha@example.test');
    await t.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, profile.id));
    const res = await setPassword(slug, code);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(EXPIRED_MESSAGE);
    expect((await login('nisha@example.test')).status).toBe(401);
  });

  it('counts a mail the server refused, keeps the earlier link working and does not mark the person invited', async () => {
    const { profile } = await invitee();
    await inviteProfiles(t.app.deps, [profile.id]);
    const earlier = linkTo('nisha@example.test');
    await t.db.update(profiles).set({ invitedAt: null }).where(eq(profiles.id, profile.id));
    const refusing = {
      ...t.app.deps,
      mailer: {
        send: () => Promise.reject(new Error('550 mailbox unavailable')),
        close: () => undefined,
      },
    };
    expect(await inviteProfiles(refusing, [profile.id])).toEqual({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row?.invitedAt).toBeNull();
    const live = await t.db
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.profileId, profile.id), eq(authChallenges.purpose, 'invitation')));
    expect(live.filter((c) => c.usedAt === null)).toHaveLength(1);
    expect((await setPassword(earlier.slug, earlier.code)).status).toBe(200);
  });

  it('sends nothing for no one', async () => {
    expect(await inviteProfiles(t.app.deps, [])).toEqual({ sent: 0, failed: 0 });
    expect(await inviteProfiles(t.app.deps, [999_999])).toEqual({ sent: 0, failed: 0 });
    expect(t.smtp.received).toHaveLength(0);
  });

  it('never lets a link work that went out while the address was being corrected', async () => {
    const { profile } = await invitee('nisha.typo@example.test');
    // The admin fixes the address while the mail is on its way.
    const mailer = {
      ...t.app.deps.mailer,
      send: async (mail: Parameters<typeof t.app.deps.mailer.send>[0]) => {
        await t.app.deps.mailer.send(mail);
        await t.db.update(profiles).set({ email: 'nisha@example.test' }).where(eq(profiles.id, profile.id));
      },
    };
    const outcome = await inviteProfiles({ ...t.app.deps, mailer }, [profile.id]);
    expect(outcome).toEqual({ sent: 0, failed: 1 });
    const { slug, code } = linkTo('nisha.typo@example.test');
    const taken = await setPassword(slug, code);
    expect(taken.status).toBe(404);
    expect(taken.body.message).toBe(EXPIRED_MESSAGE);
  });
});
