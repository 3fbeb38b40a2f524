import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { readCacheFor } from '../../db/read-cache';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/caller';
import { TokenInvalidError } from '../../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Verifies the bearer token; throws 401 (token_invalid) when it is missing, invalid or revoked. */
    authenticate(request: FastifyRequest): Promise<AuthContext>;
    /** Verifies a raw access token (sockets, calendar feeds) the same way. */
    authenticateToken(token: string): Promise<AuthContext>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

/**
 * Authentication for every bearer route. A token alone is not trusted: the profile must still exist,
 * be active, and carry the same token version (bumped by email changes and password resets), so
 * revoking an account's tokens takes effect at once.
 */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('auth', null);

    // Every authenticated call runs this: a named prepared statement, planned once per connection.
    const profileBySlug = app.deps.db
      .select({
        id: profiles.id,
        slug: profiles.slug,
        institutionId: profiles.institutionId,
        role: profiles.role,
        name: profiles.name,
        email: profiles.email,
        tokenVersion: profiles.tokenVersion,
      })
      .from(profiles)
      .where(and(eq(profiles.slug, sql.placeholder('slug')), eq(profiles.isActive, true)))
      .limit(1)
      .prepare('auth_profile_by_slug');
    // Kept until the next write (any email change, reset or deactivation is one), on every instance.
    const cached = readCacheFor(app.deps.db);
    const profileOf = (slug: string) =>
      cached(`auth-profile:${slug}`, async () => (await profileBySlug.execute({ slug }))[0]);

    async function authenticateToken(token: string): Promise<AuthContext> {
      let claims;
      try {
        claims = await app.deps.tokens.verifyAccess(token, app.deps.clock.now().getTime());
      } catch (err) {
        if (err instanceof TokenInvalidError) throw new AppError('token_invalid', err.message);
        throw err;
      }
      const row = await profileOf(claims.sub);
      if (!row || row.tokenVersion !== claims.ver)
        throw new AppError('token_invalid', 'Token is no longer valid');
      return {
        profileId: row.id,
        profileSlug: row.slug,
        institutionId: row.institutionId,
        role: row.role,
        name: row.name,
        email: row.email,
      };
    }

    app.decorate('authenticateToken', authenticateToken);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('token_invalid', 'Authentication credentials were not provided');
      const auth = await authenticateToken(token);
      request.auth = auth;
      return auth;
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);
