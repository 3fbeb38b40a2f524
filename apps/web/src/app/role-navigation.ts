import { useEffect, useState } from 'react';
import type { PageNavItem } from '../components/layouts/page-nav';
import { ROUTES, type Role, type RoleRouteKey } from '../lib/routes';
import type { NavTable } from './navigation/nav-table';
import { GUARDED_SCREENS } from './route-screens';

/**
 * Each role's navigation is a chunk of its own (issue 19's first-load budget: a student's frame
 * does not carry the icons of the admin's and teacher's pages).
 */
const NAV_TABLES: Record<Role, () => Promise<NavTable>> = {
  admin: () => import('./navigation/admin-navigation').then((m) => m.ADMIN_NAVIGATION),
  teacher: () => import('./navigation/teacher-navigation').then((m) => m.TEACHER_NAVIGATION),
  student: () => import('./navigation/student-navigation').then((m) => m.STUDENT_NAVIGATION),
};

/** The navigation table of a role, fetched on first use (the module system keeps it). */
export function loadNavTable(role: Role): Promise<NavTable> {
  return NAV_TABLES[role]();
}

/** Pages only an institution admin can use: a branch admin would open them to a refusal. */
const INSTITUTION_ADMIN_KEYS: ReadonlySet<RoleRouteKey> = new Set(['academicYear', 'institutionSetup']);

const TITLE_OF = new Map(GUARDED_SCREENS.map((screen) => [screen.key, screen.title]));

/**
 * A role's navigation: each page's path, its title (the page's own title) and an icon. The
 * institution-wide pages are offered only when the admin is known to be an institution admin.
 */
export function navItemsFor(table: NavTable, opts: { institutionAdmin?: boolean } = {}): PageNavItem[] {
  return table
    .filter(([key]) => opts.institutionAdmin === true || !INSTITUTION_ADMIN_KEYS.has(key))
    .map(([key, icon]) => ({ to: ROUTES[key], label: TITLE_OF.get(key) ?? key, icon }));
}

const NO_PAGES: NavTable = [];

/**
 * The navigation table of `role` once fetched (null until then; an empty table without a role).
 * The signed-in frame starts this while the session is being checked, which takes longer, so the
 * frame appears with its navigation as before. A table that cannot be fetched is thrown at render,
 * to the route's error page, as a page whose code cannot be fetched is.
 */
export function useNavTable(role: Role | null): NavTable | null {
  const [loaded, setLoaded] = useState<{ role: Role; table: NavTable } | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!role) return;
    let current = true;
    loadNavTable(role).then(
      (table) => current && setLoaded({ role, table }),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [role]);
  if (failure) throw failure.error;
  if (!role) return NO_PAGES;
  return loaded?.role === role ? loaded.table : null;
}
