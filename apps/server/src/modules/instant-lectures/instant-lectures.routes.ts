import type { FastifyInstance } from 'fastify';
import { instantLectureRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createInstantLecturesService } from './instant-lectures.service';

/**
 * Instant (extra) lectures, contract §13: the pickers, the teacher's list, creating one, and the
 * student's list of today's. Starting an instant lecture's session is the sessions module's.
 */
export async function instantLecturesModule(app: FastifyInstance) {
  const service = createInstantLecturesService(app.deps);

  registerRoute(app, instantLectureRoutes.getInstantLectureMetadata, async ({ auth, query }) =>
    ok(await service.metadata(auth, query)),
  );

  registerRoute(app, instantLectureRoutes.getInstantLecturesForTeacher, async ({ auth }) =>
    ok(await service.listForTeacher(auth)),
  );

  registerRoute(app, instantLectureRoutes.createInstantLecture, async ({ auth, body }) =>
    ok(await service.create(auth, body)),
  );

  registerRoute(app, instantLectureRoutes.getInstantLecturesForStudent, async ({ auth }) =>
    ok(await service.listForStudent(auth)),
  );
}
