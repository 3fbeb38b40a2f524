import { z } from 'zod';
import { SubjectCategorySchema, SubjectSchema } from './catalogue';
import { IsoDateSchema, slugField, slugListField } from './common';

/** Unix seconds, as the admin's date pickers send deadlines (possibly fractional). */
function unixSecondsField(field: string) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be unix seconds`,
    })
    .finite()
    .positive({ error: `${field} must be unix seconds` });
}

/**
 * `add_subjects_to_semester/` body (§9.4): lock the selected subjects, optionally with a choice
 * deadline. `non_tech_subjects` is the subset whose "Tech." box was left unchecked.
 */
export const AddSubjectsToSemesterBodySchema = z
  .object({
    semester_slug: slugField('semester_slug'),
    subject_slugs: slugListField('subject_slugs', 1),
    deadline_timestamp: unixSecondsField('deadline_timestamp').nullable(),
    non_tech_subjects: slugListField('non_tech_subjects'),
  })
  .refine((body) => body.non_tech_subjects.every((slug) => body.subject_slugs.includes(slug)), {
    error: 'non_tech_subjects must only contain selected subjects',
    path: ['non_tech_subjects'],
  });
export type AddSubjectsToSemesterBody = z.infer<typeof AddSubjectsToSemesterBodySchema>;

/** Body naming one semester (`unlock_subject_choices/`). */
export const SemesterSlugBodySchema = z.object({ semester_slug: slugField('semester_slug') });
export type SemesterSlugBody = z.infer<typeof SemesterSlugBodySchema>;

/** `extend_subject_choice_deadline/` body. */
export const ExtendDeadlineBodySchema = z.object({
  semester_slug: slugField('semester_slug'),
  new_deadline_timestamp: unixSecondsField('new_deadline_timestamp'),
});
export type ExtendDeadlineBody = z.infer<typeof ExtendDeadlineBodySchema>;

/** `extend_subject_choice_deadline/` answer; send `is_changed: true` on success (§12.19). */
export const DeadlineExtensionSchema = z.object({
  is_changed: z.boolean(),
  deadline_timestamp: IsoDateSchema,
});
export type DeadlineExtension = z.infer<typeof DeadlineExtensionSchema>;

/** A teacher who picked a subject, with their ordered picks (§9.8). `finalized_choises` (sic). */
export const TeacherChoiceRowSchema = z.object({
  slug: z.string(),
  profile: z.object({ name: z.string(), email: z.string(), role: z.literal('teacher') }),
  priority: z.number().int().nullable(),
  finalized_choises: z.array(SubjectSchema),
});
export type TeacherChoiceRow = z.infer<typeof TeacherChoiceRowSchema>;

/** A student who picked a subject (§9.9); `slug` is the choice record sent back on delete. */
export const StudentChoiceRowSchema = z.object({
  slug: z.string(),
  profile: z.object({
    slug: z.string(),
    enrollment: z.string(),
    sr_no: z.string().optional(),
    profile: z.object({ name: z.string(), email: z.string(), role: z.literal('student') }),
  }),
  priority: z.number().int().nullable().optional(),
  choices_locked: z.boolean(),
  finalized_choises: z.array(SubjectSchema),
  /**
   * Rollbook addition: why the admin cannot remove this student's picks (the semester's divisions
   * were created from them), null while removal is possible. Old clients ignore it.
   */
  removal_closed_reason: z.string().nullable().optional(),
});
export type StudentChoiceRow = z.infer<typeof StudentChoiceRowSchema>;

/** `unlock_subject_choice_for_student/` body: remove one subject from a student's choices. */
export const UnlockStudentChoiceBodySchema = z.object({
  subject_slug: slugField('subject_slug'),
  subject_choices_slug: slugField('subject_choices_slug'),
});
export type UnlockStudentChoiceBody = z.infer<typeof UnlockStudentChoiceBodySchema>;

/** Its answer; `subject` is the auto-assigned alternative when only one remained. */
export const StudentChoiceUnlockResultSchema = z.object({
  subject_delete: z.boolean(),
  choice_locked: z.boolean().optional(),
  subject: SubjectSchema.nullable().optional(),
});
export type StudentChoiceUnlockResult = z.infer<typeof StudentChoiceUnlockResultSchema>;

/** One teacher of the "Teacher to subject map" panel (§9.11). */
export const TeacherSubjectMapEntrySchema = z.object({
  teacher: z.object({ slug: z.string(), profile: z.object({ name: z.string() }) }),
  selected_subjects: z
    .array(
      z.object({
        stream_name: z.string(),
        choices_locked: z.boolean(),
        subjects: z.array(
          z.object({
            subject_name: z.string(),
            sem_year: z.number().int(),
            subject_code: z.string(),
            ordering: z.number().int(),
          }),
        ),
      }),
    )
    .nullable(),
});
export type TeacherSubjectMapEntry = z.infer<typeof TeacherSubjectMapEntrySchema>;

/** `unlock_subject_choices_for_teacher/` body. */
export const UnlockTeacherChoicesBodySchema = z.object({ teacher_slug: slugField('teacher_slug') });
export type UnlockTeacherChoicesBody = z.infer<typeof UnlockTeacherChoicesBodySchema>;

/** Its answer. */
export const TeacherChoicesUnlockResultSchema = z.object({ choices_unlocked: z.boolean() });

/** Subjects grouped under a stream display label (also the anchor id in the client). */
export const StreamSubjectsSchema = z.object({ stream: z.string(), subjects: z.array(SubjectSchema) });
export type StreamSubjects = z.infer<typeof StreamSubjectsSchema>;

/** A teacher's subject-choice state across all streams (§11.1). */
export const TeacherSubjectChoicesSchema = z.object({
  subject_choice_deadline: IsoDateSchema.nullable(),
  subject_choices: z.object({
    choices_saved: z.boolean(),
    choices_locked: z.boolean(),
    saved_subjects: z.array(StreamSubjectsSchema),
    available_subjects: z.array(StreamSubjectsSchema),
  }),
  /**
   * Rollbook addition (clients may ignore it): why the teacher cannot choose now (every semester
   * closed), or null while a choice is open.
   */
  closed_reason: z.string().nullable().optional(),
});
export type TeacherSubjectChoices = z.infer<typeof TeacherSubjectChoicesSchema>;

/** `mark_subject_choices_of_teacher/` body: own picks in priority order, then similar subjects. */
export const MarkTeacherChoicesBodySchema = z.object({
  subject_choices: slugListField('subject_choices', 1),
});
export type MarkTeacherChoicesBody = z.infer<typeof MarkTeacherChoicesBodySchema>;

/** A student's elective state (§11.2): one group per elective category. */
export const StudentSubjectChoicesSchema = z.object({
  slug: z.string(),
  choices_locked: z.boolean(),
  choices_saved: z.boolean(),
  deadline_timestamp: IsoDateSchema.nullable(),
  available_choices: z.array(SubjectCategorySchema),
  finalized_choices: z.array(SubjectSchema),
  /**
   * Rollbook addition (clients may ignore it): why the choices cannot be changed now (e.g. the
   * semester's divisions were made from them), or null while they are open.
   */
  closed_reason: z.string().nullable().optional(),
});
export type StudentSubjectChoices = z.infer<typeof StudentSubjectChoicesSchema>;

/** `mark_subject_choices_of_student/` body: one subject slug per elective category. */
export const MarkStudentChoicesBodySchema = z.object({
  subject_choices_slug: slugField('subject_choices_slug'),
  subject_choices: slugListField('subject_choices', 1),
});
export type MarkStudentChoicesBody = z.infer<typeof MarkStudentChoicesBodySchema>;

/** `unsave_subject_choices_for_student/` body. */
export const UnsaveStudentChoicesBodySchema = z.object({
  subject_choices_slug: slugField('subject_choices_slug'),
});
export type UnsaveStudentChoicesBody = z.infer<typeof UnsaveStudentChoicesBodySchema>;

/** The legacy per-semester teacher view (dead in the client; shape of the original backend). */
export const LegacyTeacherSubjectChoicesSchema = z.object({
  slug: z.string(),
  choices_locked: z.boolean(),
  deadline_timestamp: IsoDateSchema.nullable(),
  finalized_choices: z.array(SubjectSchema).optional(),
  available_choices: z.array(SubjectSchema).optional(),
});
export type LegacyTeacherSubjectChoices = z.infer<typeof LegacyTeacherSubjectChoicesSchema>;
