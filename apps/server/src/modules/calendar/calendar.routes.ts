import type { FastifyInstance } from 'fastify';
import { calendarRoutes, ok } from '@rollbook/contract';
import { notFound } from '../../lib/app-error';
import { registerRoute } from '../../lib/routes';
import { resolveJwtSecret } from '../../lib/secrets';
import { createCalendarService } from './calendar.service';
import { createFeedTokens } from './feed-token';

/**
 * Private iCalendar feeds of weekly lectures (not part of the original contract): the signed-in
 * person's feed URL, revoking it, and the public `.ics` by secret token.
 */
export async function calendarModule(app: FastifyInstance) {
  const { config } = app.deps;
  // The same server secret that signs tokens (configured, or kept in the data folder).
  const secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const service = createCalendarService(app.deps, createFeedTokens(secret));

  registerRoute(app, calendarRoutes.getFeedUrl, async ({ auth }) => ok({ url: await service.feedUrl(auth) }));

  registerRoute(app, calendarRoutes.revokeFeedUrl, async ({ auth }) =>
    ok({ url: await service.revoke(auth) }),
  );

  registerRoute(app, calendarRoutes.getFeed, async ({ params, reply }) => {
    const body = await service.render(params.file.slice(0, -'.ics'.length));
    if (body === null) throw notFound('Calendar feed');
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300');
    return body;
  });
}
