import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorPage } from '../components/feedback/error-page';
import { Maintenance } from '../components/feedback/maintenance';
import { NotFound } from '../components/feedback/not-found';
import { ServerUnavailable } from '../components/feedback/server-unavailable';
import { PlainLayout } from '../components/layouts/plain-layout';
import { ROUTE_ROLES, ROUTES } from '../lib/routes';
import { RouteSuspense } from '../components/layouts/route-suspense';
import { HomeRedirect, RequireRole } from './guards';
import { GUARDED_SCREENS } from './route-screens';

// The signed-in frame (layout, bell, profile, session check) is its own chunk: the public pages
// (login, reset) load without it (issue 19's first-load budget).
const ProtectedShell = lazy(() => import('./protected-shell').then((m) => ({ default: m.ProtectedShell })));

const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);

/**
 * The whole route table (product spec §2), every path from the contract's `ROUTES`: public pages
 * in the plain layout, signed-in pages in the protected shell, each role page behind its guard.
 */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PlainLayout />,
        children: [
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.updatePassword, element: <ResetPasswordPage /> },
          { path: ROUTES.badGateway, element: <ServerUnavailable /> },
          { path: ROUTES.maintenance, element: <Maintenance /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: (
          <RouteSuspense>
            <ProtectedShell />
          </RouteSuspense>
        ),
        children: [
          { path: ROUTES.home, element: <HomeRedirect /> },
          { path: ROUTES.profile, element: <ProfilePage /> },
          ...GUARDED_SCREENS.map(({ key, title, Screen }) => ({
            path: ROUTES[key],
            element: (
              <RequireRole role={ROUTE_ROLES[key]}>
                <Screen title={title} />
              </RequireRole>
            ),
          })),
        ],
      },
    ],
  },
];
