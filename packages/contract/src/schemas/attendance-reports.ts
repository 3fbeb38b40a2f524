import { z } from 'zod';
import { IsoDateSchema, slugField } from './common';
import { EXCUSED_COUNTS_AS } from './institution-settings';
import { blankToUndefined, DATE_RANGE_ERROR, optionalDateField, optionalPageField } from './query-fields';

/**
 * The attendance record (issue 16 items 4 and 5): the later client's analytics calls (contract
 * §13, exact shapes incl. the typos in their paths) and Rollbook's own report, student-record and
 * export calls. Every figure comes from one server computation, so a student's percentage is the
 * same on their page, in a report and in an export.
 */

/** The largest page of students (or detention rows) one report call answers. */
export const REPORT_PAGE_SIZE_MAX = 200;
export const REPORT_PAGE_SIZE_DEFAULT = 25;
/** The largest table the §13 spreadsheet call turns into a file. */
export const EXCEL_REPORT_MAX_ROWS = 20_000;
export const EXCEL_REPORT_MAX_COLUMNS = 40;

/** `what` names the value as its reader knows it: the §13 field, or the words our form labels it with. */
function optionalPercent(what: string) {
  const error = `${what} must be a number from 0 to 100`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error }).min(0, { error }).max(100, { error }).optional(),
  );
}

function optionalSlug(field: string) {
  return z.preprocess(blankToUndefined, slugField(field).optional());
}

function rangeInOrder(v: { start_date?: string | undefined; end_date?: string | undefined }) {
  return !(v.start_date && v.end_date && v.start_date > v.end_date);
}
const RANGE_ERROR = { error: DATE_RANGE_ERROR, path: ['start_date'] };

// ---------------------------------------------------------------------------------------------
// §13 GET /manage/get_subjects_of_teacher

export const TeacherSubjectSchema = z.object({
  slug: z.string(),
  subject_name: z.string(),
  branch: z.string(),
  semester: z.number().int(),
});
export type TeacherSubject = z.infer<typeof TeacherSubjectSchema>;

// ---------------------------------------------------------------------------------------------
// §13 GET /manage/analytics/get_detained_studetns_by_subject/{subject}

export const DetainedQuerySchema = z
  .object({
    less_than: optionalPercent('less_than'),
    start_date: optionalDateField('start_date'),
    end_date: optionalDateField('end_date'),
  })
  .refine(rangeInOrder, RANGE_ERROR);

/** A table as the later client shows and sends back: headers, then rows of cells. */
export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export const ColumnsAndDetailsSchema = z.object({
  columns: z.array(z.string()),
  details: z.array(z.array(ReportCellSchema)),
});
export type ColumnsAndDetails = z.infer<typeof ColumnsAndDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// §13 POST /manage/analytics/get_detalied_student_excel_report/

export const DetailedExcelBodySchema = z.object({
  subject_slug: slugField('subject_slug'),
  columns: z
    .array(z.string().max(200, { error: 'a column name may have at most 200 characters' }), {
      error: 'columns must be a list of names',
    })
    .min(1, { error: 'columns must name at least one column' })
    .max(EXCEL_REPORT_MAX_COLUMNS, { error: `columns may name at most ${EXCEL_REPORT_MAX_COLUMNS} columns` }),
  details: z
    .array(
      z.array(
        z.union([
          z.string().max(1000, { error: 'a cell may have at most 1000 characters' }),
          z.number(),
          z.null(),
        ]),
        { error: 'each row of details must be a list of cells' },
      ),
      { error: 'details must be a list of rows' },
    )
    .max(EXCEL_REPORT_MAX_ROWS, { error: `details may have at most ${EXCEL_REPORT_MAX_ROWS} rows` }),
});
export type DetailedExcelBody = z.infer<typeof DetailedExcelBodySchema>;

// ---------------------------------------------------------------------------------------------
// Rollbook: the student's own record, GET /attendance/record

/** One subject of the student's record, with what they still need. */
export const RecordSubjectSchema = z.object({
  subject_slug: z.string(),
  subject_name: z.string(),
  subject_code: z.string(),
  held: z.number().int(),
  attended: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
  /** Two decimals; null while nothing counts. */
  percentage: z.number().nullable(),
  /** Lectures the weekly timetable still holds until the semester's end; null: no end date. */
  remaining: z.number().int().nullable(),
  /** Of the remaining, how many to attend to reach the threshold; null: out of reach or unknown. */
  needed: z.number().int().nullable(),
  weeks: z.array(
    z.object({ week_start: IsoDateSchema, held: z.number().int(), percentage: z.number().nullable() }),
  ),
});
export type RecordSubject = z.infer<typeof RecordSubjectSchema>;

