import type { FastifyInstance } from 'fastify';
import { allocationExtensionRoutes, allocationRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { allocationWorkbook } from './allocation-excel';
import { createAllocationService } from './allocation.service';
import { timetableDisagreements } from './timetable-disagreements';

/**
 * Teacher load allocation (contract §10.10) and its Rollbook additions: the spreadsheet of the
 * confirmed allocation, per-teacher weekly maxima, and the timetable lectures that disagree with
 * the confirmed allocation.
 */
export async function allocationModule(app: FastifyInstance) {
  const service = createAllocationService({ db: app.deps.db, planner: app.planner, log: app.log });

  registerRoute(app, allocationRoutes.getSubjectAllocationContext, async ({ auth, query }) =>
    ok(await service.context(auth, query.term)),
  );
  registerRoute(app, allocationRoutes.resetSubjectAllocationContext, async ({ auth }) =>
    ok(await service.reset(auth)),
  );
  registerRoute(app, allocationRoutes.confirmSubjectAllocation, async ({ auth, body }) =>
    ok(await service.confirm(auth, body)),
  );
  registerRoute(app, allocationRoutes.getTeachersAllocation, async ({ auth }) =>
    ok(await service.teacherLoad(auth)),
  );
  registerRoute(app, allocationExtensionRoutes.getAllocationExcel, async ({ auth, query }) => {
    const { state, assignments } = await service.confirmedState(auth, query.term);
    return ok(await allocationWorkbook(state, assignments));
  });
  registerRoute(app, allocationExtensionRoutes.setTeacherMaxHours, async ({ auth, body }) =>
    ok(await service.setMaxHours(auth, body)),
  );
  registerRoute(app, allocationExtensionRoutes.getTimetableDisagreements, async ({ auth }) =>
    ok(await timetableDisagreements(app.deps.db, auth)),
  );
}
