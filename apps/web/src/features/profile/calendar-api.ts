import { api, contractRequest } from '../../lib/api/api';

// Calendar feeds are a Rollbook addition outside the original contract (server: calendar module).
const FEED_ROUTE = { method: 'GET', path: '/calendar/feed' } as const;
const REVOKE_ROUTE = { method: 'POST', path: '/calendar/feed/revoke' } as const;

interface FeedUrlEnvelope {
  data: { url: string };
}

/**
 * The signed-in person's private calendar feed: fetching its URL (created on first call) and
 * resetting it (the old URL stops working, a new one is returned). Both are mutations because the
 * dialog only asks on a button press and shows the latest answer.
 */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    fetchCalendarFeedUrl: build.mutation<string, void>({
      query: () => contractRequest(FEED_ROUTE),
      transformResponse: (response: FeedUrlEnvelope) => response.data.url,
    }),
    resetCalendarFeedUrl: build.mutation<string, void>({
      query: () => contractRequest(REVOKE_ROUTE),
      transformResponse: (response: FeedUrlEnvelope) => response.data.url,
    }),
  }),
});

export const { useFetchCalendarFeedUrlMutation, useResetCalendarFeedUrlMutation } = calendarApi;
