import type { FastifyInstance } from 'fastify';
import { institutionWorkbookRoutes, ok, WORKBOOK_FILE_FIELD } from '@rollbook/contract';
import { AppError } from '../../lib/app-error';
import { registerRoute } from '../../lib/routes';
import { createImportJobsService } from './import-jobs.service';
import { buildTemplate } from './template';

/**
 * The institution workbook over HTTP (Rollbook's own calls): the template, and checks or imports
 * run as jobs the page polls. Institution admins only; the service checks it on every call.
 */
export async function onboardingModule(app: FastifyInstance) {
  const service = createImportJobsService({ db: app.deps.db, clock: app.deps.clock, log: app.log });
  // A closing server lets the jobs it runs finish (each is one transaction), then closes the database.
  app.addHook('onClose', async () => service.drain());

  registerRoute(app, institutionWorkbookRoutes.getTemplate, async ({ auth }) => {
    await service.requireInstitutionAdmin(auth);
    return ok(await buildTemplate());
  });

  registerRoute(app, institutionWorkbookRoutes.startImport, async ({ auth, body, files }) => {
    const file = files[WORKBOOK_FILE_FIELD];
    if (!file) throw new AppError('validation_failed', 'Please choose a workbook file');
    return ok(await service.start(auth, { name: file.filename, data: file.data }, body.dry_run === 'true'));
  });

  registerRoute(app, institutionWorkbookRoutes.listImports, async ({ auth }) => ok(await service.list(auth)));

  registerRoute(app, institutionWorkbookRoutes.getImport, async ({ auth, params }) =>
    ok(await service.get(auth, params.import_slug)),
  );
}
