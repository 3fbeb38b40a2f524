import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, WorkbookReport } from '@rollbook/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { zonedIsoString } from '../../lib/zoned-time';
import { createPeopleRepository } from '../../domain/people.repository';
import { requireInstitutionAdmin as requireInstitutionAdminIn } from '../../domain/institution-admin';
import { importWorkbook, type ImportResult } from './import-workbook';
import { createImportJobsRepository, type ImportJobRow } from './import-jobs.repository';
import { jobProgress } from './job-progress';
import { readWorkbookInWorker } from './read-in-worker';
import type { RawWorkbook, WorkbookFile } from './read-workbook';

/** A job not updated for this long, and not running in this process, was left by a stopped server. */
export const STALE_JOB_MS = 5 * 60_000;
/** At most this many problems are stored and answered; `problem_count` has the total. */
export const MAX_REPORTED_PROBLEMS = 1000;
const LATEST_JOBS = 20;
const WORKBOOK_ADMINS_ONLY =
  'Only an institution admin can set up the institution from a workbook; ask your institution admin';

const STOPPED_MESSAGE =
  'The server stopped while this file was being checked or imported; nothing was written. Please start again.';
const FAILED_MESSAGE =
  'The import stopped because of an unexpected error; nothing was written. Please try again, and tell your administrator if it happens again.';

/** A job on the wire; its times on the institution's clock with its offset (shown as such). */
function toWire(job: ImportJobRow, timeZone: string): ImportJob {
  return {
    slug: job.slug,
    file_name: job.fileName,
    dry_run: job.dryRun,
    status: job.status,
    phase: job.phase,
    done: job.done,
    total: job.total,
    report: (job.report as WorkbookReport | null) ?? null,
    error: job.error,
    created_at: zonedIsoString(job.createdAt, timeZone),
    updated_at: zonedIsoString(job.updatedAt, timeZone),
  };
}

export interface ImportJobsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How workbooks are read (default: a worker thread per read). */
  read?: (files: WorkbookFile[]) => Promise<RawWorkbook>;
}

/**
 * Workbook checks and imports as jobs: the upload call stores a job and answers at once; the job
 * then runs in this process after the reply, writing its phase and progress to its row, and its
 * report when done. Only institution admins may use them, and only on their own institution.
 */
export function createImportJobsService(deps: ImportJobsDeps) {
  const repo = createImportJobsRepository(deps.db);
  const zoneOf = (auth: AuthContext) =>
    createPeopleRepository(deps.db).institutionTimezone(auth.institutionId);
  const running = new Map<number, Promise<void>>();

  const requireInstitutionAdmin = (auth: AuthContext) =>
    requireInstitutionAdminIn(deps.db, auth, WORKBOOK_ADMINS_ONLY);

  async function reportOf(result: ImportResult): Promise<WorkbookReport> {
    return {
      applied: result.applied,
      sheets: result.sheets,
      problems: result.problems.slice(0, MAX_REPORTED_PROBLEMS),
      problem_count: result.problems.length,
      created_people: await repo.profileSlugs(result.createdProfileIds),
    };
  }

  async function run(job: ImportJobRow, files: WorkbookFile[], actorProfileId: number): Promise<void> {
    // After the reply: the upload call answers with the queued job before any work starts.
    await nextTurn();
    const tracker = jobProgress(
      (patch) => repo.update(job.id, patch),
      () => deps.clock.now(),
      (err) => deps.log.warn({ err, job: job.slug }, 'import progress not saved'),
    );
    try {
      await repo.update(job.id, { status: 'running', updatedAt: deps.clock.now() });
      const result = await importWorkbook(deps.db, files, {
        institutionId: job.institutionId,
        actorProfileId,
        dryRun: job.dryRun,
        progress: tracker.progress,
        read: deps.read ?? readWorkbookInWorker,
      });
      const report = await reportOf(result);
      await tracker.settle();
      const { total } = tracker.current();
      await repo.update(job.id, {
        status: 'done',
        phase: 'Done',
        done: total,
        total,
        report,
        updatedAt: deps.clock.now(),
      });
    } catch (err) {
      deps.log.error({ err, job: job.slug }, 'workbook import failed');
      await tracker.settle();
      await repo.update(job.id, { status: 'failed', error: FAILED_MESSAGE, updatedAt: deps.clock.now() });
    }
  }

  /** A job as the caller sees it: one left unfinished by a stopped server is failed now. */
  async function current(job: ImportJobRow): Promise<ImportJobRow> {
    const unfinished = job.status === 'queued' || job.status === 'running';
    const stale = deps.clock.now().getTime() - job.updatedAt.getTime() > STALE_JOB_MS;
    if (!unfinished || !stale || running.has(job.id)) return job;
    const patch = { status: 'failed' as const, error: STOPPED_MESSAGE, updatedAt: deps.clock.now() };
    await repo.update(job.id, patch);
    return { ...job, ...patch };
  }

  return {
    requireInstitutionAdmin,

    /** Stores a job for the uploaded file and starts it after the reply. */
    async start(auth: AuthContext, file: WorkbookFile, dryRun: boolean): Promise<ImportJob> {
      await requireInstitutionAdmin(auth);
      const job = await repo.insert({
        institutionId: auth.institutionId,
        requestedBy: auth.profileId,
        fileName: file.name.slice(0, 200) || 'workbook',
        dryRun,
        now: deps.clock.now(),
      });
      const work = run(job, [file], auth.profileId).finally(() => running.delete(job.id));
      running.set(job.id, work);
      return toWire(job, await zoneOf(auth));
    },

    async get(auth: AuthContext, slug: string): Promise<ImportJob> {
      await requireInstitutionAdmin(auth);
      const job = await repo.bySlug(auth.institutionId, slug);
      if (!job) throw notFound('Import');
      return toWire(await current(job), await zoneOf(auth));
    },

    async list(auth: AuthContext): Promise<ImportJob[]> {
      await requireInstitutionAdmin(auth);
      const jobs = await repo.latest(auth.institutionId, LATEST_JOBS);
      const timeZone = await zoneOf(auth);
      return Promise.all(jobs.map(async (j) => toWire(await current(j), timeZone)));
    },

    /** Waits for the jobs running in this process (the server is closing). */
    async drain(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type ImportJobsService = ReturnType<typeof createImportJobsService>;
