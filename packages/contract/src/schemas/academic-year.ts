import { z } from 'zod';
import { IsoDateSchema } from './common';

/** An academic year as people write it: the starting year, a dash, the next year's last two digits. */
const YEAR_LABEL_PATTERN = /^(\d{4})-(\d{2})$/;

/** The label of the academic year starting in `startYear`, e.g. 2027 → `2027-28`. */
export function academicYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The starting year of a `YYYY-YY` label whose two halves follow each other, else null. */
export function academicYearStart(label: string): number | null {
  const match = YEAR_LABEL_PATTERN.exec(label.trim());
  if (!match) return null;
  const start = Number(match[1]);
  return academicYearLabel(start) === `${match[1]}-${match[2]}` ? start : null;
}

/** A stream as the new-year preview names it. */
const YearStreamSchema = z.object({
  stream_slug: z.string(),
  stream_title: z.string(),
  stream_code: z.string(),
  branch_name: z.string(),
});

/**
 * One semester the new academic year will have. `dates_from` says where its dates come from:
 * `shifted` (the same semester of an earlier year, moved on by whole years), `existing` (the
 * semester of the new year exists already, e.g. imported ahead, and is kept as it is) or `none`
 * (no earlier semester of that number: no dates yet).
 */
export const NewYearSemesterSchema = YearStreamSchema.extend({
  no: z.number().int().positive(),
  start_date: IsoDateSchema.nullable(),
  end_date: IsoDateSchema.nullable(),
  dates_from: z.enum(['shifted', 'existing', 'none']),
});
export type NewYearSemester = z.infer<typeof NewYearSemesterSchema>;

/** What happens to one stream's students: who moves up (per semester) and who graduates. */
export const YearStreamMovesSchema = YearStreamSchema.extend({
  /** The stream's final semester: the highest semester number it has in any year. */
  final_semester: z.number().int().positive(),
  moving_up: z.array(
    z.object({
      from_no: z.number().int().positive(),
      to_no: z.number().int().positive(),
      students: z.number().int().nonnegative(),
    }),
  ),
  graduating: z.number().int().nonnegative(),
});
export type YearStreamMoves = z.infer<typeof YearStreamMovesSchema>;

/**
 * The preview of opening the next academic year (Rollbook addition): the current year and the one
 * that opens, the semesters that close and open, how many students move up one semester and how
 * many graduate, per stream, and every reason it cannot be done now (`blockers`, empty when it can).
 */
export const AcademicYearPreviewSchema = z.object({
  current_year: z.string().nullable(),
  next_year: z.string().nullable(),
  closing_semesters: z.number().int().nonnegative(),
  new_semesters: z.array(NewYearSemesterSchema),
  streams: z.array(YearStreamMovesSchema),
  totals: z.object({
    moving_up: z.number().int().nonnegative(),
    graduating: z.number().int().nonnegative(),
  }),
  blockers: z.array(z.string()),
});
export type AcademicYearPreview = z.infer<typeof AcademicYearPreviewSchema>;

/** The year to open, exactly as the preview named it (so a second confirm cannot open another). */
export const OpenAcademicYearBodySchema = z.object({
  academic_year: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'academic_year is required' : 'academic_year must be a string',
    })
    .refine((value) => academicYearStart(value) !== null, {
      error:
        'academic_year must be written like 2027-28 (a year, a dash and the next year’s last two digits)',
    }),
});
export type OpenAcademicYearBody = z.infer<typeof OpenAcademicYearBodySchema>;

/** What opening the year did. */
export const AcademicYearOpenedSchema = z.object({
  opened_year: z.string(),
  closed_year: z.string(),
  semesters_opened: z.number().int().nonnegative(),
  semesters_closed: z.number().int().nonnegative(),
  students_moved_up: z.number().int().nonnegative(),
  students_graduated: z.number().int().nonnegative(),
});
export type AcademicYearOpened = z.infer<typeof AcademicYearOpenedSchema>;

/** What re-planning a semester's divisions discarded (Rollbook addition). */
export const DivisionsResetSchema = z.object({
  semester_slug: z.string(),
  divisions: z.array(z.string()),
  lectures: z.number().int().nonnegative(),
  teacher_allocations: z.number().int().nonnegative(),
});
export type DivisionsReset = z.infer<typeof DivisionsResetSchema>;
