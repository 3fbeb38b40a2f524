import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  type QueryReturnValue,
} from '@reduxjs/toolkit/query';
import type { TokenPair } from '@rollbook/contract';
import { asTokenPair } from '../session/token-schemas';
import { authRoutes } from '@rollbook/contract/addresses';
import { toast } from '../toast';
import { apiBaseUrl } from '../env';
import { loaderFinished, loaderStarted } from '../loader/loader-slice';
import type { WithAuth } from '../session/auth-slice';
import { signIn, signOut } from '../session/session-actions';
import { TOKEN_EXPIRED_MESSAGE, toApiError, type ApiError } from './api-error';

/** Per-endpoint switches of the base query. */
export interface ApiExtraOptions {
  /** Do not toast failures: the caller shows its own texts. */
  silent?: boolean;
  /** Send no bearer token and never refresh on 401 (login, password calls, liveness probe). */
  skipAuth?: boolean;
  /** Do not show the global loading overlay (the caller shows its own busy state). */
  skipLoader?: boolean;
}

type RawResult = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

const rawBaseQuery = fetchBaseQuery({ baseUrl: apiBaseUrl() });

function accessTokenOf(api: BaseQueryApi): string | null {
  return (api.getState() as WithAuth).auth.accessToken;
}

function withBearer(args: string | FetchArgs, token: string | null): FetchArgs {
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  if (!token) return request;
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set('Authorization', `Bearer ${token}`);
  return { ...request, headers };
}

// One refresh at a time: every 401 that arrives while a refresh is running waits for that same
// refresh instead of spending the (rotating, single-use) refresh token again.
let refreshInFlight: Promise<TokenPair | null> | null = null;

async function requestNewTokens(api: BaseQueryApi): Promise<TokenPair | null> {
  const refresh = (api.getState() as WithAuth).auth.refreshToken;
  if (!refresh) return null;
  const result = await rawBaseQuery(
    { url: authRoutes.refresh.path, method: authRoutes.refresh.method, body: { refresh } },
    api,
    {},
  );
  const pair = asTokenPair(result.data);
  if (result.error || !pair) return null;
  api.dispatch(signIn(pair));
  return pair;
}

function refreshOnce(api: BaseQueryApi): Promise<TokenPair | null> {
  refreshInFlight ??= requestNewTokens(api).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function sendWithRefresh(
  args: string | FetchArgs,
  api: BaseQueryApi,
): Promise<RawResult | { expired: true }> {
  const usedToken = accessTokenOf(api);
  const first = await rawBaseQuery(withBearer(args, usedToken), api, {});
  if (first.error?.status !== 401) return first;

  // Another call may already have rotated the tokens while this one was in flight.
  const current = accessTokenOf(api);
  const fresh = current && current !== usedToken ? current : (await refreshOnce(api))?.access;
  if (!fresh) return { expired: true };

  const retried = await rawBaseQuery(withBearer(args, fresh), api, {});
  return retried.error?.status === 401 ? { expired: true } : retried;
}

/**
 * The one base query of the web app (architecture convention 6). It prefixes the API base address,
 * adds `Authorization: Bearer <accessToken>`, shows the global loader while the call runs, and on a
 * 401 refreshes the tokens once (shared by concurrent calls) and retries. When the refresh fails it
 * clears the tokens and signs out (the guards then show /login) and answers "Token Expired". Every
 * failure is an `ApiError` built from the error envelope and, unless the endpoint is `silent`,
 * toasted with its `message`.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions = {}) => {
  if (!extraOptions.skipLoader) api.dispatch(loaderStarted());
  try {
    const result = extraOptions.skipAuth
      ? await rawBaseQuery(args, api, {})
      : await sendWithRefresh(args, api);
    if ('expired' in result) {
      api.dispatch(signOut());
      if (!extraOptions.silent) toast.error(TOKEN_EXPIRED_MESSAGE, { id: 'token-expired' });
      return { error: { statusCode: 401, message: TOKEN_EXPIRED_MESSAGE, body: null } };
    }
    if (result.error) {
      const error = toApiError(result.error);
      if (!extraOptions.silent) toast.error(error.message);
      return result.meta ? { error, meta: result.meta } : { error };
    }
    return result.meta ? { data: result.data, meta: result.meta } : { data: result.data };
  } finally {
    if (!extraOptions.skipLoader) api.dispatch(loaderFinished());
  }
};
