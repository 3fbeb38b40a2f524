import type { FastifyInstance } from 'fastify';
import { alertsAfterCommit } from '../../domain/notifications';
import { createJobRunner } from '../../domain/scheduled-jobs/job-runner';
import { startJobTimer } from '../../domain/scheduled-jobs/start-job-timer';
import { weeklyAlertsJob } from './weekly-alerts.job';

/**
 * The weekly attendance alerts (issue 16 item 6): no calls of its own, only the job, ticked on every
 * instance and run once per institution and week. Alerts raised in a run are pushed to open bells
 * once the run commits.
 */
export async function alertsModule(app: FastifyInstance) {
  const { clock, config, mailer } = app.deps;
  const { db, notifier } = alertsAfterCommit(app.deps.db, app);
  const job = weeklyAlertsJob({
    mailer,
    publicBase: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, ''),
    notifier,
    onMailError: (err, to) => app.log.error({ err, to }, 'weekly attendance alert mail failed'),
  });
  const runner = createJobRunner({
    db,
    clock,
    jobs: [job],
    onError: (err, label) => app.log.error({ err }, `scheduled job failed: ${label}`),
  });
  startJobTimer(app, runner, config.scheduledJobsIntervalSeconds * 1000);
}
