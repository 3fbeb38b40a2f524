import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '@rollbook/contract';
import { Providers } from '../app/providers';
import { appRoutes } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';
import { writeStoredTokens } from '../lib/session/token-storage';
import { buildTokenPair } from './factories';

/**
 * Stores a session for a role the way a login would (localStorage keys), so the next store built
 * starts signed in.
 */
export function signInAs(role: Role) {
  const pair = buildTokenPair(role);
  writeStoredTokens(pair);
  return pair;
}

/**
 * Renders the whole app (real route table, guards, providers, fresh store) at a path.
 */
export function renderApp(path: string, options: { role?: Role } = {}) {
  if (options.role) signInAs(options.role);
  const store = makeStore();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, store, router, user: userEvent.setup({ delay: null }) };
}

/**
 * Renders a piece of UI inside providers and a memory router (for components that link or
 * navigate), with an optional signed-in role.
 */
export function renderWithProviders(
  ui: ReactNode,
  options: { role?: Role; path?: string } = {},
): RenderResult & {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
  user: ReturnType<typeof userEvent.setup>;
} {
  if (options.role) signInAs(options.role);
  const store = makeStore();
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: [options.path ?? '/here'] },
  );
  const view = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, store, router, user: userEvent.setup({ delay: null }) };
}
