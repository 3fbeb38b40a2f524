import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { latestDueDate } from '../../lib/schedule';
import { createJobRunsRepository } from './job-runs.repository';
import type { JobInstitution, ScheduledJob } from './scheduled-job';

/** One run that happened: which job, for whom, which period, what it did. */
export interface CompletedJobRun {
  job: string;
  institutionId: number;
  periodKey: string;
  summary: Record<string, unknown>;
}

/**
 * Runs every due period of the given jobs, once per institution and period across restarts and
 * instances. Each run is one transaction holding the job's advisory lock for the institution (a
 * second instance skips instead of waiting) and the period's job_runs row (written first, so a run
 * that fails rolls its claim back with its work and is retried on the next tick). Mail and other
 * effects outside the database go after commit: at most once, never for a run that rolled back.
 */
export function createJobRunner(opts: {
  db: Db;
  clock: Clock;
  jobs: readonly ScheduledJob[];
  onError: (err: unknown, label: string) => void;
}) {
  async function runOne(job: ScheduledJob, institution: JobInstitution, now: Date) {
    const periodKey = latestDueDate(job.schedule, now, institution.timezone);
    if (await createJobRunsRepository(opts.db).hasRun(job.name, institution.id, periodKey)) return null;
    const done = await opts.db.transaction(async (tx) => {
      const repo = createJobRunsRepository(tx);
      if (!(await repo.tryLock(job.name, institution.id))) return null;
      const claim = await repo.claim(job.name, institution.id, periodKey);
      if (claim === null) return null;
      const outcome = await job.run({ tx, institution, periodKey, now });
      await repo.recordSummary(claim, outcome.summary);
      return outcome;
    });
    if (!done) return null;
    if (done.afterCommit) {
      await done.afterCommit().catch((err: unknown) => opts.onError(err, `${job.name} after commit`));
    }
    return { job: job.name, institutionId: institution.id, periodKey, summary: done.summary };
  }

  return {
    /** Runs whatever is due now; a failing run is reported and the others still run. */
    async runDue(): Promise<CompletedJobRun[]> {
      const now = opts.clock.now();
      const institutions = await createJobRunsRepository(opts.db).institutions();
      const completed: CompletedJobRun[] = [];
      for (const job of opts.jobs) {
        for (const institution of institutions) {
          try {
            const run = await runOne(job, institution, now);
            if (run) completed.push(run);
          } catch (err) {
            opts.onError(err, `${job.name} for institution ${institution.id}`);
          }
        }
      }
      return completed;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
