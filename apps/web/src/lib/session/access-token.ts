import { jwtDecode } from 'jwt-decode';
import type { AccessTokenPayload, Role } from '@rollbook/contract';
import { asAccessTokenPayload } from './token-schemas';

/**
 * Decodes (without verifying: the server does that) an access token into its payload, or null when
 * the token is malformed or its `obj` claim does not have the contract's shape. A null profile
 * means "no role", which every guard treats as signed out.
 */
export function decodeAccessToken(token: string | null | undefined): AccessTokenPayload | null {
  if (!token) return null;
  try {
    return asAccessTokenPayload(jwtDecode(token));
  } catch {
    return null;
  }
}

/** The role carried in a decoded token, or null without one. */
export function roleOf(profile: AccessTokenPayload | null | undefined): Role | null {
  return profile?.obj.profile.role ?? null;
}
