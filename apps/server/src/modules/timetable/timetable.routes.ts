import type { FastifyInstance } from 'fastify';
import {
  divisionRoutes,
  MASTER_TIMETABLE_FILE_FIELD,
  ok,
  sessionRoutes,
  timetableExtensionRoutes,
  timetableRoutes,
} from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { AppError, notFound } from '../../lib/app-error';
import { createTimetableService } from './timetable.service';
import { SAMPLE_NAMES, sampleFile } from './samples';

/** Master timetable, dashboards and classroom calls (contract §6.1, 6.4-6.7, 10.6-10.8), plus sample downloads. */
export async function timetableModule(app: FastifyInstance) {
  const service = createTimetableService({ ...app.deps, spreadsheets: app.spreadsheets });

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
  registerRoute(app, timetableExtensionRoutes.getSampleNames, async () => ok(SAMPLE_NAMES));
  registerRoute(app, timetableExtensionRoutes.getSampleFile, async ({ params, reply }) => {
    const sample = await sampleFile(params.name);
    if (!sample) throw notFound('Sample');
    void reply
      .header('content-type', sample.contentType)
      .header('content-disposition', `attachment; filename="${params.name}"`);
    return sample.data;
  });
}
