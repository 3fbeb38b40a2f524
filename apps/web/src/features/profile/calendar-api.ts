import { type RouteResponse } from '@rollbook/contract';
import { calendarRoutes } from '@rollbook/contract/addresses';
import type { calendarRoutes as calendarRouteDefs } from '@rollbook/contract';
import { api, contractRequest } from '../../lib/api/api';

type FeedUrlEnvelope = RouteResponse<typeof calendarRouteDefs.getFeedUrl>;

/**
 * The signed-in person's private calendar feed: fetching its URL (created on first call) and
 * resetting it (the old URL stops working, a new one is returned). Both are mutations because the
 * dialog only asks on a button press and shows the latest answer.
 */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    fetchCalendarFeedUrl: build.mutation<string, void>({
      query: () => contractRequest(calendarRoutes.getFeedUrl),
      transformResponse: (response: FeedUrlEnvelope) => response.data.url,
    }),
    resetCalendarFeedUrl: build.mutation<string, void>({
      query: () => contractRequest(calendarRoutes.revokeFeedUrl),
      transformResponse: (response: FeedUrlEnvelope) => response.data.url,
    }),
  }),
});

export const { useFetchCalendarFeedUrlMutation, useResetCalendarFeedUrlMutation } = calendarApi;
