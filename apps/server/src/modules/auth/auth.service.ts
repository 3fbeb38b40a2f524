import { cancelOpenPasswordLinks, emailStillIs } from '../../domain/password-links';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  EMAIL_CHANGE_INTERVAL_MS,
  EMAIL_PATTERN,
  FORGOT_PASSWORD_INTERVAL_MS,
  TEMPORARY_PASSWORD_CODE,
  type PasswordLinkBody,
  type PasswordLinkState,
} from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { authChallenges, emailChanges, passwordChanges, profiles, refreshTokens } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { hashSecret, randomSecret } from '../../lib/secrets';
import { createAuthRepository, type ProfileRow } from './auth.repository';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { TokenInvalidError } from '../../lib/tokens';
import type { BackgroundJobs } from '../../lib/background-jobs';
import type { SignInLimits } from './sign-in-limits';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface TemporaryPasswordAnswer {
  error: true;
  code: typeof TEMPORARY_PASSWORD_CODE;
  message: string;
  profile_slug: string;
}

const AUDIT_ACTION_OF = {
  temporary_replaced: 'password.set_from_temporary',
  forgot_password_reset: 'password.reset',
  invitation_accepted: 'password.set_from_invitation',
} as const;

// A set-new-password challenge must be used soon after the login that produced it.
const SET_PASSWORD_CHALLENGE_MS = 15 * 60 * 1000;

/**
 * Sign-in and account rules: login, refresh rotation with reuse detection, the temporary-password
 * challenge, forgot/reset password and email change.
 */
const LINK_INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';

