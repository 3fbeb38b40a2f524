import type { RouteDef } from '../route';
import { authRoutes } from './auth.routes';
import { notificationRoutes } from './notifications.routes';

export { authRoutes } from './auth.routes';
export { notificationRoutes } from './notifications.routes';

/** Every contract call exactly once, in the order of contract Appendix A's modules. */
export const ROUTES_TABLE: readonly RouteDef[] = [
  ...Object.values(authRoutes),
  ...Object.values(notificationRoutes),
];
