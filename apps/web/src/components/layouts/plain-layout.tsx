import { Outlet } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { Logo } from './logo';
import { RouteSuspense } from './route-suspense';

/**
 * The layout of the public pages (login, password reset, error pages): a header whose logo links
 * to `/`, and the page below.
 */
export function PlainLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <Logo to={ROUTES.home} />
      </header>
      <main className="flex-1">
        <RouteSuspense>
          <Outlet />
        </RouteSuspense>
      </main>
    </div>
  );
}