export const StudentRecordSchema = z.object({
  threshold_percent: z.number().int(),
  excused_counts_as: z.enum(EXCUSED_COUNTS_AS),
  today: IsoDateSchema,
  semester_end: IsoDateSchema.nullable(),
  subjects: z.array(RecordSubjectSchema),
});
export type StudentRecord = z.infer<typeof StudentRecordSchema>;

// GET /attendance/record/marks

export const RecordMarksQuerySchema = z.object({
  subject: optionalSlug('subject'),
  page: optionalPageField('page', 1_000_000),
  page_size: optionalPageField('page_size', REPORT_PAGE_SIZE_MAX),
});

/** One of the student's marks with the verdict's reasons in plain words. */
export const RecordMarkSchema = z.object({
  day: IsoDateSchema,
  subject_name: z.string(),
  lecture_type: z.string(),
  status: z.enum(['present', 'absent', 'excused']),
  excuse: z.enum(['leave', 'on_duty', 'medical']).nullable(),
  /** Why, in words: the verdict's reasons, the teacher's decision, a correction. */
  explanation: z.array(z.string()),
  corrected: z.boolean(),
});
export type RecordMark = z.infer<typeof RecordMarkSchema>;

export const RecordMarksSchema = z.object({
  results: z.array(RecordMarkSchema),
  current_page: z.number().int(),
  num_pages: z.number().int(),
  total: z.number().int(),
});
export type RecordMarks = z.infer<typeof RecordMarksSchema>;

// ---------------------------------------------------------------------------------------------
// Rollbook: reports for teachers and admins, under /attendance/reports

/** What the report filters offer the caller (their subjects, or their branches' semesters). */
export const ReportOptionsSchema = z.object({
  threshold_percent: z.number().int(),
  excused_counts_as: z.enum(EXCUSED_COUNTS_AS),
  subjects: z.array(
    z.object({
      slug: z.string(),
      subject_name: z.string(),
      subject_code: z.string(),
      semester: z.number().int(),
      branch: z.string(),
      semester_slug: z.string(),
    }),
  ),
  divisions: z.array(
    z.object({
      slug: z.string(),
      division_name: z.string(),
      semester_slug: z.string(),
      full_name: z.string(),
    }),
  ),
  batches: z.array(z.object({ slug: z.string(), batch_name: z.string(), division_slug: z.string() })),
});
export type ReportOptions = z.infer<typeof ReportOptionsSchema>;

/** The filters every report call and export takes (all optional: the caller's whole scope). */
const reportFilterFields = {
  subject: optionalSlug('subject'),
  division: optionalSlug('division'),
  batch: optionalSlug('batch'),
  start_date: optionalDateField('start_date'),
  end_date: optionalDateField('end_date'),
  below: optionalPercent('The detention limit'),
};

export const ReportFilterQuerySchema = z
  .object({
    ...reportFilterFields,
    page: optionalPageField('page', 1_000_000),
    page_size: optionalPageField('page_size', REPORT_PAGE_SIZE_MAX),
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type ReportFilterQuery = z.infer<typeof ReportFilterQuerySchema>;
export type ReportFilterQueryInput = z.input<typeof ReportFilterQuerySchema>;

export const ReportExportQuerySchema = z
  .object({
    ...reportFilterFields,
    kind: z.enum(['table', 'detention'], { error: 'kind must be table or detention' }),
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type ReportExportQueryInput = z.input<typeof ReportExportQuerySchema>;

/** One cell of the student × subject table. */
export const ReportFiguresSchema = z.object({
  held: z.number().int(),
  attended: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
  percentage: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

const ReportStudentSchema = z.object({
  student_slug: z.string(),
  enrollment: z.string(),
  name: z.string(),
  division: z.string().nullable(),
});

export const ReportTableSchema = z.object({
  subjects: z.array(z.object({ slug: z.string(), subject_name: z.string(), subject_code: z.string() })),
  rows: z.array(
    ReportStudentSchema.extend({
      /** In the order of `subjects`; null where the student has no session of that subject. */
      cells: z.array(ReportFiguresSchema.nullable()),
    }),
  ),
  current_page: z.number().int(),
  num_pages: z.number().int(),
  total: z.number().int(),
});
export type ReportTable = z.infer<typeof ReportTableSchema>;

export const DetentionListSchema = z.object({
  below_percent: z.number(),
  rows: z.array(
    ReportStudentSchema.extend({ subject_slug: z.string(), subject_name: z.string() }).extend(
      ReportFiguresSchema.shape,
    ),
  ),
  current_page: z.number().int(),
  num_pages: z.number().int(),
  total: z.number().int(),
});
export type DetentionList = z.infer<typeof DetentionListSchema>;

export const ReportTrendSchema = z.object({
  weeks: z.array(
    z.object({
      week_start: IsoDateSchema,
      held: z.number().int(),
      attended: z.number().int(),
      excused: z.number().int(),
      percentage: z.number().nullable(),
    }),
  ),
});
export type ReportTrend = z.infer<typeof ReportTrendSchema>;
