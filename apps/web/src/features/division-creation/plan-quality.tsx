import type { PlanQuality } from '@rollbook/contract';

/** "0.8 %" with one decimal, "0.1 %" at least for any gap above zero (never rounds a gap away). */
function percent(gap: number): string {
  const value = Math.max(0.1, Math.round(gap * 1000) / 10);
  return `${value.toFixed(1)} %`;
}

/** Seconds with one decimal, or ms below one second. */
function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The quality sentence for a plan, in plain words. */
export function planQualityText(quality: PlanQuality): string {
  if (quality.optimal || quality.gap === 0) return 'Uses the fewest teaching hours possible (proven best).';
  return `Within ${percent(quality.gap)} of the best possible teaching hours (${quality.teaching_hours} h a week; no plan can use fewer than ${Math.ceil(quality.lower_bound)} h).`;
}

export interface PlanQualityNoteProps {
  quality: PlanQuality | undefined;
  /** What the admin waited in the browser, from request to answer. */
  waitedMs: number | null;
}

/**
 * How good the suggested plan is and how long planning took, shown above the suggestion. Plans from
 * servers without `plan_quality` show nothing.
 */
export function PlanQualityNote({ quality, waitedMs }: PlanQualityNoteProps) {
  if (!quality) return null;
  const timing =
    waitedMs === null
      ? `Planning took ${duration(quality.planning_ms)}.`
      : `Planning took ${duration(waitedMs)} (${duration(quality.planning_ms)} on the server).`;
  return (
    <p
      role="status"
      aria-label="Plan quality"
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
    >
      {planQualityText(quality)} {timing}
    </p>
  );
}
