import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, jobRuns } from '../../db/schema';
import { openDatabase, type DbHandle } from '../../db/client';
import { audit } from '../../lib/audit';
import { buildInstitution } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { createJobRunner } from './job-runner';
import type { JobRunContext, ScheduledJob } from './scheduled-job';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A weekly job (Monday 08:00 in the institution's zone) whose work is one audit row per run, written
 * in the run's transaction: counting those rows counts the runs that really happened.
 */
function countingJob(opts: { fail?: () => boolean; whileRunning?: () => Promise<void> } = {}): ScheduledJob {
  return {
    name: 'test-weekly',
    schedule: { every: 'week', weekday: 'monday', atMinutes: 8 * 60 },
    async run({ tx, institution, periodKey }: JobRunContext) {
      await audit(tx, {
        institutionId: institution.id,
        actorProfileId: null,
        action: 'test.weekly_run',
        entityType: 'institution',
        detail: { periodKey },
      });
      await opts.whileRunning?.();
      if (opts.fail?.()) throw new Error('the run failed half way');
      return { summary: { periodKey } };
    },
  };
}

describe('the scheduled-job runner', () => {
  const t = useTestApp();
  const errors: string[] = [];
  const onError = (_err: unknown, label: string) => errors.push(label);
  // With PostgreSQL, a second pool plays the second server instance; PGlite has one connection.
  let second: DbHandle | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL)
      second = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: null });
  });
  afterAll(async () => {
    await second?.close();
  });

  const runsOf = async (institutionId: number) =>
    t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.institutionId, institutionId), eq(auditLog.action, 'test.weekly_run')));

  it('runs a due period once per institution and records it', async () => {
    const a = await buildInstitution(t.db);
    const b = await buildInstitution(t.db, { timezone: 'America/New_York' });
    // Monday 2 November 09:00 in India: due there; still Sunday evening in New York (last week's).
    const runner = createJobRunner({ db: t.db, clock: t.clock, jobs: [countingJob()], onError });
    const done = await runner.runDue();
    expect(done.map((r) => [r.institutionId, r.periodKey])).toEqual([
      [a.id, '2026-11-02'],
      [b.id, '2026-10-26'],
    ]);
    expect(await runsOf(a.id)).toEqual([{ detail: { periodKey: '2026-11-02' } }]);
    const [claim] = await t.db.select().from(jobRuns).where(eq(jobRuns.institutionId, a.id));
    expect(claim).toMatchObject({
      job: 'test-weekly',
      periodKey: '2026-11-02',
      summary: { periodKey: '2026-11-02' },
    });
  });

  it('never runs a period twice: again, after a restart, or on two instances at once', async () => {
    const inst = await buildInstitution(t.db);
    const job = countingJob();
    const first = createJobRunner({ db: t.db, clock: t.clock, jobs: [job], onError });
    const other = createJobRunner({ db: second?.db ?? t.db, clock: t.clock, jobs: [job], onError });
    const [x, y] = await Promise.all([first.runDue(), other.runDue()]);
    expect(x.length + y.length).toBe(1);
    expect(await first.runDue()).toEqual([]);
    // A restart is a new runner with nothing in memory: the database says the week is done.
    t.clock.advance(3 * 60 * 60 * 1000);
    const restarted = createJobRunner({ db: t.db, clock: t.clock, jobs: [countingJob()], onError });
    expect(await restarted.runDue()).toEqual([]);
    expect(await runsOf(inst.id)).toHaveLength(1);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'lets a second instance skip while the first is still running, without waiting for it',
    async () => {
      const inst = await buildInstitution(t.db);
      errors.length = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const slow = createJobRunner({
        db: t.db,
        clock: t.clock,
        jobs: [countingJob({ whileRunning: async () => (started(), held) })],
        onError,
      });
      const fast = createJobRunner({ db: second!.db, clock: t.clock, jobs: [countingJob()], onError });
      const slowRun = slow.runDue();
      await running;
      // The first instance holds the lock and an uncommitted claim: the second skips at once.
      expect(await fast.runDue()).toEqual([]);
      expect(errors, 'skipped, not failed on a lock timeout').toEqual([]);
      release();
      expect(await slowRun).toHaveLength(1);
      expect(await runsOf(inst.id)).toHaveLength(1);
    },
  );

  it('catches up after downtime with one run of the latest missed week, not one per week', async () => {
    const inst = await buildInstitution(t.db);
    const runner = createJobRunner({ db: t.db, clock: t.clock, jobs: [countingJob()], onError });
    await runner.runDue();
    t.clock.advance(3 * WEEK_MS + 2 * 24 * 60 * 60 * 1000); // down until Wednesday three weeks later
    const done = await runner.runDue();
    expect(done.map((r) => r.periodKey)).toEqual(['2026-11-23']);
    expect(await runner.runDue()).toEqual([]);
    expect((await runsOf(inst.id)).map((r) => r.detail)).toEqual([
      { periodKey: '2026-11-02' },
      { periodKey: '2026-11-23' },
    ]);
  });

  it('rolls a failed run back with its claim, reports it, and runs it again on the next tick', async () => {
    const inst = await buildInstitution(t.db);
    let failures = 1;
    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      jobs: [countingJob({ fail: () => failures-- > 0 })],
      onError,
    });
    errors.length = 0;
    expect(await runner.runDue()).toEqual([]);
    expect(errors).toEqual([`test-weekly for institution ${inst.id}`]);
    expect(await runsOf(inst.id)).toEqual([]);
    expect(await t.db.select().from(jobRuns)).toEqual([]);
    expect(await runner.runDue()).toHaveLength(1);
    expect(await runsOf(inst.id)).toHaveLength(1);
  });
});
