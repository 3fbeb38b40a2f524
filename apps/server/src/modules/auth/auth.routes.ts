import type { FastifyInstance } from 'fastify';
import { authRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { databaseReachable } from '../../lib/dependency-checks';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/outage';
import { createAuthService } from './auth.service';

/** The email of a login-like body, for per-account rate-limit keys. */
function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Session and account calls of contract §4. */
export async function authModule(app: FastifyInstance) {
  const service = createAuthService(app.deps);
  const limit = app.deps.config.loginRateLimitPerMinute;

  registerRoute(app, authRoutes.checkServerAvailability, async ({ reply }) => {
    if (app.deps.config.maintenance)
      return reply.status(503).send({ data: false, error: true, message: 'Rollbook is under maintenance' });
    // The web app asks before every protected screen and shows its 502 page on failure: without
    // the database nothing behind that screen would work, so say so rather than 200.
    if (!(await databaseReachable(app.deps.db)))
      return reply
        .status(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .send({ data: false, error: true, message: 'Rollbook cannot reach its database right now' });
    return { data: true as const };
  });

  registerRoute(app, authRoutes.checkTokenAuthenticity, async () => ok({ isAuthenticated: true as const }));

  registerRoute(app, authRoutes.login, async ({ body }) => service.login(body), {
    rateLimit: {
      max: limit,
      timeWindow: '1 minute',
      keyGenerator: (req) => `login:${req.ip}:${emailOf(req.body)}`,
      message: 'Too many login attempts. Please wait a minute and try again.',
    },
  });

  registerRoute(app, authRoutes.refresh, async ({ body }) => service.refresh(body.refresh));

  registerRoute(app, authRoutes.setNewPassword, async ({ body }) => service.setNewPassword(body));

  registerRoute(app, authRoutes.setUpdatedPassword, async ({ body }) => {
    await service.setUpdatedPassword(body);
    return ok(true as const);
  });

  registerRoute(
    app,
    authRoutes.forgotPassword,
    async ({ body }) => {
      await service.forgotPassword(body);
      return ok(true as const);
    },
    {
      rateLimit: {
        max: limit,
        timeWindow: '1 minute',
        keyGenerator: (req) => `forgot:${req.ip}:${emailOf(req.body)}`,
        message: 'Too many requests. Please wait a minute and try again.',
      },
    },
  );

  registerRoute(app, authRoutes.updateEmail, async ({ auth, body }) => {
    return ok(await service.updateEmail(auth, body));
  });
}
