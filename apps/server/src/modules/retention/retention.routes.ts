import type { FastifyInstance } from 'fastify';
import { attendancePrivacyRoutes, ok } from '@rollbook/contract';
import { notFound } from '../../lib/app-error';
import { registerRoute } from '../../lib/routes';
import { createJobRunner } from '../../domain/scheduled-jobs/job-runner';
import { startJobTimer } from '../../domain/scheduled-jobs/start-job-timer';
import { retentionJob } from './retention.job';
import { createRetentionRepository } from './retention.repository';

/**
 * Privacy of attendance (issue 16 item 7): the nightly sweep deleting raw recordings and exact
 * positions past the institution's retention period, and the call telling a student that period.
 */
export async function retentionModule(app: FastifyInstance) {
  const { db, clock, mediaDir, config } = app.deps;

  registerRoute(app, attendancePrivacyRoutes.getPrivacy, async ({ auth }) => {
    const days = await createRetentionRepository(db).retentionDays(auth.institutionId);
    if (days === undefined) throw notFound('Institution');
    return ok({ recording_retention_days: days });
  });

  const runner = createJobRunner({
    db,
    clock,
    jobs: [retentionJob(mediaDir)],
    onError: (err, label) => app.log.error({ err }, `scheduled job failed: ${label}`),
  });
  startJobTimer(app, runner, config.scheduledJobsIntervalSeconds * 1000);
}
