import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { institutions, jobRuns } from '../../db/schema';
import type { JobInstitution } from './scheduled-job';

/** The queries of the scheduled-job runner: institutions to run for, claims of periods. */
export function createJobRunsRepository(db: DbOrTx) {
  return {
    async institutions(): Promise<JobInstitution[]> {
      return db
        .select({ id: institutions.id, timezone: institutions.timezone })
        .from(institutions)
        .orderBy(asc(institutions.id));
    },

    /** Whether the period's run has already committed (a cheap check before any transaction). */
    async hasRun(job: string, institutionId: number, periodKey: string): Promise<boolean> {
      const [row] = await db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.job, job),
            eq(jobRuns.institutionId, institutionId),
            eq(jobRuns.periodKey, periodKey),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Takes the job's lock of this institution for the rest of the transaction, without waiting:
     * false when another runner (another instance) holds it, which then does the work.
     */
    async tryLock(job: string, institutionId: number): Promise<boolean> {
      // Read through the institution's own row so the call runs exactly once, typed.
      const [row] = await db
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(hashtext(${job}), ${institutions.id})` })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.locked === true;
    },

    /**
     * Claims a period: the row is the proof the run happened and commits (or rolls back) with the
     * run's own writes. Returns the claim's id, or null when the period was already run.
     */
    async claim(job: string, institutionId: number, periodKey: string): Promise<number | null> {
      const [row] = await db
        .insert(jobRuns)
        .values({ job, institutionId, periodKey })
        .onConflictDoNothing()
        .returning({ id: jobRuns.id });
      return row?.id ?? null;
    },

    async recordSummary(id: number, summary: Record<string, unknown>): Promise<void> {
      await db.update(jobRuns).set({ summary }).where(eq(jobRuns.id, id));
    },
  };
}
