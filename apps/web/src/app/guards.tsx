import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Role } from '@rollbook/contract';
import { homeFor, ROUTES } from '../lib/routes';
import { selectRole } from '../lib/session/auth-slice';
import { useSharedSelector } from '../lib/store-hooks';

/**
 * Decides where a person may go (product spec §2 Route guard): no role (signed out, or a token
 * without a known role) goes to /login, a role other than the required one goes to its own home,
 * and the right role (or no requirement) stays (null).
 */
export function guardRedirect(role: Role | null, required: Role | undefined): string | null {
  if (!role) return ROUTES.login;
  if (required && role !== required) return homeFor(role);
  return null;
}

/**
 * Renders its children only for the required role; everyone else is redirected per `guardRedirect`.
 */
export function RequireRole({ role: required, children }: { role?: Role; children: ReactNode }) {
  const role = useSharedSelector(selectRole);
  const target = guardRedirect(role, required);
  return target ? <Navigate to={target} replace /> : children;
}

/**
 * `/`: sends each role to its home (admins to /subject/subject-select).
 */
export function HomeRedirect() {
  const role = useSharedSelector(selectRole);
  return <Navigate to={homeFor(role)} replace />;
}
