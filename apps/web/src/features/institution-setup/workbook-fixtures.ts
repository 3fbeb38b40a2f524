import {
  WORKBOOK_SHEETS,
  type ImportJob,
  type WorkbookProblem,
  type WorkbookReport,
  type WorkbookSheet,
  type WorkbookSheetCounts,
} from '@rollbook/contract';

/** A report whose sheets count zero except those given. */
export function buildReport(
  counts: Partial<Record<WorkbookSheet, Partial<WorkbookSheetCounts>>> = {},
  overrides: Partial<WorkbookReport> = {},
): WorkbookReport {
  const sheets = Object.fromEntries(
    WORKBOOK_SHEETS.map((sheet) => [sheet, { created: 0, updated: 0, unchanged: 0, ...counts[sheet] }]),
  ) as WorkbookReport['sheets'];
  const problems = overrides.problems ?? [];
  return {
    applied: false,
    sheets,
    problems,
    problem_count: problems.length,
    created_people: [],
    ...overrides,
  };
}

/** `count` problems of the Students sheet, one per row from row 2. */
export function studentProblems(count: number): WorkbookProblem[] {
  return Array.from({ length: count }, (_, index) => ({
    sheet: 'Students',
    row: index + 2,
    column: 'email',
    message: `Row ${index + 2}: the email is not an email address (expected name@example.org)`,
  }));
}

let jobCounter = 0;

/** A job as the server answers it; every call gets a fresh slug unless one is given. */
export function buildJob(overrides: Partial<ImportJob> = {}): ImportJob {
  jobCounter += 1;
  return {
    slug: `job-${jobCounter}`,
    file_name: 'institution.xlsx',
    dry_run: true,
    status: 'queued',
    phase: null,
    done: 0,
    total: 0,
    report: null,
    error: null,
    created_at: '2027-06-01T09:00:00+05:30',
    updated_at: '2027-06-01T09:00:00+05:30',
    ...overrides,
  };
}
