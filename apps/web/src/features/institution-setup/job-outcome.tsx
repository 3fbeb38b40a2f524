import { Link } from 'react-router';
import type { WorkbookReport } from '@rollbook/contract';
import { ROUTES } from '../../lib/routes';
import { JobProgress } from './job-progress';
import { ProblemsTable } from './problems-table';
import { SheetCountsTable } from './sheet-counts-table';
import type { TrackedJob } from './use-tracked-job';
import { isRunning, records, totals } from './workbook-report';
import { SETUP_TEXT } from './workbook-text';

type Kind = 'check' | 'import';

const number = (value: number) => value.toLocaleString('en-US');
const problemsText = (count: number) => `${number(count)} ${count === 1 ? 'problem' : 'problems'}`;

function Alert({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  );
}

function Status({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      {children}
    </p>
  );
}

/** What to do after an import: the people it created cannot sign in until they are invited. */
function NextStep({ report }: { report: WorkbookReport }) {
  const created = report.created_people.length;
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-slate-900">
      <h3 className="font-semibold">Next step</h3>
      {created > 0 ? (
        <p>
          {number(created)} new {created === 1 ? 'person was' : 'people were'} created. They cannot sign in
          until they are invited. Invite them from the{' '}
          <Link to={ROUTES.adminPeople} className="font-semibold text-brand-700 underline">
            People page
          </Link>
          : {SETUP_TEXT.invite}
        </p>
      ) : (
        <p>Nobody new was created, so there is nobody to invite.</p>
      )}
    </div>
  );
}

/** A report with problems: the sentence, the counts and the problems table. */
function ProblemsReport({ report, lead }: { report: WorkbookReport; lead: string }) {
  return (
    <>
      <Alert>
        {lead} The workbook has {problemsText(report.problem_count)}. Nothing was written. Correct them in
        your workbook, choose it again and check it.
      </Alert>
      <ProblemsTable problems={report.problems} total={report.problem_count} />
      <SheetCountsTable report={report} caption={SETUP_TEXT.previewCaption} tense="will" />
    </>
  );
}

/**
 * A started check or import as the page shows it: its progress while it runs, then what came of
 * it — the reason it failed, the problems of the workbook, the preview of a clean check, or the
 * result of an import with the next step.
 */
export function JobOutcome({ tracked, kind }: { tracked: TrackedJob; kind: Kind }) {
  const { job } = tracked;
  const noun = kind === 'check' ? 'check' : 'import';
  if (tracked.lost) {
    return (
      <Alert>
        The {noun} of {job.file_name} can no longer be followed: {tracked.pollError}. Your file is still
        chosen; check it again.
      </Alert>
    );
  }
  if (isRunning(job)) {
    return (
      <>
        <JobProgress job={job} title={kind === 'check' ? SETUP_TEXT.checking : SETUP_TEXT.applying} />
        {tracked.pollError ? (
          <Alert>The progress could not be read ({tracked.pollError}). Trying again…</Alert>
        ) : null}
      </>
    );
  }
  if (job.status === 'failed' || !job.report) {
    return (
      <Alert>
        The {noun} of {job.file_name} stopped before the end: {job.error ?? 'the server gave no reason'}.
        Nothing was written. Your file is still chosen;{' '}
        {kind === 'check' ? 'check it again' : 'apply it again'}.
      </Alert>
    );
  }
  const { report } = job;
  if (kind === 'check') {
    if (report.problem_count > 0) return <ProblemsReport report={report} lead="Check finished." />;
    const sum = totals(report);
    return (
      <>
        <Status>
          No problems found in {job.file_name}.{' '}
          {sum.created + sum.updated > 0
            ? `Applying it would create ${records(sum.created)} and update ${records(sum.updated)}.`
            : 'Everything in it is already in Rollbook: applying it would change nothing.'}
        </Status>
        <SheetCountsTable report={report} caption={SETUP_TEXT.previewCaption} tense="will" />
      </>
    );
  }
  if (!report.applied) {
    return (
      <ProblemsReport
        report={report}
        lead="The import found problems that the check did not (the data changed since)."
      />
    );
  }
  const sum = totals(report);
  return (
    <>
      <Status>
        The workbook is applied: {records(sum.created)} created, {records(sum.updated)} updated,{' '}
        {records(sum.unchanged)} unchanged.
      </Status>
      <SheetCountsTable report={report} caption={SETUP_TEXT.resultCaption} tense="did" />
      <NextStep report={report} />
    </>
  );
}
