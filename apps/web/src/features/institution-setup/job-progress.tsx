import type { ImportJob } from '@rollbook/contract';
import { useId } from 'react';

/** "1,200". */
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The progress of a running check or import: a real progress bar (role progressbar with the rows
 * done of the total) and, in a polite live region, the phase in words ("Checking Students"). Only
 * the phase is announced: the numbers change on every poll and would drown it. Until the job
 * knows its total the bar has no value, which assistive technology reads as "in progress".
 */
export function JobProgress({ job, title }: { job: ImportJob; title: string }) {
  const id = useId();
  const known = job.total > 0;
  const done = Math.min(job.done, job.total);
  const percent = known ? Math.round((done / job.total) * 100) : 0;
  const phase = job.status === 'queued' ? 'Waiting for the server to start…' : (job.phase ?? 'Starting…');
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-phase`} role="status" aria-live="polite" className="text-sm text-slate-700">
        {phase}
      </p>
      <div
        role="progressbar"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-phase`}
        aria-valuemin={0}
        {...(known
          ? {
              'aria-valuemax': job.total,
              'aria-valuenow': done,
              'aria-valuetext': `${count(done)} of ${count(job.total)} rows`,
            }
          : {})}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={
            known ? 'h-full bg-brand-600 transition-[width]' : 'h-full w-1/3 animate-pulse bg-brand-300'
          }
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
      <p className="text-sm text-slate-600">
        {known ? `${count(done)} of ${count(job.total)} rows (${percent}%)` : 'Counting the rows…'}
      </p>
    </section>
  );
}
