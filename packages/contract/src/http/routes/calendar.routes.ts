import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import { ROLES } from '../../constants';
import { defineRoute } from '../route';

/** A feed's file name in its public URL: the secret token, then `.ics`. */
const CALENDAR_FEED_FILE_PATTERN = /^[A-Za-z0-9_-]{20,100}\.ics$/;

const FeedUrlSchema = z.object({ url: z.url() });

/**
 * Private iCalendar feeds of weekly lectures: Rollbook additions outside the original contract (so
 * not in ROUTES_TABLE, and old clients never call them). Everyone signed in has a feed (an admin's
 * is empty); the feed itself is public and found only by its secret token.
 */
export const calendarRoutes = {
  getFeedUrl: defineRoute({
    id: 'calendar.getFeedUrl',
    method: 'GET',
    path: '/calendar/feed',
    auth: 'bearer',
    roles: ROLES,
    bodyKind: 'none',
    response: envelopeSchema(FeedUrlSchema),
    responseKind: 'envelope',
    summary: 'Your private calendar (.ics) URL of your weekly lectures; created on first call',
    section: 'Rollbook',
  }),
  revokeFeedUrl: defineRoute({
    id: 'calendar.revokeFeedUrl',
    method: 'POST',
    path: '/calendar/feed/revoke',
    auth: 'bearer',
    roles: ROLES,
    bodyKind: 'none',
    response: envelopeSchema(FeedUrlSchema),
    responseKind: 'envelope',
    summary: 'Revoke your calendar URL (calendars subscribed to it stop updating) and get a new one',
    section: 'Rollbook',
  }),
  getFeed: defineRoute({
    id: 'calendar.getFeed',
    method: 'GET',
    path: '/calendar/{file}',
    auth: 'none',
    roles: [],
    bodyKind: 'none',
    params: z.object({ file: z.string().regex(CALENDAR_FEED_FILE_PATTERN, 'expected {token}.ics') }),
    response: z.string(),
    responseKind: 'text',
    summary: 'A calendar feed by its secret token ({token}.ics, no authentication): text/calendar',
    section: 'Rollbook',
  }),
} as const;