export function createAuthService(
  deps: AppDeps,
  after: { limits: SignInLimits; background: BackgroundJobs },
) {
  const repo = createAuthRepository(deps.db);
  const now = () => deps.clock.now();

  async function issueTokens(
    p: ProfileRow,
    opts: { family?: string; deviceId?: string | null } = {},
  ): Promise<TokenPair> {
    const obj = await repo.tokenObj(p);
    const nowMs = now().getTime();
    const jti = randomUUID();
    const family = opts.family ?? randomUUID();
    const base = { userId: p.id, sub: p.slug, ver: p.tokenVersion, obj };
    const [access, refresh] = await Promise.all([
      deps.tokens.signAccess(base, nowMs),
      deps.tokens.signRefresh({ ...base, jti, family }, nowMs),
    ]);
    await repo.insertRefreshToken({
      jti,
      familyId: family,
      profileId: p.id,
      deviceId: opts.deviceId ?? null,
      issuedAt: new Date(nowMs),
      expiresAt: new Date(nowMs + deps.tokens.refreshTtlSeconds * 1000),
    });
    return { access, refresh };
  }

  /** Invalidates every token of an account: access tokens by version, refresh tokens by revocation. */
  async function revokeAllTokens(tx: Pick<AppDeps['db'], 'update'>, profile: ProfileRow, reason: string) {
    await tx
      .update(profiles)
      .set({ tokenVersion: profile.tokenVersion + 1 })
      .where(eq(profiles.id, profile.id));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now(), revokedReason: reason })
      .where(and(eq(refreshTokens.profileId, profile.id), isNull(refreshTokens.revokedAt)));
  }

  function assertPassword(password: string) {
    const problem = passwordProblem(password);
    if (problem)
      throw new AppError('validation_failed', problem, { issues: [{ path: 'password', message: problem }] });
  }

  /**
   * Looks up the challenge of a reset or invitation link (an invitation opens the same reset page as
   * a forgot-password link, so both codes work) and says whether it can still set a password.
   */
  async function findPasswordLink(input: PasswordLinkBody) {
    const challenge = await repo.findChallenge(hashSecret(input.profile_forgot_password_code), [
      'reset_password',
      'invitation',
    ]);
    const profile = challenge ? await repo.findProfileById(challenge.profileId) : undefined;
    if (!challenge || !profile || !profile.isActive || profile.slug !== input.profile_slug)
      return { state: 'invalid' as const };
    if (challenge.usedAt) return { state: 'used' as const };
    if (challenge.expiresAt.getTime() < now().getTime()) return { state: 'expired' as const };
    return { state: 'usable' as const, challenge, profile };
  }

  /**
   * Sets a new password through a single-use challenge, in one transaction: the challenge is spent,
   * the temporary flag cleared, the change recorded and audited. A reset also ends every sign-in.
   */
  async function replacePassword(
    profile: ProfileRow,
    challengeId: number,
    password: string,
    reason: 'temporary_replaced' | 'forgot_password_reset' | 'invitation_accepted',
  ) {
    const passwordHash = await hashPassword(password);
    await deps.db.transaction(async (tx) => {
      // Spent only if still open: the link may have been used, or cancelled by an email change,
      // while the password was being hashed.
      const spent = await tx
        .update(authChallenges)
        .set({ usedAt: now() })
        .where(and(eq(authChallenges.id, challengeId), isNull(authChallenges.usedAt)))
        .returning({ id: authChallenges.id });
      if (spent.length === 0) throw new AppError('not_found', LINK_INVALID);
      await tx
        .update(profiles)
        .set({ passwordHash, mustChangePassword: false })
        .where(eq(profiles.id, profile.id));
      if (reason !== 'temporary_replaced') await revokeAllTokens(tx, profile, 'password_reset');
      // The history knows one kind of emailed link (the reset link); the audit trail tells them apart.
      await tx.insert(passwordChanges).values({
        profileId: profile.id,
        reason: reason === 'temporary_replaced' ? reason : 'forgot_password_reset',
      });
      await audit(tx, {
        institutionId: profile.institutionId,
        actorProfileId: profile.id,
        action: AUDIT_ACTION_OF[reason],
        entityType: 'profile',
        entitySlug: profile.slug,
      });
    });
  }

  /** Ends every sign-in of an account whose refresh token was replayed, and records why. */
  async function revokeForReuse(profileId: number, familyId: string) {
    const profile = await repo.findProfileById(profileId);
    if (!profile) return;
    await deps.db.transaction(async (tx) => {
      await revokeAllTokens(tx, profile, 'reuse_detected');
      await audit(tx, {
        institutionId: profile.institutionId,
        actorProfileId: null,
        action: 'auth.refresh_token_reused',
        entityType: 'profile',
        entitySlug: profile.slug,
        detail: { family: familyId },
      });
    });
  }

  /** Stores a new reset challenge (ending any earlier one) and mails its link. */
  async function sendResetLink(profile: ProfileRow, requestedAt: Date) {
    const code = randomSecret(32);
    const stored = await deps.db.transaction(async (tx) => {
      // The address asked for must still be the person's: a change since the request was read
      // would send the new link to an address they just left (server-0013).
      if (!(await emailStillIs(tx, profile.id, profile.email))) return false;
      await tx
        .update(profiles)
        .set({ forgotPasswordRequestedAt: requestedAt })
        .where(eq(profiles.id, profile.id));
      // An earlier reset link stops working: deleted, so it reads as not valid (open the latest
      // e-mail), not as a password already chosen.
      await tx
        .delete(authChallenges)
        .where(
          and(
            eq(authChallenges.profileId, profile.id),
            eq(authChallenges.purpose, 'reset_password'),
            isNull(authChallenges.usedAt),
          ),
        );
      await tx.insert(authChallenges).values({
        profileId: profile.id,
        purpose: 'reset_password',
        secretHash: hashSecret(code),
        expiresAt: new Date(requestedAt.getTime() + FORGOT_PASSWORD_INTERVAL_MS),
      });
      await audit(tx, {
        institutionId: profile.institutionId,
        actorProfileId: profile.id,
        action: 'password.reset_requested',
        entityType: 'profile',
        entitySlug: profile.slug,
      });
      return true;
    });
    if (!stored) return;
    const base = (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/$/, '');
    const link = `${base}/update_password?profile_slug=${encodeURIComponent(profile.slug)}&profile_forgot_password_code=${encodeURIComponent(code)}`;
    await deps.mailer.send({
      to: profile.email,
      subject: 'Reset your Rollbook password',
      text: `Hello ${profile.name ?? ''},\n\nSomeone (hopefully you) asked to reset your Rollbook password. Open this link within 24 hours to choose a new one:\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n`,
    });
  }

  return {
    async login(input: {
      email: string;
      password: string;
      device_id?: string | null | undefined;
    }): Promise<TokenPair | TemporaryPasswordAnswer> {
      const profile = await repo.findProfileByEmail(input.email);
      const ok = await verifyPassword(profile?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (!profile || !ok || !profile.isActive) {
        const detail = 'No active account found with the given credentials';
        // `detail` is where the original clients look for a login failure's explanation.
        throw new AppError('invalid_credentials', detail, { extra: { detail } });
      }
      if (profile.mustChangePassword) {
        const secret = randomSecret(32);
        await repo.insertChallenge({
          profileId: profile.id,
          purpose: 'set_new_password',
          secretHash: hashSecret(secret),
          expiresAt: new Date(now().getTime() + SET_PASSWORD_CHALLENGE_MS),
        });
        // The client echoes `profile_slug` to set_new_password; it is a single-use proof of this login,
        // not the profile's public id, so nobody can set a password knowing only a slug.
        return {
          error: true,
          code: TEMPORARY_PASSWORD_CODE,
          message: 'Please set new password',
          profile_slug: secret,
        };
      }
      const deviceId = input.device_id?.trim() || null;
      if (deviceId && profile.role === 'student') await repo.bindStudentDevice(profile.id, deviceId);
      await repo.touchLastLogin(profile.id, now());
      return issueTokens(profile, { deviceId });
    },

    async refresh(token: string): Promise<TokenPair> {
      let claims;
      try {
        claims = await deps.tokens.verifyRefresh(token, now().getTime());
      } catch (err) {
        if (err instanceof TokenInvalidError) throw new AppError('token_invalid', err.message);
        throw err;
      }
      const stored = await repo.findRefreshToken(claims.jti);
      if (!stored || stored.revokedAt) throw new AppError('token_invalid', 'Token is blacklisted');
      if (!(await repo.markRefreshReplaced(claims.jti, now()))) {
        // A refresh token presented twice was copied, and the thief may already hold an access
        // token from it: revoking the family's refresh tokens alone would leave that working for
        // a day. Access tokens are only revocable by the account's token version, so every
        // sign-in of the account ends (the owner signs in again; the thief cannot).
        await revokeForReuse(stored.profileId, stored.familyId);
        throw new AppError('token_invalid', 'Token is blacklisted');
      }
      const profile = await repo.findProfileById(stored.profileId);
      if (!profile || !profile.isActive || profile.tokenVersion !== claims.ver) {
        throw new AppError('token_invalid', 'Token is no longer valid');
      }
      return issueTokens(profile, { family: stored.familyId, deviceId: stored.deviceId });
    },

    async setNewPassword(input: { password: string; profile_slug: string }): Promise<TokenPair> {
      const challenge = await repo.findChallenge(hashSecret(input.profile_slug), ['set_new_password']);
      if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() < now().getTime()) {
        throw new AppError(
          'not_found',
          'This password request has expired. Please log in again with your temporary password.',
        );
      }
      assertPassword(input.password);
      const profile = await repo.findProfileById(challenge.profileId);
      if (!profile || !profile.mustChangePassword)
        throw new AppError('not_found', 'Your password has already been updated');
      await replacePassword(profile, challenge.id, input.password, 'temporary_replaced');
      return issueTokens({ ...profile, mustChangePassword: false });
    },

    /**
     * Asks for a reset link. Known and unknown addresses take the same path up to the reply: one
     * lookup, the once-per-24-hours claim (403 for both alike, so the answer reveals no account;
     * a deactivated account is one without: it gets no link, and its requests are counted apart
     * from the account's own, so they never spend its period), and for a real account the challenge and mail are queued to run after the reply, so neither
     * the answer nor its timing depends on the mail server.
     */
    async forgotPassword(input: { email: string }): Promise<void> {
      if (!EMAIL_PATTERN.test(input.email.trim()))
        throw new AppError('validation_failed', 'Please enter a valid email address');
      const found = await repo.findProfileByEmail(input.email);
      const profile = found?.isActive ? found : undefined;
      const requestedAt = now();
      const last = profile?.forgotPasswordRequestedAt?.getTime();
      const recent = last !== undefined && requestedAt.getTime() - last < FORGOT_PASSWORD_INTERVAL_MS;
      if (recent || !(await after.limits.firstResetRequest(input.email, profile ? 'usable' : 'none')))
        throw new AppError('retry_after_24_hours');
      if (profile) after.background.run('password reset mail', () => sendResetLink(profile, requestedAt));
    },

    /** What a reset or invitation link is worth now; the reset page asks when it opens. */
    async checkPasswordLink(input: PasswordLinkBody): Promise<PasswordLinkState> {
      return { state: (await findPasswordLink(input)).state };
    },

    async setUpdatedPassword(input: PasswordLinkBody & { password: string }): Promise<void> {
      const link = await findPasswordLink(input);
      if (link.state !== 'usable') {
        throw new AppError('not_found', LINK_INVALID);
      }
      assertPassword(input.password);
      await replacePassword(
        link.profile,
        link.challenge.id,
        input.password,
        link.challenge.purpose === 'invitation' ? 'invitation_accepted' : 'forgot_password_reset',
      );
    },

    async updateEmail(auth: AuthContext, input: { email: string }): Promise<{ email: string }> {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(email))
        throw new AppError('validation_failed', 'Please enter a valid email address');
      const profile = await repo.findProfileById(auth.profileId);
      if (!profile) throw new AppError('token_invalid', 'Token is no longer valid');
      if (profile.email.toLowerCase() === email)
        throw new AppError('bad_request', 'This is already your email address');
      const last = profile.emailUpdatedAt?.getTime();
      if (last !== undefined && now().getTime() - last < EMAIL_CHANGE_INTERVAL_MS)
        throw new AppError('retry_after_24_hours');
      const taken = await repo.findProfileByEmail(email);
      if (taken) throw new AppError('conflict', 'This email address is already in use');
      await deps.db.transaction(async (tx) => {
        await tx.update(profiles).set({ email, emailUpdatedAt: now() }).where(eq(profiles.id, profile.id));
        await tx
          .insert(emailChanges)
          .values({ profileId: profile.id, oldEmail: profile.email, newEmail: email });
        await revokeAllTokens(tx, profile, 'email_changed');
        await cancelOpenPasswordLinks(tx, profile.id);
        await audit(tx, {
          institutionId: profile.institutionId,
          actorProfileId: profile.id,
          action: 'email.update',
          entityType: 'profile',
          entitySlug: profile.slug,
          detail: { from: profile.email, to: email },
        });
      });
      return { email };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
