import { type RouteResponse, type UpdateEmailBody } from '@rollbook/contract';
import { authRoutes } from '@rollbook/contract/addresses';
import type { authRoutes as authRouteDefs } from '@rollbook/contract';
import { api, contractRequest } from '../../lib/api/api';

/** The profile's one call: changing the account's e-mail (contract §4.8). */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateEmail: build.mutation<RouteResponse<typeof authRouteDefs.updateEmail>, UpdateEmailBody>({
      query: (body) => contractRequest(authRoutes.updateEmail, { body }),
      // The dialog shows its own texts (403 has a fixed sentence).
      extraOptions: { silent: true },
    }),
  }),
});

export const { useUpdateEmailMutation } = profileApi;
