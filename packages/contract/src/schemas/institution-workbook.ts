import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../constants';

/**
 * The sheets of the institution workbook, in the order they are checked and applied: each sheet
 * may refer to rows of the sheets before it (a student's semester, a teacher's branches).
 */
export const WORKBOOK_SHEETS = [
  'Branches',
  'Streams',
  'Semesters',
  'Classrooms',
  'Subjects',
  'Teachers',
  'Students',
] as const;
export const WorkbookSheetSchema = z.enum(WORKBOOK_SHEETS);
export type WorkbookSheet = z.infer<typeof WorkbookSheetSchema>;

/** The multipart field that carries the workbook (.xlsx, or one .csv named after a sheet). */
export const WORKBOOK_FILE_FIELD = 'workbook';

/** What an import did (or, for a check, would do) to one sheet's rows. */
export const WorkbookSheetCountsSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
});
export type WorkbookSheetCounts = z.infer<typeof WorkbookSheetCountsSchema>;

/**
 * One problem of a workbook: where (sheet, row number as the spreadsheet shows it, column header)
 * and, in `message`, what is wrong and what was expected. `sheet`, `row` and `column` are null when
 * the problem is not about one sheet, row or column (a file that cannot be read, a missing header).
 */
export const WorkbookProblemSchema = z.object({
  sheet: z.string().nullable(),
  row: z.number().int().min(1).nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type WorkbookProblem = z.infer<typeof WorkbookProblemSchema>;

/**
 * The report of a check or import. `applied` is true only when the import wrote its changes (never
 * for a check, never when there is any problem). `sheets` always names all seven sheets (zeros for a
 * sheet the workbook does not have). `problems` lists at most the first 1,000 problems in sheet and
 * row order; `problem_count` is the total. `created_people` are the profile slugs of the teachers and
 * students the import created (they have no usable password until invited).
 */
export const WorkbookReportSchema = z.object({
  applied: z.boolean(),
  sheets: z.record(WorkbookSheetSchema, WorkbookSheetCountsSchema),
  problems: z.array(WorkbookProblemSchema),
  problem_count: z.number().int().min(0),
  created_people: z.array(z.string()),
});
export type WorkbookReport = z.infer<typeof WorkbookReportSchema>;

export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ImportJobStatusSchema = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>;

/**
 * A check (dry run) or import of a workbook, run after the upload call answers. Poll it until
 * `status` is `done` (the report is there; it may list problems) or `failed` (`error` says why:
 * the server stopped, or an unexpected failure; nothing was written). `phase` is what it is doing
 * now in words ("Checking Students"); `done` of `total` rows is its progress.
 */
export const ImportJobSchema = z.object({
  slug: z.string(),
  file_name: z.string(),
  dry_run: z.boolean(),
  status: ImportJobStatusSchema,
  phase: z.string().nullable(),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  report: WorkbookReportSchema.nullable(),
  error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

/** The text fields of the upload: `dry_run` "true" checks without writing, "false" imports. */
export const StartWorkbookImportBodySchema = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'dry_run must be "true" (check only) or "false" (import)' }),
});
export type StartWorkbookImportBody = z.infer<typeof StartWorkbookImportBodySchema>;

/**
 * The largest workbook file, in bytes, uploaded or read from a folder: the upload limit (a larger
 * upload is answered 413), so the page can refuse it before sending megabytes that would be thrown away.
 */
export const WORKBOOK_MAX_BYTES = UPLOAD_MAX_BYTES;
