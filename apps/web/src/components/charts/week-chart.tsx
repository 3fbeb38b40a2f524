/** One week's bar: its Monday and its percentage (null: nothing counted that week). */
export interface WeekPoint {
  weekStart: string;
  percentage: number | null;
}

export interface WeekChartProps {
  /** What the chart shows, read by screen readers as the image's name. */
  label: string;
  weeks: readonly WeekPoint[];
  /** Draws a line at this percentage (the attendance threshold). */
  threshold: number;
  /** Height in CSS pixels; the width follows the container. */
  height?: number;
}

const short = (isoDate: string) => {
  const [, m, d] = isoDate.split('-');
  return `${Number(d)}/${Number(m)}`;
};

/**
 * A small bar chart of weekly percentages in plain SVG: each bar's height is its week's
 * percentage, a dashed line marks the threshold, and bars under it are drawn in the warning
 * colour. The image carries a text summary for screen readers, and the same numbers are in a
 * visually hidden list, so nothing is only visual.
 */
export function WeekChart({ label, weeks, threshold, height = 96 }: WeekChartProps) {
  const width = Math.max(weeks.length * 14, 140);
  const barWidth = width / Math.max(weeks.length, 1);
  const y = (percent: number) => height - (percent / 100) * (height - 4);
  const below = weeks.filter((w) => w.percentage !== null && w.percentage < threshold).length;
  const summary =
    weeks.length === 0
      ? `${label}: no lectures held yet`
      : `${label}: ${weeks.length} ${weeks.length === 1 ? 'week' : 'weeks'}, ${below} below ${threshold} %`;
  return (
    <figure className="flex flex-col gap-1">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-24 w-full rounded-lg bg-slate-50"
      >
        {weeks.map((w, i) =>
          w.percentage === null ? null : (
            <rect
              key={w.weekStart}
              x={i * barWidth + barWidth * 0.15}
              y={y(w.percentage)}
              width={barWidth * 0.7}
              height={Math.max(height - y(w.percentage), 1)}
              className={w.percentage < threshold ? 'fill-amber-500' : 'fill-brand-600'}
            />
          ),
        )}
        <line
          x1={0}
          x2={width}
          y1={y(threshold)}
          y2={y(threshold)}
          strokeDasharray="4 3"
          className="stroke-red-600"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="sr-only">
        <ul>
          {weeks.map((w) => (
            <li key={w.weekStart}>
              Week of {short(w.weekStart)}: {w.percentage === null ? 'nothing counted' : `${w.percentage} %`}
            </li>
          ))}
        </ul>
      </figcaption>
      {weeks.length > 0 ? (
        <p aria-hidden="true" className="flex justify-between text-xs text-slate-600">
          <span>{short(weeks[0]!.weekStart)}</span>
          <span>{short(weeks.at(-1)!.weekStart)}</span>
        </p>
      ) : null}
    </figure>
  );
}
