import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@rollbook/contract';
import { notFound } from '../../lib/app-error';
import { resolveJwtSecret } from '../../lib/secrets';
import { createCalendarService } from './calendar.service';
import { createFeedTokens } from './feed-token';

const FeedUrlResponse = z.object({
  data: z.object({ url: z.string().url() }),
  error: z.literal(false),
  message: z.null(),
});

/**
 * Private iCalendar feeds of weekly lectures (not part of the original contract): the signed-in
 * person's feed URL, revoking it, and the public `.ics` by secret token.
 */
export async function calendarModule(app: FastifyInstance) {
  const { config } = app.deps;
  // The same server secret that signs tokens (configured, or kept in the data folder).
  const secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const service = createCalendarService(app.deps, createFeedTokens(secret));
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.route({
    method: 'GET',
    url: '/calendar/feed',
    schema: {
      summary: 'Your private calendar (.ics) URL of your weekly lectures; created on first call',
      tags: ['calendar'],
      security: [{ bearerAuth: [] }],
      response: { 200: FeedUrlResponse },
    },
    async handler(request) {
      const auth = await app.authenticate(request);
      return ok({ url: await service.feedUrl(auth) });
    },
  });

  typed.route({
    method: 'POST',
    url: '/calendar/feed/revoke',
    schema: {
      summary: 'Revoke your calendar URL (calendars subscribed to it stop updating) and get a new one',
      tags: ['calendar'],
      security: [{ bearerAuth: [] }],
      response: { 200: FeedUrlResponse },
    },
    async handler(request) {
      const auth = await app.authenticate(request);
      return ok({ url: await service.revoke(auth) });
    },
  });

  typed.route({
    method: 'GET',
    url: '/calendar/:file',
    schema: {
      summary: 'A calendar feed by its secret token ({token}.ics, no authentication): text/calendar',
      tags: ['calendar'],
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'expected {token}.ics') }),
    },
    async handler(request, reply) {
      const token = request.params.file.slice(0, -'.ics'.length);
      const body = await service.render(token);
      if (body === null) throw notFound('Calendar feed');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  });
}
