import type { FastifyInstance } from 'fastify';
import { ROUTES_TABLE } from '@rollbook/contract';
import { registerRoute } from '../lib/routes';
import { AppError } from '../lib/app-error';
import { authModule } from './auth/auth.routes';
import { notificationsModule } from './notifications/notifications.routes';
import { e2eModule } from './e2e/e2e.routes';
import { timetableModule } from './timetable/timetable.routes';
import { catalogueModule } from './catalogue/catalogue.routes';
import { choicesModule } from './choices/choices.routes';
import { allocationModule } from './allocation/allocation.routes';
import { sessionsModule } from './sessions/sessions.routes';
import { divisionsModule } from './divisions/divisions.routes';

/**
 * Registers every module's routes under the API prefix, then answers each contract call that no
 * module implements yet with a clear 501, so clients get a message rather than a bare 404.
 */
export async function registerModules(api: FastifyInstance): Promise<void> {
  await api.register(authModule);
  await api.register(notificationsModule);
  await api.register(e2eModule);
  await api.register(timetableModule);
  await api.register(catalogueModule);
  await api.register(choicesModule);
  await api.register(allocationModule);
  await api.register(sessionsModule);
  await api.register(divisionsModule);

  await api.after();
  for (const route of [...ROUTES_TABLE]) {
    if (api.implementedRoutes.has(route.id)) continue;
    if (route.responseKind === 'binary') continue; // media is served by the static media plugin
    // Still through the registrar: an anonymous or wrong-role caller learns nothing more than 401/403.
    registerRoute(api, route, async () => {
      throw new AppError('not_implemented', 'This part of Rollbook is not available yet');
    });
  }
}
