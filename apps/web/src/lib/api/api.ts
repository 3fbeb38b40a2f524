import { createApi } from '@reduxjs/toolkit/query/react';
import { buildPath, type PathValue, type RouteDef } from '@rollbook/contract';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { baseQuery } from './base-query';

/**
 * The single RTK Query api slice; features add their endpoints with `api.injectEndpoints`, so all
 * server data lives in one cache (architecture convention 6).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Notifications'],
  endpoints: () => ({}),
});

/** What a contract call needs besides its definition. */
export interface ContractCall {
  params?: Readonly<Record<string, PathValue>>;
  query?: Readonly<Record<string, PathValue | boolean>>;
  body?: unknown;
}

/**
 * Turns a contract route definition into the request `fetchBaseQuery` sends, so method and exact
 * path always come from `@rollbook/contract` (never typed by hand).
 */
export function contractRequest(
  route: Pick<RouteDef, 'method' | 'path'>,
  call: ContractCall = {},
): FetchArgs {
  const request: FetchArgs = { url: buildPath(route, call.params), method: route.method };
  if (call.query) request.params = call.query;
  if (call.body !== undefined) request.body = call.body;
  return request;
}
