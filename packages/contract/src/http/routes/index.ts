import type { RouteDef } from '../route';
import { allocationRoutes } from './allocation.routes';
import { authRoutes } from './auth.routes';
import { catalogueRoutes } from './catalogue.routes';
import { choicesRoutes } from './choices.routes';
import { divisionRoutes } from './divisions.routes';
import { mediaRoutes } from './media.routes';
import { notificationRoutes } from './notifications.routes';
import { sessionRoutes } from './sessions.routes';
import { timetableRoutes } from './timetable.routes';

export { allocationExtensionRoutes, allocationRoutes } from './allocation.routes';
export { authRoutes } from './auth.routes';
export { catalogueRoutes } from './catalogue.routes';
export { choicesRoutes } from './choices.routes';
export { divisionRoutes } from './divisions.routes';
export { MEDIA_NAME_PATTERN, mediaPath, mediaRoutes } from './media.routes';
export { notificationRoutes } from './notifications.routes';
export { sessionRoutes } from './sessions.routes';
export { MASTER_TIMETABLE_FILE_FIELD, timetableRoutes } from './timetable.routes';

/** Route groups by module, as the server registers them. */
export const ROUTE_GROUPS = {
  auth: authRoutes,
  notifications: notificationRoutes,
  timetable: timetableRoutes,
  sessions: sessionRoutes,
  media: mediaRoutes,
  catalogue: catalogueRoutes,
  choices: choicesRoutes,
  divisions: divisionRoutes,
  allocation: allocationRoutes,
} as const;

/** Every contract call exactly once (57 rows of contract Appendix A). */
export const ROUTES_TABLE: readonly RouteDef[] = Object.values(ROUTE_GROUPS).flatMap(
  (group) => Object.values(group) as RouteDef[],
);

/**
 * Finds a route by its stable id (e.g. `auth.login`); undefined when there is none.
 */
export function routeById(id: string): RouteDef | undefined {
  return ROUTES_TABLE.find((route) => route.id === id);
}
