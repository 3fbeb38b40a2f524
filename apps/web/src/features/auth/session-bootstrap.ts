import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { isApiError } from '../../lib/api/api-error';
import { loaderFinished, loaderStarted } from '../../lib/loader/loader-slice';
import { tokensReceived, type WithAuth } from '../../lib/session/auth-slice';
import { signOut } from '../../lib/session/session-actions';
import { authApi } from './auth-api';

/** How a protected screen's bootstrap ended. */
export type BootstrapOutcome = 'ready' | 'server-unavailable' | 'signed-out';

/**
 * The check every protected screen runs when it mounts (product spec §4 Session, contract §3.3):
 * the server must answer the liveness probe (else /502), there must be an access token (else
 * /login), and the token must pass `check_token_authenticity`. A 401 there is handled by the base
 * query, which refreshes once and retries, or signs out when the refresh fails. A 5xx from the
 * check also counts as "server unavailable"; any other failure signs out. On success the decoded
 * profile is stored again from the (possibly rotated) tokens.
 */
export function bootstrapSession(): ThunkAction<Promise<BootstrapOutcome>, WithAuth, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    dispatch(loaderStarted());
    try {
      const probe = dispatch(
        authApi.endpoints.checkServerAvailability.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      if ((await probe).error) return 'server-unavailable';

      if (!getState().auth.accessToken) return 'signed-out';

      const check = dispatch(
        authApi.endpoints.checkTokenAuthenticity.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      const { data, error } = await check;
      // A failing server is not a reason to forget the session: show /502 and let them retry.
      if (isApiError(error) && error.statusCode >= 500) return 'server-unavailable';
      const { accessToken, refreshToken } = getState().auth;
      if (data?.data.isAuthenticated === true && accessToken && refreshToken) {
        // Re-decode the profile from the (possibly just rotated) token; storage is already current.
        dispatch(tokensReceived({ access: accessToken, refresh: refreshToken }));
        return getState().auth.isAuth ? 'ready' : 'signed-out';
      }
      dispatch(signOut());
      return 'signed-out';
    } finally {
      dispatch(loaderFinished());
    }
  };
}
