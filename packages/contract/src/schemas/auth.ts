import { z } from 'zod';
import { EMAIL_PATTERN, TEMPORARY_PASSWORD_CODE } from '../constants';
import { requiredString } from './common';

/**
 * An e-mail field checked with the client's own regex (§4.7), so the server rejects exactly what
 * the client would.
 */
function emailField(field: string) {
  return (
    z
      .string({
        error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
      })
      .trim()
      // RFC 5321's longest address; longer text is no address and must not reach the database.
      .max(254, { error: `${field} must be at most 254 characters` })
      .regex(EMAIL_PATTERN, { error: 'Please enter a valid email address' })
  );
}

/** What `update_email` answers for an address a spreadsheet would run as a formula. */
export const FORMULA_EMAIL_MESSAGE =
  'An email address may not start with =, +, - or @: spreadsheets would read it as a formula';

/** `POST /auth/api/login/` body. `device_id` is null from the web, a base64 id from the app. */
export const LoginBodySchema = z.object({
  email: requiredString('email'),
  password: z
    .string({
      error: (issue) => (issue.input === undefined ? 'password is required' : 'password must be a string'),
    })
    .min(1, { error: 'password must not be empty' }),
  device_id: z.string({ error: 'device_id must be a string or null' }).max(512).nullable().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The bare token pair of login, refresh and set-new-password (no envelope). */
export const TokenPairSchema = z.object({ access: z.string().min(1), refresh: z.string().min(1) });
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** Login's 200 for an account still on its temporary password (§4.3). */
export const TemporaryPasswordAnswerSchema = z.object({
  error: z.literal(true),
  code: z.literal(TEMPORARY_PASSWORD_CODE),
  message: z.string(),
  profile_slug: z.string().min(1),
});
export type TemporaryPasswordAnswer = z.infer<typeof TemporaryPasswordAnswerSchema>;

/** Either answer of a successful login call. */
export const LoginResponseSchema = z.union([TokenPairSchema, TemporaryPasswordAnswerSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `POST /auth/api/token/refresh/` body. */
export const RefreshBodySchema = z.object({ refresh: requiredString('refresh') });
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

/** A new password: non-empty (strength is a server rule, stated in its message). */
const passwordField = z
  .string({
    error: (issue) => (issue.input === undefined ? 'password is required' : 'password must be a string'),
  })
  .min(1, { error: 'Password is required' })
  .max(256, { error: 'password must be at most 256 characters' });

/** `POST /auth/api/set_new_password_for_stakeholders/` body (temporary-password flow). */
export const SetNewPasswordBodySchema = z.object({
  password: passwordField,
  profile_slug: requiredString('profile_slug').max(512),
});
export type SetNewPasswordBody = z.infer<typeof SetNewPasswordBodySchema>;

/** `POST /auth/api/set_updated_password/` body (forgot-password reset link). */
export const SetUpdatedPasswordBodySchema = z.object({
  password: passwordField,
  profile_forgot_password_code: requiredString('profile_forgot_password_code').max(512),
  profile_slug: requiredString('profile_slug').max(512),
});
export type SetUpdatedPasswordBody = z.infer<typeof SetUpdatedPasswordBodySchema>;

/** Rollbook's `check_password_link` body: the two values of a reset or invitation link. */
export const PasswordLinkBodySchema = z.object({
  profile_forgot_password_code: requiredString('profile_forgot_password_code').max(512),
  profile_slug: requiredString('profile_slug').max(512),
});
export type PasswordLinkBody = z.infer<typeof PasswordLinkBodySchema>;

/**
 * What a reset or invitation link is worth before anyone types a password: `usable`, already
 * `used`, `expired`, or `invalid` (no such link for this account).
 */
export const PASSWORD_LINK_STATES = ['usable', 'used', 'expired', 'invalid'] as const;
export const PasswordLinkStateSchema = z.object({ state: z.enum(PASSWORD_LINK_STATES) });
export type PasswordLinkState = z.infer<typeof PasswordLinkStateSchema>;

/** `POST /auth/api/forgot_password/` body. */
export const ForgotPasswordBodySchema = z.object({ email: emailField('email') });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** `POST /auth/api/update_email/` body. */
export const UpdateEmailBodySchema = z.object({
  // Addresses end up in exported spreadsheets; one that reads as a formula could run there.
  email: emailField('email').refine((email) => !/^[=+\-@]/.test(email), { error: FORMULA_EMAIL_MESSAGE }),
});
export type UpdateEmailBody = z.infer<typeof UpdateEmailBodySchema>;

/** `update_email` success payload: the address now on the account. */
export const UpdatedEmailSchema = z.object({ email: z.string() });
export type UpdatedEmail = z.infer<typeof UpdatedEmailSchema>;

/** `check_token_authenticity` payload; anything else leaves the original client blank. */
export const TokenAuthenticitySchema = z.object({ isAuthenticated: z.literal(true) });

/** Branch as carried in the token claim. */
const TokenBranchSchema = z.object({
  branch_name: z.string(),
  slug: z.string(),
  branch_code: z.string().optional(),
});

/** The custom `obj` claim of the access token, one variant per role (§3.1). */
export const TokenObjSchema = z.union([
  z.object({
    id: z.number().int(),
    profile: z.object({ name: z.string().nullable(), email: z.string(), role: z.literal('admin') }),
    // Absent only for the first admin of an institution that has no branch yet (Rollbook set-up).
    branch: TokenBranchSchema.optional(),
  }),
  z.object({
    slug: z.string(),
    profile: z.object({ name: z.string().nullable(), email: z.string(), role: z.literal('teacher') }),
    branch: TokenBranchSchema,
    teacher_code: z.string(),
  }),
  z.object({
    slug: z.string(),
    profile: z.object({ name: z.string().nullable(), email: z.string(), role: z.literal('student') }),
    sr_no: z.string(),
    enrollment: z.string(),
    branch: TokenBranchSchema.optional(),
  }),
]);
export type TokenObj = z.infer<typeof TokenObjSchema>;

/** Decoded access-token payload (SimpleJWT claims plus `obj`). */
export const AccessTokenPayloadSchema = z.object({
  token_type: z.literal('access'),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string(),
  user_id: z.number().int(),
  obj: TokenObjSchema,
});
export type AccessTokenPayload = z.infer<typeof AccessTokenPayloadSchema>;
