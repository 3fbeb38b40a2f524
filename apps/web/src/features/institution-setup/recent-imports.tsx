import type { ImportJob } from '@rollbook/contract';
import { DataTable } from '../../components/ui/data-table';
import { institutionWallTime } from '../../lib/zoned-wall-time';
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

/**
 * The institution's latest checks and imports (by anyone), newest first. The server writes their
 * times on the institution's clock with its offset; they are shown as such, never in the device's zone.
 */
export function RecentImports({ jobs }: { jobs: readonly ImportJob[] }) {
  return (
    <section aria-labelledby="setup-recent-title" className="flex flex-col gap-3">
      <h2 id="setup-recent-title" className="text-lg font-semibold text-slate-900">
        Recent checks and imports
      </h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-slate-600">No workbook has been checked or imported yet.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Times are the institution&apos;s, with its offset from UTC.
          </p>
          <DataTable
            caption="Recent checks and imports"
            columns={['When', 'File', 'Kind', 'Outcome']}
            minWidth="min-w-[32rem]"
          >
            {jobs.map((job) => (
              <tr key={job.slug} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap">{institutionWallTime(job.created_at)}</td>
                <td className="px-3 py-2 break-all">{job.file_name}</td>
                <td className="px-3 py-2">{job.dry_run ? 'Check' : 'Import'}</td>
                <td className="px-3 py-2">{outcomeText(job)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
