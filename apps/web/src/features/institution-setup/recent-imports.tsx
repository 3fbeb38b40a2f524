import type { ImportJob } from '@rollbook/contract';
import { DataTable } from '../../components/ui/data-table';
import { isRunning } from './workbook-report';

/** The outcome of a job in a few words. */
export function outcomeText(job: ImportJob): string {
  if (isRunning(job))
    return job.status === 'queued' ? 'Waiting to start' : `Running: ${job.phase ?? 'starting'}`;
  if (job.status === 'failed') return `Stopped: ${job.error ?? 'no reason given'}`;
  const problems = job.report?.problem_count ?? 0;
  if (problems > 0) return `${problems.toLocaleString('en-US')} ${problems === 1 ? 'problem' : 'problems'}`;
  if (job.dry_run) return 'No problems';
  return job.report?.applied ? 'Applied' : 'Not applied';
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The institution's latest checks and imports (by anyone), newest first. */
export function RecentImports({ jobs }: { jobs: readonly ImportJob[] }) {
  return (
    <section aria-labelledby="setup-recent-title" className="flex flex-col gap-3">
      <h2 id="setup-recent-title" className="text-lg font-semibold text-slate-900">
        Recent checks and imports
      </h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-slate-600">No workbook has been checked or imported yet.</p>
      ) : (
        <DataTable
          caption="Recent checks and imports"
          columns={['When', 'File', 'Kind', 'Outcome']}
          minWidth="min-w-[32rem]"
        >
          {jobs.map((job) => (
            <tr key={job.slug} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap">{when(job.created_at)}</td>
              <td className="px-3 py-2 break-all">{job.file_name}</td>
              <td className="px-3 py-2">{job.dry_run ? 'Check' : 'Import'}</td>
              <td className="px-3 py-2">{outcomeText(job)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
