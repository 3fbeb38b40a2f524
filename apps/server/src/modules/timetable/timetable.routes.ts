import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  divisionRoutes,
  MASTER_TIMETABLE_FILE_FIELD,
  ok,
  sessionRoutes,
  timetableRoutes,
} from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { createTimetableService } from './timetable.service';
import { SAMPLE_NAMES, sampleFile } from './samples';
import { calendarModule } from '../calendar/calendar.routes';

/** Master timetable, dashboards and classroom calls (contract §6.1, 6.4-6.7, 10.6-10.8), plus sample downloads. */
export async function timetableModule(app: FastifyInstance) {
  const service = createTimetableService({ ...app.deps, spreadsheets: app.spreadsheets });
  // Calendar feeds are another view of the weekly timetable.
  await app.register(calendarModule);

  registerRoute(app, timetableRoutes.uploadMasterTimetable, async ({ auth, files }) => {
    const file = files[MASTER_TIMETABLE_FILE_FIELD];
    if (!file) throw new AppError('validation_failed', 'Please select a file');
    return ok(await service.upload(auth, file));
  });

  registerRoute(app, divisionRoutes.getDivisionsFromStream, async ({ auth, params }) =>
    ok(await service.divisionsFromStream(auth, params.stream_slug)),
  );

  registerRoute(app, timetableRoutes.getTimetable, async ({ auth, params }) =>
    ok(await service.divisionTimetable(auth, params.division_slug)),
  );

  registerRoute(app, timetableRoutes.getClassroomsForTeacher, async ({ auth }) =>
    ok(await service.classroomsForTeacher(auth)),
  );

  registerRoute(app, timetableRoutes.getTimetableForTeacher, async ({ auth, params }) => {
    const { data, day } = await service.teacherTimetable(auth, params.day);
    return { ...ok(data), day };
  });

  registerRoute(app, timetableRoutes.getTimetableForStudent, async ({ auth }) =>
    ok(await service.studentTimetable(auth)),
  );

  registerRoute(app, sessionRoutes.getClassroomAllocations, async ({ auth, query }) =>
    ok(await service.classroomAllocation(auth, query.lecture_slug, query.classroom_slug)),
  );

  registerRoute(app, sessionRoutes.setClassroomDynamic, async ({ auth, body }) =>
    ok(await service.setClassroom(auth, body)),
  );

  // Sample files for the upload form: not part of the original contract.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    method: 'GET',
    url: '/timetable/samples',
    schema: {
      summary: 'Names of the sample master timetables (admin)',
      tags: ['timetable'],
      security: [{ bearerAuth: [] }],
      response: { 200: z.object({ data: z.array(z.string()), error: z.literal(false), message: z.null() }) },
    },
    async handler(request) {
      const auth = await app.authenticate(request);
      if (auth.role !== 'admin') throw forbidden();
      return ok(SAMPLE_NAMES);
    },
  });
  typed.route({
    method: 'GET',
    url: '/timetable/samples/:name',
    schema: {
      summary: 'Download a sample master timetable (.csv or .xlsx) matching the demo institution (admin)',
      tags: ['timetable'],
      security: [{ bearerAuth: [] }],
      params: z.object({ name: z.string().max(80) }),
    },
    async handler(request, reply) {
      const auth = await app.authenticate(request);
      if (auth.role !== 'admin') throw forbidden();
      const sample = await sampleFile(request.params.name);
      if (!sample) throw notFound('Sample');
      return reply
        .header('content-type', sample.contentType)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(sample.data);
    },
  });
}
