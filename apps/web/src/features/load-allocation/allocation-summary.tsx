import type { AllocationSummary } from './allocation-model';

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex min-w-40 flex-col gap-0.5 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-500">{detail}</dd> : null}
    </div>
  );
}

/**
 * The figures above the tables (design/planning.md report): hours covered, the share of hours
 * taught at each priority rank, and how evenly the load is spread.
 */
export function AllocationSummaryFigures({ summary }: { summary: AllocationSummary }) {
  const ranks = summary.byRank
    .map(
      (entry) => `${entry.rank === null ? 'not ranked' : `priority ${entry.rank}`}: ${percent(entry.share)}`,
    )
    .join(' · ');
  return (
    <section aria-label="Allocation summary">
      <dl className="flex flex-wrap gap-3">
        <Figure
          label="Hours covered"
          value={`${summary.coveredHours} of ${summary.totalHours} h`}
          detail={percent(summary.coverage)}
        />
        <Figure
          label="Hours at priority 1"
          value={percent(summary.byRank.find((entry) => entry.rank === 1)?.share ?? 0)}
          detail={ranks || 'No hours allocated'}
        />
        <Figure
          label="Load spread"
          value={`${summary.load.min}–${summary.load.max} h`}
          detail={`spread ${summary.load.spread} h, mean ${summary.load.mean.toFixed(1)} h`}
        />
      </dl>
    </section>
  );
}
