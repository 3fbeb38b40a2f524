import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText, isApiError } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { useAppDispatch } from '../../lib/store-hooks';
import {
  institutionSetupApi,
  useStartWorkbookJobMutation,
  useWorkbookImportsQuery,
} from './institution-setup-api';
import { JobOutcome } from './job-outcome';
import { RecentImports } from './recent-imports';
import { StartFailure } from './start-failure';
import { TemplateStep } from './template-step';
import { useTrackedJob, type StartedJob, type TrackedJob } from './use-tracked-job';
import { WorkbookPicker } from './workbook-picker';
import { applyQuestion, checkAllowsApply, isRunning, totals } from './workbook-report';
import { SETUP_TEXT } from './workbook-text';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

const card = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6';

const going = (tracked: TrackedJob | null) => tracked !== null && !tracked.lost && isRunning(tracked.job);

/** Why Apply is not available now, or null when it is. */
function applyBlocker(check: TrackedJob | null, file: File | null, applied: boolean): string | null {
  if (applied)
    return 'This workbook is applied. Choose another workbook (or this one again after editing it) and check it.';
  if (!check || check.lost || isRunning(check.job))
    return 'Apply becomes available after a check of your workbook finds no problems.';
  if (check.file !== file) return 'The chosen file has changed since the check: check it first.';
  if (check.job.status === 'failed' || !check.job.report)
    return 'The check did not finish: check the workbook again.';
  if (check.job.report.problem_count > 0)
    return 'Apply needs a check without problems: correct the workbook and check it again.';
  const sum = totals(check.job.report);
  if (sum.created + sum.updated === 0) return 'Nothing to apply: every row is already in Rollbook.';
  return null;
}

/** Steps 2 and 3: choose and check the workbook, then apply it, with progress and results. */
function WorkbookSteps({ pollMs }: { pollMs: number }) {
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [checkStart, setCheckStart] = useState<StartedJob | null>(null);
  const [applyStart, setApplyStart] = useState<StartedJob | null>(null);
  // A refused start, shown in the step whose button asked for it.
  const [failure, setFailure] = useState<{ error: unknown; step: 'check' | 'apply' } | null>(null);
  const [asking, setAsking] = useState(false);
  const [start, starting] = useStartWorkbookJobMutation();
  const check = useTrackedJob(checkStart, pollMs);
  const applying = useTrackedJob(applyStart, pollMs);

  const busy = starting.isLoading || going(check) || going(applying);
  const applied = applying?.job.report?.applied === true;
  const blocker = applyBlocker(check, file, applied);
  const canApply = !busy && blocker === null && check !== null && checkAllowsApply(check.job);

  // The recent list shows our jobs too: refresh it each time one of them ends.
  const settled = [check, applying]
    .map((tracked) => (tracked && !isRunning(tracked.job) ? `${tracked.job.slug}:${tracked.job.status}` : ''))
    .join();
  useEffect(() => {
    if (settled !== ',') dispatch(institutionSetupApi.util.invalidateTags(['WorkbookImports']));
  }, [settled, dispatch]);

  function choose(next: File) {
    setFile(next);
    setMissing(null);
    setFailure(null);
    setCheckStart(null);
    setApplyStart(null);
  }

  async function runCheck() {
    if (!file) {
      setMissing(SETUP_TEXT.chooseFirst);
      return;
    }
    setFailure(null);
    setCheckStart(null);
    setApplyStart(null);
    const answer = await start({ file, dryRun: true });
    if (answer.data) setCheckStart({ job: answer.data, file });
    else setFailure({ error: answer.error, step: 'check' });
  }

  async function runApply() {
    if (!check) return;
    setFailure(null);
    setApplyStart(null);
    const answer = await start({ file: check.file, dryRun: false });
    if (answer.data) setApplyStart({ job: answer.data, file: check.file });
    else setFailure({ error: answer.error, step: 'apply' });
  }

  return (
    <>
      <section aria-labelledby="setup-check-title" className={card}>
        <h2 id="setup-check-title" className="text-lg font-semibold text-slate-900">
          {SETUP_TEXT.checkTitle}
        </h2>
        <p className="text-sm text-slate-700">{SETUP_TEXT.checkHelp}</p>
        <WorkbookPicker file={file} disabled={busy} onChoose={choose} missing={missing} />
        <div className="flex justify-end">
          <Button disabled={busy} onClick={() => void runCheck()}>
            {check && !isRunning(check.job) ? SETUP_TEXT.checkAgain : SETUP_TEXT.check}
          </Button>
        </div>
        {failure?.step === 'check' ? (
          <StartFailure error={failure.error} lead={SETUP_TEXT.startFailed} />
        ) : null}
        {check ? <JobOutcome tracked={check} kind="check" /> : null}
      </section>

      <section aria-labelledby="setup-apply-title" className={card}>
        <h2 id="setup-apply-title" className="text-lg font-semibold text-slate-900">
          3. Apply
        </h2>
        <p className="text-sm text-slate-700">
          Applying writes everything in one go: the rows are created or updated by their keys, and nothing is
          deleted. If anything is wrong, nothing is written.
        </p>
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p id="setup-apply-state" className="text-sm text-slate-600">
            {blocker ?? 'The check found no problems: the workbook is ready to apply.'}
          </p>
          <Button disabled={!canApply} aria-describedby="setup-apply-state" onClick={() => setAsking(true)}>
            {SETUP_TEXT.apply}
          </Button>
        </div>
        {failure?.step === 'apply' ? (
          <StartFailure error={failure.error} lead={SETUP_TEXT.startFailed} />
        ) : null}
        {applying ? <JobOutcome tracked={applying} kind="import" /> : null}
      </section>

      {check?.job.report ? (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={SETUP_TEXT.applyTitle}
          question={applyQuestion(check.job.report)}
          confirmLabel={SETUP_TEXT.applyConfirm}
          onConfirm={() => void runApply()}
        />
      ) : null}
    </>
  );
}

