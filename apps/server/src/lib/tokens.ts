import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Role } from '@rollbook/contract';

/** The `obj` claim the original clients decode (contract §3.1). */
export interface TokenObj {
  id?: number;
  slug?: string;
  profile: { name: string | null; email: string; role: Role };
  branch?: { branch_name: string; slug: string; branch_code?: string };
  teacher_code?: string;
  enrollment?: string;
  sr_no?: string | null;
}

export interface AccessClaims {
  token_type: 'access';
  jti: string;
  user_id: number;
  /** Public id of the profile (slug): what the server trusts, together with `ver`. */
  sub: string;
  ver: number;
  obj: TokenObj;
  exp: number;
  iat: number;
}

export interface RefreshClaims {
  token_type: 'refresh';
  jti: string;
  fam: string;
  sub: string;
  user_id: number;
  ver: number;
  obj: TokenObj;
  exp: number;
  iat: number;
}

export class TokenInvalidError extends Error {}

const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Remembers access tokens whose signature was checked, until they expire: every authenticated call
 * checks its token, and an HMAC through WebCrypto was a sixth of a cached timetable call's CPU. A
 * token's content cannot change, so only its expiry is checked again; revocation is the token
 * version's job (checked against the profile on every call). Oldest first out when full.
 */
function verifiedAccess(
  verify: (token: string, nowMs: number) => Promise<AccessClaims>,
): (token: string, nowMs: number) => Promise<AccessClaims> {
  const verified = new Map<string, AccessClaims>();
  return async (token, nowMs) => {
    const known = verified.get(token);
    if (known) {
      // jose's rule: expired once `exp` is not after the current second.
      if (known.exp > Math.floor(nowMs / 1000)) return known;
      verified.delete(token);
      throw new TokenInvalidError('Token is expired');
    }
    const claims = await verify(token, nowMs);
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  };
}

/** Signs and verifies HS256 tokens with one secret; access and refresh are told apart by `token_type`. */
export function createTokenSigner(secret: string, ttl: { accessSeconds: number; refreshSeconds: number }) {
  const key = new TextEncoder().encode(secret);

  async function sign(claims: Record<string, unknown>, seconds: number, nowMs: number): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + seconds)
      .sign(key);
  }

  async function verify<T extends { token_type: string }>(
    token: string,
    type: T['token_type'],
    nowMs: number,
  ): Promise<T> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
      });
      if (payload.token_type !== type) throw new TokenInvalidError('Token has the wrong type');
      return payload as unknown as T;
    } catch (err) {
      if (err instanceof TokenInvalidError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new TokenInvalidError('Token is expired');
      throw new TokenInvalidError('Token is invalid');
    }
  }

  return {
    signAccess(p: { userId: number; sub: string; ver: number; obj: TokenObj }, nowMs: number) {
      return sign(
        { token_type: 'access', jti: randomUUID(), user_id: p.userId, sub: p.sub, ver: p.ver, obj: p.obj },
        ttl.accessSeconds,
        nowMs,
      );
    },
    signRefresh(
      p: { userId: number; sub: string; ver: number; obj: TokenObj; jti: string; family: string },
      nowMs: number,
    ) {
      return sign(
        {
          token_type: 'refresh',
          jti: p.jti,
          fam: p.family,
          user_id: p.userId,
          sub: p.sub,
          ver: p.ver,
          obj: p.obj,
        },
        ttl.refreshSeconds,
        nowMs,
      );
    },
    verifyAccess: verifiedAccess((token, nowMs) => verify<AccessClaims>(token, 'access', nowMs)),
    verifyRefresh: (token: string, nowMs: number) => verify<RefreshClaims>(token, 'refresh', nowMs),
    refreshTtlSeconds: ttl.refreshSeconds,
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
