import { z } from 'zod';
import { requiredString, slugField } from './common';

/** A student as listed in divisions and batches. */
export const StudentSchema = z.object({
  slug: z.string(),
  enrollment: z.string(),
  sr_no: z.string().optional(),
  profile: z.object({ name: z.string(), email: z.string().optional(), role: z.string().optional() }),
});
export type Student = z.infer<typeof StudentSchema>;

/** A division with its lab batches and their students (§10.2). */
export const DivisionDetailSchema = z.object({
  division_name: z.string(),
  total_batches: z.array(z.string()),
  batches: z.array(
    z.object({
      batch_name: z.string(),
      student_count: z.number().int().optional(),
      students: z.array(StudentSchema),
    }),
  ),
  total_student_count: z.number().int().optional(),
});
export type DivisionDetail = z.infer<typeof DivisionDetailSchema>;

/**
 * Students who chose the same set of electives. `electives_not_chosen` (a Rollbook addition, absent
 * otherwise) marks the group of students who never finalised their electives: they have no
 * subjects and are planned as students without electives.
 */
export const SubjectChoiceGroupSchema = z.object({
  slug: z.string(),
  subjects: z.array(z.looseObject({ subject_name: z.string() })),
  totalCount: z.number().int().nonnegative(),
  availableCount: z.number().int().nonnegative(),
  students: z.array(StudentSchema).optional(),
  electives_not_chosen: z.literal(true).optional(),
});
export type SubjectChoiceGroup = z.infer<typeof SubjectChoiceGroupSchema>;

/** `get_subject_choice_groups` when divisions already exist. */
export const ExistingDivisionsSchema = z.object({ divisions: z.array(DivisionDetailSchema).min(1) });
/** `get_subject_choice_groups` before divisions are created. */
export const SubjectChoiceGroupsSchema = z.object({
  total_students: z.number().int().nonnegative(),
  subject_groups: z.array(SubjectChoiceGroupSchema),
});
/** Either answer of `get_subject_choice_groups` (an error while the deadline has not passed). */
export const SubjectChoiceGroupsResultSchema = z.union([ExistingDivisionsSchema, SubjectChoiceGroupsSchema]);
export type SubjectChoiceGroupsResult = z.infer<typeof SubjectChoiceGroupsResultSchema>;

/** Teaching hours before and after splitting into divisions; `initial_tutorial` (sic). */
export const HourDeviationSchema = z.object({
  subject_name: z.string(),
  total_divisions: z.number().int().nonnegative(),
  initial_theory_hours: z.number(),
  initial_tutorial: z.number(),
  initial_practical_hours: z.number(),
  final_theory_hours: z.number(),
  final_tutorial_hours: z.number(),
  final_practical_hours: z.number(),
});
export type HourDeviation = z.infer<typeof HourDeviationSchema>;

/**
 * How good a suggested plan is and how long it took (a Rollbook addition; optional, so clients that
 * do not know it ignore it and confirm calls may omit it): weekly teaching hours of the plan, a
 * proven lower bound on them, gap = (hours − bound) / hours, whether the plan is proven best, and
 * the server's planning time in ms.
 */
export const PlanQualitySchema = z.object({
  teaching_hours: z.number().nonnegative(),
  lower_bound: z.number().nonnegative(),
  gap: z.number().min(0).max(1),
  optimal: z.boolean(),
  planning_ms: z.number().int().nonnegative(),
});
export type PlanQuality = z.infer<typeof PlanQualitySchema>;

/** A proposed division plan (§10.3); echoed back unchanged on confirm. */
export const DivisionSuggestionSchema = z.object({
  divisions: z.array(DivisionDetailSchema).min(1, { error: 'divisions_data.divisions must not be empty' }),
  hour_deviations: z.array(HourDeviationSchema),
  plan_quality: PlanQualitySchema.optional(),
});
export type DivisionSuggestion = z.infer<typeof DivisionSuggestionSchema>;

/**
 * `?max_students=` is the raw text of a number field; it must be a positive whole number. The
 * messages name the field as the admin sees it (the most students one division may hold, under the
 * quoted label "Maximum Division Count"), not by its wire name: the page shows them beside the field.
 */
export const DivisionSuggestionQuerySchema = z.object({
  max_students: z.coerce
    .number({ error: 'The number of students per division must be a number' })
    .int({ error: 'The number of students per division must be a whole number' })
    .min(1, { error: 'The number of students per division must be at least 1' })
    .max(10000, { error: 'The number of students per division must be at most 10000' }),
});

/** `confirm_suggested_divisions/` body. */
export const ConfirmDivisionsBodySchema = z.object({
  semester_slug: slugField('semester_slug'),
  divisions_data: DivisionSuggestionSchema,
});
export type ConfirmDivisionsBody = z.infer<typeof ConfirmDivisionsBodySchema>;

/** `get_division_student_data_excel` query. */
export const DivisionExcelQuerySchema = z.object({
  semester_slug: slugField('semester_slug'),
  division_name: requiredString('division_name').max(80),
});

/** A division option of the timetable picker; shown as "Division - {full_name}". */
export const DivisionOptionSchema = z.object({
  slug: z.string(),
  division_name: z.string().optional(),
  full_name: z.string(),
});
export type DivisionOption = z.infer<typeof DivisionOptionSchema>;
