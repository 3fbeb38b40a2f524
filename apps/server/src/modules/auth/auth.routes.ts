import type { FastifyInstance, FastifyReply } from 'fastify';
import { authExtensionRoutes, authRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { databaseReachable } from '../../lib/dependency-checks';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/outage';
import { AppError } from '../../lib/app-error';
import { createAuthService } from './auth.service';
import { createSignInLimits, type HeldBack } from './sign-in-limits';

/** The email of a login-like body, for per-account rate-limit keys. */
function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Session and account calls of contract §4. */
export async function authModule(app: FastifyInstance) {
  const limits = createSignInLimits({
    store: app.throttle,
    config: app.deps.config,
    now: () => app.deps.clock.now().getTime(),
  });
  const service = createAuthService(app.deps, { limits, background: app.background });
  const limit = app.deps.config.loginRateLimitPerMinute;

  /** A 429 with Retry-After; `detail` is where the original login page looks for the reason. */
  function refuse(reply: FastifyReply, held: HeldBack): never {
    void reply.header('retry-after', String(Math.ceil(held.retryAfterMs / 1000)));
    throw new AppError('too_many_requests', held.message, { extra: { detail: held.message } });
  }

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

  registerRoute(
    app,
    authRoutes.login,
    async ({ body, request, reply }) => {
      const held = await limits.beforeLogin(request.ip, body.email);
      if (held) refuse(reply, held);
      const answer = await service.login(body);
      await limits.loginSucceeded(request.ip, body.email);
      return answer;
    },
    {
      rateLimit: {
        max: limit,
        timeWindow: '1 minute',
        keyGenerator: (req) => `login:${req.ip}:${emailOf(req.body)}`,
        message: 'Too many login attempts. Please wait a minute and try again.',
      },
    },
  );

  registerRoute(app, authRoutes.refresh, async ({ body }) => service.refresh(body.refresh));

  registerRoute(app, authRoutes.setNewPassword, async ({ body }) => service.setNewPassword(body));

  registerRoute(app, authExtensionRoutes.checkPasswordLink, async ({ body }) =>
    ok(await service.checkPasswordLink(body)),
  );

  registerRoute(app, authRoutes.setUpdatedPassword, async ({ body }) => {
    await service.setUpdatedPassword(body);
    return ok(true as const);
  });

  registerRoute(
    app,
    authRoutes.forgotPassword,
    async ({ body, request, reply }) => {
      const held = await limits.beforeResetRequest(request.ip, body.email);
      if (held) refuse(reply, held);
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
