// The probes below are not contract calls (they test the base query itself), so they use msw's
// bare `http`; the contract's refresh call goes through onCall.
// eslint-disable-next-line no-restricted-syntax
import { http, HttpResponse } from 'msw';
import { toast } from '../toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@rollbook/contract';
import { makeStore } from '../../app/store';
import { buildTokenPair } from '../../testing/factories';
import { apiUrl, errorBody, errorReply, onCall, server } from '../../testing/msw';
import { signInAs } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { api } from './api';

setupMswServer();
afterEach(() => vi.restoreAllMocks());

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ data: string }, string>({ query: (name) => `/test/${name}` }),
    quietProbe: build.query<unknown, string>({
      query: (name) => `/test/${name}`,
      extraOptions: { silent: true },
    }),
  }),
});

function bearerOf(request: Request): string | null {
  return request.headers.get('Authorization');
}

function run(store: ReturnType<typeof makeStore>, name: string) {
  return store.dispatch(probeApi.endpoints.probe.initiate(name, { subscribe: false, forceRefetch: true }));
}

describe('baseQuery', () => {
  it('sends the access token as a bearer header under the API base', async () => {
    const pair = signInAs('teacher');
    let seen: string | null = null;
    server.use(
      http.get(apiUrl('/test/a'), ({ request }) => {
        seen = bearerOf(request);
        return HttpResponse.json({ data: 'ok' });
      }),
    );
    const result = await run(makeStore(), 'a');
    expect(result.data).toEqual({ data: 'ok' });
    expect(seen).toBe(`Bearer ${pair.access}`);
  });

  it('refreshes once for concurrent 401s, stores the new pair and retries every call', async () => {
    const old = signInAs('teacher');
    const fresh = buildTokenPair('teacher', '-2');
    let refreshCalls = 0;
    let refreshBody: unknown = null;
    server.use(
      http.get(apiUrl('/test/:name'), ({ request, params }) =>
        bearerOf(request) === `Bearer ${fresh.access}`
          ? HttpResponse.json({ data: String(params.name) })
          : HttpResponse.json(errorBody('Token is invalid or expired'), { status: 401 }),
      ),
      onCall(authRoutes.refresh, async ({ request }) => {
        refreshCalls += 1;
        refreshBody = await request.json();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return fresh;
      }),
    );
    const store = makeStore();
    const [a, b, c] = await Promise.all([run(store, 'a'), run(store, 'b'), run(store, 'c')]);
    expect([a.data, b.data, c.data]).toEqual([{ data: 'a' }, { data: 'b' }, { data: 'c' }]);
    expect(refreshCalls).toBe(1);
    expect(refreshBody).toEqual({ refresh: old.refresh });
    expect(localStorage.getItem('accessToken')).toBe(fresh.access);
    expect(localStorage.getItem('refreshToken')).toBe(fresh.refresh);
    expect(store.getState().auth.accessToken).toBe(fresh.access);
  });

  it('signs out, clears the tokens and answers "Token Expired" when the refresh fails', async () => {
    signInAs('student');
    const shown = vi.spyOn(toast, 'error');
    server.use(
      http.get(apiUrl('/test/a'), () =>
        HttpResponse.json(errorBody('Token is invalid or expired'), { status: 401 }),
      ),
      onCall(authRoutes.refresh, () => errorReply(401, 'Token is invalid')),
    );
    const store = makeStore();
    const result = await run(store, 'a');
    expect(result.error).toEqual({ statusCode: 401, message: 'Token Expired', body: null });
    expect(store.getState().auth).toMatchObject({
      isAuth: false,
      accessToken: null,
      refreshToken: null,
      userProfile: null,
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(shown).toHaveBeenCalledWith('Token Expired', expect.anything());
  });

  it('treats a refresh answer without both tokens as a failed refresh', async () => {
    signInAs('student');
    server.use(
      http.get(apiUrl('/test/a'), () => HttpResponse.json(errorBody('expired'), { status: 401 })),
      // Off the contract on purpose: the base query must survive a refresh answer missing a token.
      http.post(apiUrl(authRoutes.refresh.path), () => HttpResponse.json({ access: 'only-access' })),
    );
    const store = makeStore();
    const result = await run(store, 'a');
    expect(result.error).toMatchObject({ message: 'Token Expired' });
    expect(store.getState().auth.isAuth).toBe(false);
  });

  it('parses the error envelope and toasts its message', async () => {
    signInAs('admin');
    const shown = vi.spyOn(toast, 'error');
    server.use(
      http.get(apiUrl('/test/a'), () =>
        HttpResponse.json(errorBody('You do not have permission', 'forbidden'), { status: 403 }),
      ),
    );
    const result = await run(makeStore(), 'a');
    expect(result.error).toMatchObject({
      statusCode: 403,
      message: 'You do not have permission',
      code: 'forbidden',
    });
    expect(shown).toHaveBeenCalledWith('You do not have permission');
  });

  it('lets an endpoint opt out of the toast', async () => {
    signInAs('admin');
    const shown = vi.spyOn(toast, 'error');
    server.use(http.get(apiUrl('/test/q'), () => HttpResponse.json(errorBody('Nope'), { status: 409 })));
    const result = await makeStore().dispatch(
      probeApi.endpoints.quietProbe.initiate('q', { subscribe: false }),
    );
    expect(result.error).toMatchObject({ statusCode: 409, message: 'Nope' });
    expect(shown).not.toHaveBeenCalled();
  });

  it('answers "Unexpected error occurred" (500) when the server does not answer', async () => {
    signInAs('admin');
    vi.spyOn(toast, 'error');
    server.use(http.get(apiUrl('/test/a'), () => HttpResponse.error()));
    const result = await run(makeStore(), 'a');
    expect(result.error).toMatchObject({ statusCode: 500, message: 'Unexpected error occurred' });
  });

  it('shows the global loader while the call runs and hides it afterwards', async () => {
    signInAs('admin');
    const store = makeStore();
    let loaderDuringCall = false;
    server.use(
      http.get(apiUrl('/test/a'), () => {
        loaderDuringCall = store.getState().loader.LOADER_STATE;
        return HttpResponse.json({ data: 'ok' });
      }),
    );
    await run(store, 'a');
    expect(loaderDuringCall).toBe(true);
    expect(store.getState().loader).toMatchObject({ LOADER_STATE: false, pending: 0 });
  });

  it('treats the literal "undefined" in storage as no token', async () => {
    localStorage.setItem('accessToken', 'undefined');
    let seen: string | null = 'unset';
    server.use(
      http.get(apiUrl('/test/a'), ({ request }) => {
        seen = bearerOf(request);
        return HttpResponse.json({ data: 'ok' });
      }),
    );
    const store = makeStore();
    expect(store.getState().auth.accessToken).toBeNull();
    await run(store, 'a');
    expect(seen).toBeNull();
  });
});
