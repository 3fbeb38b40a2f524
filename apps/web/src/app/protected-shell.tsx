import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { ProtectedLayout } from '../components/layouts/protected-layout';
import { NotificationBell, useInstitutionSettingsQuery, useLogout, useSessionBootstrap } from '../features';
import { homeFor, ROUTES } from '../lib/routes';
import { roleOf } from '../lib/session/access-token';
import { selectAuth } from '../lib/session/auth-slice';
import { initialsFor } from '../lib/session/initials';
import { useSharedSelector } from '../lib/store-hooks';
import { navItemsFor, useNavTable } from './role-navigation';

// Loaded when first opened: its tabs, forms and calendar section are not needed to show a page.
const ProfileDialog = lazy(() =>
  import('../features/profile/profile-dialog').then((m) => ({ default: m.ProfileDialog })),
);

/**
 * Everything around a signed-in page: the session bootstrap (server probe and token check on
 * every mount), the protected layout with avatar and bottom bar, the bell, the profile dialog and
 * logout. Without a session it sends the person to /login; when the server is down, to /502.
 */
export function ProtectedShell() {
  const { accessToken, userProfile } = useSharedSelector(selectAuth);
  const status = useSessionBootstrap();
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  const role = userProfile ? roleOf(userProfile) : null;
  const navTable = useNavTable(role);
  // Only an institution admin may edit the settings: the same fact decides their extra pages.
  const settings = useInstitutionSettingsQuery(undefined, { skip: status !== 'ready' || role !== 'admin' });

  if (status === 'server-unavailable') return <Navigate to={ROUTES.badGateway} replace />;
  if (!accessToken || status === 'signed-out' || (status === 'ready' && !userProfile)) {
    return <Navigate to={ROUTES.login} replace />;
  }
  // The global loading overlay covers the page while the session is being checked; the role's
  // navigation, fetched meanwhile, is nearly always there by then.
  if (status === 'checking' || !userProfile || !navTable) return null;

  return (
    <ProtectedLayout
      homePath={homeFor(role)}
      navItems={navItemsFor(navTable, { institutionAdmin: settings.data?.editable })}
      initials={initialsFor(userProfile)}
      displayName={userProfile.obj.profile.name}
      onProfile={() => setProfileOpen(true)}
      onLogout={logout}
      bell={<NotificationBell />}
    >
      <Outlet />
      {profileOpen ? (
        <Suspense fallback={null}>
          <ProfileDialog profile={userProfile} open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      ) : null}
    </ProtectedLayout>
  );
}
