import type { FastifyInstance } from 'fastify';
import { institutionClassroomRoutes, institutionSettingsRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createClassroomsService } from './classrooms.service';
import { createSettingsService } from './settings.service';

/**
 * The institution's own set-up pages (Rollbook additions): its settings and its classrooms. Every
 * admin of the institution reads them; only institution admins change them.
 */
export async function institutionModule(app: FastifyInstance) {
  const settings = createSettingsService(app.deps);
  const classrooms = createClassroomsService(app.deps);

  registerRoute(app, institutionSettingsRoutes.getSettings, async ({ auth }) => ok(await settings.get(auth)));

  registerRoute(app, institutionSettingsRoutes.updateSettings, async ({ auth, body }) =>
    ok(await settings.update(auth, body)),
  );

  registerRoute(app, institutionClassroomRoutes.listClassrooms, async ({ auth }) =>
    ok(await classrooms.list(auth)),
  );

  registerRoute(app, institutionClassroomRoutes.createClassroom, async ({ auth, body }) =>
    ok(await classrooms.create(auth, body)),
  );

  registerRoute(app, institutionClassroomRoutes.updateClassroom, async ({ auth, params, body }) =>
    ok(await classrooms.update(auth, params.classroom_slug, body)),
  );
}
