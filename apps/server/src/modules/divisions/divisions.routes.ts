import type { FastifyInstance } from 'fastify';
import { divisionResetRoutes, divisionRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createDivisionsService } from './divisions.service';
import { createDivisionResetService } from './reset-divisions';

/**
 * Division creation (contract §10.2-10.5), re-planning before any session (a Rollbook addition) and
 * the student's own division (§11.3). The division picker of the master timetable (§10.6) is served
 * by the timetable module.
 */
export async function divisionsModule(app: FastifyInstance) {
  const service = createDivisionsService({
    db: app.deps.db,
    clock: app.deps.clock,
    planner: app.planner,
    log: app.log,
  });

  registerRoute(app, divisionRoutes.getSubjectChoiceGroups, async ({ auth, params }) =>
    ok(await service.subjectChoiceGroups(auth, params.semester_slug)),
  );
  registerRoute(app, divisionRoutes.getDivisionSuggestion, async ({ auth, params, query }) =>
    ok(await service.suggestion(auth, params.semester_slug, query.max_students)),
  );
  registerRoute(app, divisionRoutes.confirmSuggestedDivisions, async ({ auth, body }) =>
    ok(await service.confirm(auth, body)),
  );
  registerRoute(app, divisionRoutes.getDivisionStudentDataExcel, async ({ auth, query }) =>
    ok(await service.excel(auth, query.semester_slug, query.division_name)),
  );
  registerRoute(app, divisionRoutes.getStudentsDivision, async ({ auth }) =>
    ok(await service.studentDivision(auth)),
  );

  const reset = createDivisionResetService({ db: app.deps.db });
  registerRoute(app, divisionResetRoutes.resetDivisions, async ({ auth, params }) =>
    ok(await reset.reset(auth, params.semester_slug)),
  );
}
