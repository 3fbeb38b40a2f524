import type { FastifyInstance } from 'fastify';
import { academicYearRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createAcademicYearService } from './academic-year.service';

/** The new academic year (Rollbook additions under /institution/academic-year/). */
export async function academicYearModule(app: FastifyInstance) {
  const service = createAcademicYearService(app.deps);

  registerRoute(app, academicYearRoutes.getNewYearPreview, async ({ auth }) =>
    ok(await service.preview(auth)),
  );

  registerRoute(app, academicYearRoutes.openNewYear, async ({ auth, body }) =>
    ok(await service.open(auth, body.academic_year)),
  );
}
