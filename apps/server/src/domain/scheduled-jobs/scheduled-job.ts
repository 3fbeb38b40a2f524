import type { Db } from '../../db/client';
import type { Schedule } from '../../lib/schedule';

/** The institution a run is for: each runs on its own zone's calendar. */
export interface JobInstitution {
  id: number;
  timezone: string;
}

/** What one run of a job gets: the transaction its claim lives in, and the period it covers. */
export interface JobRunContext {
  /** Everything the run writes goes through this transaction, with the claim of the period. */
  tx: Db;
  institution: JobInstitution;
  /** The civil date of the due moment the run covers (see `latestDueDate`). */
  periodKey: string;
  now: Date;
}

/** What a run reports, and work to do only once its transaction has committed (mail). */
export interface JobRunOutcome {
  summary: Record<string, unknown>;
  afterCommit?: () => Promise<void>;
}

/** A periodic job run once per institution and period, whatever the number of server instances. */
export interface ScheduledJob {
  /** Stored in job_runs.job; also the advisory lock's key. */
  name: string;
  schedule: Schedule;
  run(ctx: JobRunContext): Promise<JobRunOutcome>;
}
