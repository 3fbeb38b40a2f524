import { z } from 'zod';
import { IsoDateSchema, slugField, slugListField } from './common';
import { ClassroomSchema, LectureStudentSchema, SessionStatusSchema } from './timetable';

/** The longest free title of an instant lecture. */
export const INSTANT_LECTURE_TITLE_MAX_LENGTH = 120;

/**
 * Query of `get_instant_lecture_metadata` (§13): nothing ⇒ the caller's branches, `branch` ⇒ its
 * semesters, `semester` ⇒ its divisions and the caller's subjects, `division` ⇒ its batches. At
 * most one is given.
 */
export const InstantLectureMetadataQuerySchema = z
  .object({
    branch: slugField('branch').optional(),
    semester: slugField('semester').optional(),
    division: slugField('division').optional(),
  })
  .refine((q) => [q.branch, q.semester, q.division].filter((v) => v !== undefined).length <= 1, {
    error: 'Ask for one of branch, semester or division at a time',
  });
export type InstantLectureMetadataQuery = z.infer<typeof InstantLectureMetadataQuerySchema>;

export const InstantBranchOptionSchema = z.object({ slug: z.string(), branch_name: z.string() });
export const InstantSemesterOptionSchema = z.object({ slug: z.string(), no: z.number().int() });
export const InstantDivisionOptionSchema = z.object({ slug: z.string(), division_name: z.string() });
export const InstantSubjectOptionSchema = z.object({
  slug: z.string(),
  subject_map: z.looseObject({ subject_name: z.string() }),
});
export const InstantBatchOptionSchema = z.object({ slug: z.string(), batch_name: z.string() });

/** The divisions and subjects of a semester (`?semester=`). */
export const InstantSemesterOptionsSchema = z.object({
  divisions: z.array(InstantDivisionOptionSchema),
  subjects: z.array(InstantSubjectOptionSchema),
});
export type InstantSemesterOptions = z.infer<typeof InstantSemesterOptionsSchema>;

/** Every shape `get_instant_lecture_metadata` answers, by query. */
export const InstantLectureMetadataSchema = z.union([
  z.array(InstantBranchOptionSchema),
  z.array(InstantSemesterOptionSchema),
  InstantSemesterOptionsSchema,
  z.array(InstantBatchOptionSchema),
]);
export type InstantBranchOption = z.infer<typeof InstantBranchOptionSchema>;
export type InstantSemesterOption = z.infer<typeof InstantSemesterOptionSchema>;
export type InstantBatchOption = z.infer<typeof InstantBatchOptionSchema>;

/**
 * `create_instant_lecture` body (§13): a semester, at least one of its divisions, optionally
 * batches of those divisions, and a timetable subject or a free title (one of the two).
 * `classroom` is Rollbook's own optional field: the room whose position the attendance check uses
 * (the campus point without one).
 */
export const CreateInstantLectureBodySchema = z
  .object({
    semester: slugField('semester'),
    divisions: slugListField('divisions', 1),
    batches: slugListField('batches').optional(),
    subject: slugField('subject').optional(),
    title: z
      .string({ error: 'title must be a string' })
      .trim()
      .max(INSTANT_LECTURE_TITLE_MAX_LENGTH, {
        error: `title must be at most ${INSTANT_LECTURE_TITLE_MAX_LENGTH} characters`,
      })
      .optional(),
    classroom: slugField('classroom').optional(),
  })
  .transform((body) => ({ ...body, title: body.title === '' ? undefined : body.title }))
  .refine((body) => (body.subject === undefined) !== (body.title === undefined), {
    error: 'Give either a subject or a title (one of the two)',
    path: ['subject'],
  });
export type CreateInstantLectureBody = z.infer<typeof CreateInstantLectureBodySchema>;
/** What a client sends to `create_instant_lecture`. */
export type CreateInstantLectureInput = z.input<typeof CreateInstantLectureBodySchema>;

/** An instant lecture as its teacher sees it (§13 `get_instant_lectures_for_teacher`). */
export const InstantLectureTeacherSchema = z.object({
  slug: z.string(),
  title: z.string().optional(),
  subject: z
    .object({ slug: z.string().optional(), subject_map: z.looseObject({ subject_name: z.string() }) })
    .optional(),
  branch: z.string(),
  semester: z.union([z.string(), z.number().int()]),
  divisions: z.array(z.string()),
  batches: z.array(z.string()),
  teacher: z.object({ profile: z.looseObject({ name: z.string() }) }),
  session: z.object({ session_id: z.string(), active: SessionStatusSchema }),
  // Rollbook's own additions.
  day: IsoDateSchema.optional(),
  start_time: z.string().optional(),
  end_time: z.string().optional(),
  classroom: ClassroomSchema.nullable().optional(),
});
export type InstantLectureTeacher = z.infer<typeof InstantLectureTeacherSchema>;

/**
 * An instant lecture as a student of its audience sees it (`get_instant_lectures_for_student`):
 * the timetable's student card with the free title, if any; the session is always there (marking
 * sends its `session_id`).
 */
export const InstantLectureStudentSchema = LectureStudentSchema.extend({
  title: z.string().nullable(),
  session: LectureStudentSchema.shape.session.unwrap(),
});
export type InstantLectureStudent = z.infer<typeof InstantLectureStudentSchema>;

/** Multipart fields of `create_instant_lecture_session/`: the instant lecture's slug. */
export const CreateInstantLectureSessionFieldsSchema = z.object({
  lecture_slug: slugField('lecture_slug'),
});
