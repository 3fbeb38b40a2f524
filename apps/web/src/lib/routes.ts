import { HOME_BY_ROLE, ROUTE_ROLES, ROUTES, type Role, type RouteKey } from '@rollbook/contract';

export { HOME_BY_ROLE, ROUTE_ROLES, ROUTES };
export type { Role, RouteKey };

/** Keys of the routes that need one particular role. */
export type RoleRouteKey = keyof typeof ROUTE_ROLES;

/**
 * Where a person lands after login or a guard mismatch; an unknown or missing role has no home, so
 * it goes back to the login page (contract §3.1).
 */
export function homeFor(role: Role | null | undefined): string {
  return role ? HOME_BY_ROLE[role] : ROUTES.login;
}
