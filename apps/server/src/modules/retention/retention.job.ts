import { audit } from '../../lib/audit';
import type { ScheduledJob } from '../../domain/scheduled-jobs/scheduled-job';
import { deleteRecordings } from './recording-files';
import { createRetentionRepository } from './retention.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Marks cleared per statement: bounded memory and statement time on a large first sweep. */
const CLEAR_BATCH = 2000;

/** The retention sweep runs every night at 02:30 in the institution's zone. */
export const RETENTION_JOB_NAME = 'recording-retention';

/**
 * The daily privacy sweep of one institution: raw recordings and exact positions older than the
 * institution's `recording_retention_days` are deleted; verdicts, metrics and distances stay. Files
 * go inside the transaction (a failure rolls the rows back, so nothing is left pointing nowhere and
 * the sweep is tried again on the next tick); the run is recorded in the audit trail.
 */
export function retentionJob(mediaDir: string): ScheduledJob {
  return {
    name: RETENTION_JOB_NAME,
    schedule: { every: 'day', atMinutes: 2 * 60 + 30 },
    async run({ tx, institution, now }) {
      const repo = createRetentionRepository(tx);
      const days = await repo.retentionDays(institution.id);
      if (days === undefined) return { summary: { cleared: 0 } };
      const cutoff = new Date(now.getTime() - days * DAY_MS);
      let cleared = 0;
      let recordingsDeleted = 0;
      for (;;) {
        const batch = await repo.expiredPersonalData(institution.id, cutoff, CLEAR_BATCH);
        if (batch.length === 0) break;
        // Files first: a file that cannot be deleted throws, and the rows keep naming their files.
        const files = batch.flatMap((r) => (r.recordingPath ? [r.recordingPath] : []));
        recordingsDeleted += await deleteRecordings(mediaDir, files);
        await repo.clearPersonalData(
          batch.map((r) => r.id),
          now,
        );
        cleared += batch.length;
      }
      const summary = { cleared, recordingsDeleted, cutoff: cutoff.toISOString(), retentionDays: days };
      if (cleared > 0) {
        await audit(tx, {
          institutionId: institution.id,
          actorProfileId: null,
          action: 'attendance.personal_data_cleared',
          entityType: 'institution',
          detail: summary,
        });
      }
      return { summary };
    },
  };
}