/**
 * "Institution setup" (`/admin/institution-setup`, an admin page for institution admins): download
 * the workbook template, check a filled workbook (a dry run, with progress) and read its preview
 * and problems, then apply it after a confirmation and see what it did and what comes next. A
 * branch admin is refused by the server (403) and gets the reason instead of the steps.
 */
export function InstitutionSetupPage({
  title,
  pollIntervalMs = JOB_POLL_MS,
}: {
  title: string;
  pollIntervalMs?: number;
}) {
  const imports = useWorkbookImportsQuery();
  const forbidden = imports.isError && isApiError(imports.error) && imports.error.statusCode === 403;
  const { refetch } = imports;

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {imports.isLoading ? (
        <div role="status" aria-label="Loading the institution setup" className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-48" />
        </div>
      ) : null}
      {forbidden ? (
        <div role="alert" className="flex flex-col gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-4">
          <h2 className="text-lg font-semibold text-amber-950">{SETUP_TEXT.branchAdminTitle}</h2>
          <p className="text-amber-950">{SETUP_TEXT.branchAdmin}</p>
          <p className="text-sm text-amber-900">The server said: {imports.error.message}</p>
        </div>
      ) : null}
      {!imports.isLoading && !forbidden ? (
        <>
          <TemplateStep />
          <WorkbookSteps pollMs={pollIntervalMs} />
          {imports.isError ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3"
            >
              <p className="text-sm text-red-900">
                The recent checks and imports could not be loaded:{' '}
                {errorText(imports.error, 'no answer from the server')}
              </p>
              <Button variant="secondary" size="sm" onClick={() => void refetch()}>
                {SETUP_TEXT.tryAgain}
              </Button>
            </div>
          ) : (
            <RecentImports jobs={imports.data ?? []} />
          )}
        </>
      ) : null}
    </section>
  );
}
