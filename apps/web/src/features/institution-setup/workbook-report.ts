import {
  WORKBOOK_SHEETS,
  type ImportJob,
  type WorkbookReport,
  type WorkbookSheet,
  type WorkbookSheetCounts,
} from '@rollbook/contract';

/** One line of the counts table: a sheet and what the workbook does to its rows. */
export interface SheetCountsRow extends WorkbookSheetCounts {
  sheet: WorkbookSheet;
}

/** The report's counts in workbook order (a sheet the report leaves out counts zero). */
export function sheetRows(report: WorkbookReport): SheetCountsRow[] {
  return WORKBOOK_SHEETS.map((sheet) => ({
    sheet,
    ...(report.sheets[sheet] ?? { created: 0, updated: 0, unchanged: 0 }),
  }));
}

/** The counts of every sheet added up. */
export function totals(report: WorkbookReport): WorkbookSheetCounts {
  return sheetRows(report).reduce(
    (sum, row) => ({
      created: sum.created + row.created,
      updated: sum.updated + row.updated,
      unchanged: sum.unchanged + row.unchanged,
    }),
    { created: 0, updated: 0, unchanged: 0 },
  );
}

/** "1 record", "1,200 records". */
export function records(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'record' : 'records'}`;
}

/** The question the Apply button asks before anything is written. */
export function applyQuestion(report: WorkbookReport): string {
  const { created, updated } = totals(report);
  return `This creates ${records(created)} and updates ${records(updated)} in your institution, in one go. Nothing is deleted. Apply the workbook now?`;
}

/** Whether a finished check allows Apply: a clean dry run that would change something. */
export function checkAllowsApply(job: ImportJob): boolean {
  if (!job.dry_run || job.status !== 'done' || !job.report) return false;
  const { created, updated } = totals(job.report);
  return job.report.problem_count === 0 && created + updated > 0;
}

/** Whether a job is still going (the page keeps polling it). */
export function isRunning(job: Pick<ImportJob, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}
