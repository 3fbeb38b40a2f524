import { z } from 'zod';
import { LECTURE_TYPES, TEACHER_MAX_HOURS_LIMIT, WEEK_DAYS } from '../constants';
import { SubjectSchema } from './catalogue';

const hours = z.number().finite();

/** Totals of the admin load-allocation screen; `..._serparate_...` (sic). */
export const AllocationStatsSchema = z.object({
  total_subject_hours_instant_allocation: hours,
  total_subject_hours_separate_allocation: hours,
  unallocated_subject_hours_instant_allocation: hours,
  unallocated_subject_hours_serparate_allocation: hours,
  total_teacher_hours_instant_allocation: hours,
  total_teacher_hours_separate_allocation: hours,
  unallocated_teacher_hours_instant_allocation: hours,
  unallocated_teacher_hours_separate_allocation: hours,
});
export type AllocationStats = z.infer<typeof AllocationStatsSchema>;

/** A teacher as embedded in allocation data. */
export const AllocationTeacherSchema = z.object({
  slug: z.string(),
  profile: z.object({ name: z.string(), email: z.string(), role: z.string() }),
  teacher_code: z.string(),
});

/** Hours of one kind of teaching for one subject and who teaches them. */
export const AllocationKindSchema = z.object({
  total_hours: hours,
  remaining_hours: hours,
  allocation_done: hours,
  teachers: z.array(z.object({ teacher: AllocationTeacherSchema, hours: hours.nonnegative() })),
});

/** One subject's allocation; the client reads the subject both flat and under `subject_map`. */
export const AllocationRowSchema = z.object({
  subject: SubjectSchema.extend({ subject_map: SubjectSchema }),
  teacher_allocation: z.object({
    theory: AllocationKindSchema.optional(),
    lab: AllocationKindSchema.optional(),
    tutorial: AllocationKindSchema.optional(),
    practical: AllocationKindSchema.optional(),
  }),
});
export type AllocationRow = z.infer<typeof AllocationRowSchema>;

/** The subject-side view the admin edits and confirms. */
export const SubjectToTeacherMapSchema = z.object({
  stats: AllocationStatsSchema,
  instant_allocations: z.array(AllocationRowSchema),
  separate_allocations: z.array(AllocationRowSchema),
});
export type SubjectToTeacherMap = z.infer<typeof SubjectToTeacherMapSchema>;

const subjectHours = z.record(z.string(), z.object({ subject: SubjectSchema, hours })).nullable();

/** One teacher's load by kind of teaching. */
export const TeacherLoadSchema = z.object({
  teacher: AllocationTeacherSchema,
  initial_theory_hour: hours,
  initial_lab_hours: hours,
  initial_practical_sub_hours: hours,
  total_hours_left: hours,
  total_theory_hours: hours,
  total_lab_hours: hours,
  total_practical_sub_hours: hours,
  total_tutorial_hours: hours,
  theory: subjectHours,
  lab: subjectHours,
  practical: subjectHours,
  tutorial: subjectHours,
  /**
   * Rollbook addition (clients may ignore it): the teacher's weekly maximum. One maximum covers
   * every kind of teaching, so each `initial_*` field repeats it; `total_hours_left` is what is
   * still free after this allocation and any confirmed load in other branches.
   */
  max_hours: hours.optional(),
  /** Rollbook addition: true when `max_hours` is the institution's default, not set for this teacher. */
  max_hours_is_default: z.boolean().optional(),
});
export type TeacherLoad = z.infer<typeof TeacherLoadSchema>;

/**
 * `get_subject_allocation_context` payload (§10.10). `teacher_to_subject_map` is a ONE-element
 * array holding a map keyed by teacher slug, as the client indexes `[0]`.
 */
export const AllocationContextSchema = z.object({
  subject_to_teacher_map: SubjectToTeacherMapSchema,
  teacher_to_subject_map: z.tuple([z.record(z.string(), TeacherLoadSchema)]),
  /**
   * Rollbook addition (clients may ignore it): what the allocation covers (the active semesters of
   * the admin's branches that have divisions, each with its term) and whether each is confirmed.
   */
  scope: z
    .object({
      semesters: z.array(
        z.object({ slug: z.string(), label: z.string(), term: z.string(), confirmed: z.boolean() }),
      ),
      /**
       * The terms the admin may look at: the current allocation (`key` null) and each past term
       * whose semesters kept an allocation (`key` for the `term` query), newest first.
       */
      terms: z.array(z.object({ key: z.string().nullable(), label: z.string() })).optional(),
      /** True for a past term's allocation: it can be read and downloaded, not changed. */
      read_only: z.boolean().optional(),
    })
    .optional(),
});
export type AllocationContext = z.infer<typeof AllocationContextSchema>;

