import type { FastifyInstance } from 'fastify';
import type { profiles } from '../db/schema';
import type { TokenSigner } from '../lib/tokens';

type Profile = typeof profiles.$inferSelect;

/** The access token login would issue to `profile`, signed by `tokens` (any process with the secret). */
export function accessTokenFor(tokens: TokenSigner, profile: Profile, nowMs: number): Promise<string> {
  return tokens.signAccess(
    {
      userId: profile.id,
      sub: profile.slug,
      ver: profile.tokenVersion,
      obj: { profile: { name: profile.name, email: profile.email, role: profile.role } },
    },
    nowMs,
  );
}

/** Signs an access token for a profile at the app clock's time, without login (fast, no rate limit). */
export function tokenFor(app: FastifyInstance, profile: Profile): Promise<string> {
  return accessTokenFor(app.deps.tokens, profile, app.deps.clock.now().getTime());
}
