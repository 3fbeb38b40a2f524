import type { CaseOutcome } from './case-outcome';

/** Error rate of one group of cases. */
export interface RateRow {
  group: string;
  cases: number;
  errors: number;
  rate: number;
}

/** The v1 evaluation summary printed by `presence evaluate-v1`. */
export interface EvaluationReport {
  cases: number;
  seed: number;
  falseAcceptByClass: RateRow[];
  falseAcceptByVariant: RateRow[];
  falseRejectByBucket: RateRow[];
  falseRejectUpTo15m: RateRow;
  falseRejectSilentRoom: RateRow;
  timingMs: { p50: number; p90: number; p99: number; max: number };
  targets: { falseRejectUpTo15m: boolean; falseAcceptPerClass: boolean };
}

const FR_TARGET = 0.01;
const FA_TARGET = 0.001;

function rate(group: string, rows: CaseOutcome[], isError: (o: CaseOutcome) => boolean): RateRow {
  const errors = rows.filter(isError).length;
  return { group, cases: rows.length, errors, rate: rows.length === 0 ? 0 : errors / rows.length };
}

function groupBy(rows: CaseOutcome[], key: (o: CaseOutcome) => string): Map<string, CaseOutcome[]> {
  const map = new Map<string, CaseOutcome[]>();
  for (const row of rows) {
    const k = key(row);
    map.set(k, [...(map.get(k) ?? []), row]);
  }
  return new Map([...map.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function distanceBucket(d: number): string {
  return d <= 5 ? '01-05m' : d <= 10 ? '05-10m' : d <= 15 ? '10-15m' : '15-20m';
}

/**
 * Aggregates verified cases: false-accept rate per attack class (and variant), false-reject rate
 * per distance x noise bucket for present students in a lecture, the headline false-reject rate up
 * to 15 m, the silent-room bucket on its own (no ambient sound to compare; see RESULTS.md), and
 * verification time percentiles.
 */
export function summarize(outcomes: CaseOutcome[], seed: number): EvaluationReport {
  const present = outcomes.filter((o) => o.spec.cls === 'present');
  const lecture = present.filter((o) => o.spec.variant === 'lecture');
  const attacks = outcomes.filter((o) => o.spec.cls !== 'present');
  const accepted = (o: CaseOutcome): boolean => o.verdict === 'present';
  const rejected = (o: CaseOutcome): boolean => o.verdict === 'absent';
  const falseAcceptByClass = [...groupBy(attacks, (o) => o.spec.cls)].map(([k, rows]) =>
    rate(k, rows, accepted),
  );
  const falseAcceptByVariant = [...groupBy(attacks, (o) => `${o.spec.cls}/${o.spec.variant}`)].map(
    ([k, rows]) => rate(k, rows, accepted),
  );
  const falseRejectByBucket = [
    ...groupBy(lecture, (o) => `${distanceBucket(o.spec.distanceM ?? 0)} ${o.spec.noise}`),
  ].map(([k, rows]) => rate(k, rows, rejected));
  const upTo15 = rate(
    'lecture, <= 15 m',
    lecture.filter((o) => (o.spec.distanceM ?? 0) <= 15),
    rejected,
  );
  const silent = rate(
    'silent room',
    present.filter((o) => o.spec.variant === 'silent_room'),
    rejected,
  );
  const times = outcomes.map((o) => o.verifyMs).sort((a, b) => a - b);
  return {
    cases: outcomes.length,
    seed,
    falseAcceptByClass,
    falseAcceptByVariant,
    falseRejectByBucket,
    falseRejectUpTo15m: upTo15,
    falseRejectSilentRoom: silent,
    timingMs: {
      p50: percentile(times, 0.5),
      p90: percentile(times, 0.9),
      p99: percentile(times, 0.99),
      max: times[times.length - 1] ?? 0,
    },
    targets: {
      falseRejectUpTo15m: upTo15.rate <= FR_TARGET,
      falseAcceptPerClass: falseAcceptByClass.every((r) => r.rate <= FA_TARGET),
    },
  };
}

/** Renders a report as the plain-text tables the CLI prints. */
export function formatReport(report: EvaluationReport): string {
  const pct = (r: RateRow): string => `${(100 * r.rate).toFixed(2).padStart(6)} %  (${r.errors}/${r.cases})`;
  const lines = [`corpus: ${report.cases} cases, seed ${report.seed}`, '', 'false accept per attack class:'];
  for (const r of report.falseAcceptByClass) lines.push(`  ${r.group.padEnd(30)} ${pct(r)}`);
  lines.push('', 'false accept per attack variant:');
  for (const r of report.falseAcceptByVariant) lines.push(`  ${r.group.padEnd(30)} ${pct(r)}`);
  lines.push('', 'false reject, present students in a lecture (distance, noise):');
  for (const r of report.falseRejectByBucket) lines.push(`  ${r.group.padEnd(30)} ${pct(r)}`);
  lines.push(`  ${report.falseRejectUpTo15m.group.padEnd(30)} ${pct(report.falseRejectUpTo15m)}`);
  lines.push(`  ${report.falseRejectSilentRoom.group.padEnd(30)} ${pct(report.falseRejectSilentRoom)}`);
  const t = report.timingMs;
  lines.push(
    '',
    `verification time (ms, cold teacher features): p50 ${t.p50.toFixed(1)}  p90 ${t.p90.toFixed(1)}  p99 ${t.p99.toFixed(1)}  max ${t.max.toFixed(1)}`,
    '',
    `targets: false reject <= 1 % up to 15 m: ${report.targets.falseRejectUpTo15m ? 'met' : 'NOT met'}; ` +
      `false accept <= 0.1 % per class: ${report.targets.falseAcceptPerClass ? 'met' : 'NOT met'}`,
  );
  return lines.join('\n');
}
