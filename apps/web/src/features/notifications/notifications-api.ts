import { type Notification } from '@rollbook/contract';
import { notificationRoutes } from '@rollbook/contract/addresses';
import { toast } from '../../lib/toast';
import { api, contractRequest } from '../../lib/api/api';
import { bodyText, isApiError } from '../../lib/api/api-error';

/** Shown when the alerts could not be fetched and the server gave no message. */
export const FETCH_FAILED_TEXT = 'Failed to fetch notifications';

/** The bell's calls (contract §5); the lists themselves live in the notification slice. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<Notification[], void>({
      query: () => contractRequest(notificationRoutes.getAlerts),
      transformResponse: (body: { data: Notification[] | null }) => body.data ?? [],
      providesTags: ['Notifications'],
      extraOptions: { silent: true },
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const error = (failure as { error?: unknown }).error;
          toast.error((isApiError(error) && bodyText(error.body, 'message')) || FETCH_FAILED_TEXT);
        }
      },
    }),
    markAllAsRead: build.mutation<Notification[] | null, void>({
      query: () => contractRequest(notificationRoutes.markAllAsRead),
      transformResponse: (body: { data: Notification[] | null } | null) => body?.data ?? null,
    }),
  }),
});

export const { useGetAlertsQuery, useMarkAllAsReadMutation } = notificationsApi;
