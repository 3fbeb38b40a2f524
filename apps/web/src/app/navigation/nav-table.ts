import type { LucideIcon } from 'lucide-react';
import type { RoleRouteKey } from '../../lib/routes';

/** A role's pages in the navigation, in order, each with its icon. */
export type NavTable = readonly (readonly [RoleRouteKey, LucideIcon])[];
