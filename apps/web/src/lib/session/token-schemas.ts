import * as z from 'zod/mini';
import type { AccessTokenPayload, TokenPair } from '@rollbook/contract';

// The two shapes the first load checks, in zod/mini: the contract's schemas are classic zod, whose
// ~26 kB would otherwise be evaluated before the sign-in page can render (issue 19, item 3).
// `token-schemas.test.ts` holds them to the contract's own schemas on the same samples.

const tokenBranch = z.object({
  branch_name: z.string(),
  slug: z.string(),
  branch_code: z.optional(z.string()),
});
const profileOf = <R extends string>(role: R) =>
  z.object({ name: z.nullable(z.string()), email: z.string(), role: z.literal(role) });

/** The contract's `AccessTokenPayloadSchema` (§3.1), checked without classic zod. */
export const accessTokenPayload = z.object({
  token_type: z.literal('access'),
  exp: z.int(),
  iat: z.int(),
  jti: z.string(),
  user_id: z.int(),
  obj: z.union([
    z.object({ id: z.int(), profile: profileOf('admin'), branch: z.optional(tokenBranch) }),
    z.object({
      slug: z.string(),
      profile: profileOf('teacher'),
      branch: tokenBranch,
      teacher_code: z.string(),
    }),
    z.object({
      slug: z.string(),
      profile: profileOf('student'),
      sr_no: z.string(),
      enrollment: z.string(),
      branch: z.optional(tokenBranch),
    }),
  ]),
});

/** The contract's `TokenPairSchema`. */
export const tokenPair = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});

/** The decoded payload when it has the contract's shape, else null. */
export function asAccessTokenPayload(value: unknown): AccessTokenPayload | null {
  const parsed = accessTokenPayload.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A refresh answer's token pair when it has the contract's shape, else null. */
export function asTokenPair(value: unknown): TokenPair | null {
  const parsed = tokenPair.safeParse(value);
  return parsed.success ? parsed.data : null;
}