/** A past term's key: its academic year (or `unset`) and half, e.g. `2025-26-odd`. */
export const ALLOCATION_TERM_KEY = /^[0-9A-Za-z-]{1,24}-(?:odd|even)$/;

/**
 * Rollbook addition to `get_subject_allocation_context` and the allocation spreadsheet: `term`
 * picks a past term's allocation (read only); without it the current allocation is answered.
 */
export const AllocationTermQuerySchema = z.object({
  term: z.string().regex(ALLOCATION_TERM_KEY, 'term must be a term key such as 2025-26-odd').optional(),
});
export type AllocationTermQuery = z.infer<typeof AllocationTermQuerySchema>;

/** `confirm_subject_allocation/` body: the admin-edited subject-side map. */
export const ConfirmSubjectAllocationBodySchema = z.object({
  subject_to_teacher_map: SubjectToTeacherMapSchema,
});
export type ConfirmSubjectAllocationBody = z.infer<typeof ConfirmSubjectAllocationBodySchema>;

/** A teacher's own allocated hours per subject with co-teachers (teacher view). */
export const TeacherAllocationRowSchema = z.object({
  subject: z.object({ slug: z.string(), subject_name: z.string() }),
  theory: hours,
  practical: hours,
  tutorial: hours,
  other_teachers: z.array(
    z.object({
      teacher: z.object({ slug: z.string(), profile: z.object({ name: z.string() }) }),
      theory: hours,
      practical: hours,
      tutorial: hours,
    }),
  ),
});
export type TeacherAllocationRow = z.infer<typeof TeacherAllocationRowSchema>;

/** Body of the Rollbook addition `set_teacher_max_hours/`: `null` returns to the default. */
export const SetTeacherMaxHoursBodySchema = z.object({
  teacher_slug: z.string().min(1),
  max_hours: z
    .number()
    .int('The maximum must be a whole number of hours')
    .min(0)
    .max(TEACHER_MAX_HOURS_LIMIT)
    .nullable(),
});
export type SetTeacherMaxHoursBody = z.infer<typeof SetTeacherMaxHoursBodySchema>;

/** Reply of `set_teacher_max_hours/`: the weekly maximum now in force. */
export const TeacherMaxHoursSchema = z.object({
  teacher_slug: z.string(),
  max_hours: hours,
  max_hours_is_default: z.boolean(),
});
export type TeacherMaxHours = z.infer<typeof TeacherMaxHoursSchema>;

/** A teacher as the timetable-disagreement list names them. */
const NamedTeacherSchema = z.object({ slug: z.string(), name: z.string(), teacher_code: z.string() });

/**
 * Rollbook addition `get_timetable_disagreements`: one weekly lecture of the master timetable
 * whose teacher is not among the teachers the confirmed allocation gives that subject in that
 * division (`allocated_teachers`, never empty: a subject allocated to nobody is not listed).
 */
export const TimetableDisagreementSchema = z.object({
  semester: z.string(),
  division: z.string(),
  subject: z.object({ slug: z.string(), subject_name: z.string(), subject_code: z.string() }),
  day: z.enum(WEEK_DAYS),
  /** `HH:MM`, 24-hour. */
  start_time: z.string(),
  end_time: z.string(),
  type: z.enum(LECTURE_TYPES),
  /** Batch names of a lab or practical; empty for theory (the whole division). */
  batches: z.array(z.string()),
  timetable_teacher: NamedTeacherSchema,
  allocated_teachers: z.array(NamedTeacherSchema).min(1),
});
export type TimetableDisagreement = z.infer<typeof TimetableDisagreementSchema>;

/**
 * Reply of `get_timetable_disagreements`: the current confirmed semesters of the admin's branches
 * that were compared (labels; empty when nothing is confirmed) and every lecture that disagrees.
 */
export const TimetableDisagreementsSchema = z.object({
  confirmed_semesters: z.array(z.string()),
  lectures: z.array(TimetableDisagreementSchema),
});
export type TimetableDisagreements = z.infer<typeof TimetableDisagreementsSchema>;
