import type { FastifyInstance } from 'fastify';
import { catalogueRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createCatalogueService } from './catalogue.service';

/** Streams, semesters and the subject catalogue for admins (contract §9.1-9.3, §9.7, §10.1, §11.4). */
export async function catalogueModule(app: FastifyInstance) {
  const service = createCatalogueService(app.deps);

  registerRoute(app, catalogueRoutes.getStreams, async ({ auth }) => ok(await service.streams(auth)));

  registerRoute(app, catalogueRoutes.getSemestersFromStream, async ({ auth, params }) =>
    ok(await service.semestersOfStream(auth, params.stream_slug)),
  );

  registerRoute(app, catalogueRoutes.getSubjectsFromAcademicYear, async ({ auth, params }) =>
    ok(await service.subjectsOfYear(auth, params.semester_slug, params.year)),
  );

  registerRoute(app, catalogueRoutes.getComplementarySubjects, async ({ auth, params }) =>
    ok(await service.electiveCategories(auth, params.semester_slug)),
  );

  registerRoute(app, catalogueRoutes.getSemestersOnlyFromStream, async ({ auth, params }) =>
    ok(await service.semesterSummaries(auth, params.stream_slug)),
  );

  registerRoute(app, catalogueRoutes.getAcademicYearsBySemester, async ({ auth, params }) =>
    ok(await service.academicYears(auth, params.semester_slug)),
  );
}
