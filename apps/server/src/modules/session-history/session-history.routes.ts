import type { FastifyInstance } from 'fastify';
import { ok, sessionHistoryRoutes, sessionRecordRoutes } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { alertsAfterCommit } from '../../domain/notifications';
import { createHistoryService } from './history.service';
import { createRecordService } from './record.service';

/**
 * A teacher's past sessions (contract §13 history calls) and the record of each held session:
 * its sheet, corrections with their trail, and its spreadsheet (Rollbook calls).
 */
export async function sessionHistoryModule(app: FastifyInstance) {
  // The student's alert about a correction reaches their sockets only once the correction commits.
  const { db, notifier } = alertsAfterCommit(app.deps.db, app);
  const history = createHistoryService({ db });
  const record = createRecordService({ db, clock: app.deps.clock, notifier });

  registerRoute(app, sessionHistoryRoutes.getHistoryMetadata, async ({ auth }) =>
    ok(await history.metadata(auth)),
  );
  registerRoute(app, sessionHistoryRoutes.getSessionsOfTeacher, async ({ auth, body, query }) =>
    ok(await history.sessionsPage(auth, body, query)),
  );
  registerRoute(app, sessionHistoryRoutes.getSessionData, async ({ auth, params }) =>
    ok(await history.sessionData(auth, params.session_id)),
  );

  registerRoute(app, sessionRecordRoutes.getBranchHistoryFilters, async ({ auth }) =>
    ok(await history.metadata(auth)),
  );
  registerRoute(app, sessionRecordRoutes.searchBranchSessions, async ({ auth, body, query }) =>
    ok(await history.sessionsPage(auth, body, query)),
  );
  registerRoute(app, sessionRecordRoutes.getSessionSheet, async ({ auth, params }) =>
    ok(await record.sheet(auth, params.session_id)),
  );
  registerRoute(app, sessionRecordRoutes.correctMark, async ({ auth, params, body }) =>
    ok(await record.correct(auth, params.session_id, body)),
  );
  registerRoute(app, sessionRecordRoutes.getCorrectionTrail, async ({ auth, params }) =>
    ok(await record.trail(auth, params.session_id, params.student_slug)),
  );
  registerRoute(app, sessionRecordRoutes.getSessionWorkbook, async ({ auth, params }) =>
    ok(await record.workbook(auth, params.session_id)),
  );
}
