import type { HourDeviation } from '@rollbook/contract';

/** The numeric columns of the "Subject Hours Overview", in display order. */
export const HOUR_COLUMNS = [
  'total_divisions',
  'initial_theory_hours',
  'initial_tutorial',
  'initial_practical_hours',
  'final_theory_hours',
  'final_tutorial_hours',
  'final_practical_hours',
] as const satisfies readonly (keyof HourDeviation)[];

export type HourColumn = (typeof HOUR_COLUMNS)[number];

/** A subject's weekly hours after division: final theory + tutorial + practical. */
export function subjectTotal(row: HourDeviation): number {
  return row.final_theory_hours + row.final_tutorial_hours + row.final_practical_hours;
}

/** The totals row: every numeric column summed, and the sum of the per-subject totals. */
export function hourTotals(rows: readonly HourDeviation[]): Record<HourColumn | 'total', number> {
  const totals = { total: 0 } as Record<HourColumn | 'total', number>;
  for (const column of HOUR_COLUMNS) totals[column] = rows.reduce((sum, row) => sum + row[column], 0);
  totals.total = rows.reduce((sum, row) => sum + subjectTotal(row), 0);
  return totals;
}

/** Hours as shown: whole numbers plainly, fractions with at most two decimals. */
export function formatHours(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, '');
}
