import { z } from 'zod';
import { BranchRefSchema, IsoDateSchema } from './common';

/** A stream (degree programme of a branch), e.g. BE Computer Engineering (§9.0). */
export const StreamSchema = z.object({
  slug: z.string(),
  title: z.string(),
  stream_code: z.string(),
  branch: BranchRefSchema,
});
export type Stream = z.infer<typeof StreamSchema>;

/** The same subject offered by another branch (selecting one selects all). */
export const SimilarSubjectSchema = z.looseObject({ slug: z.string(), branch_name: z.string() });
export type SimilarSubject = z.infer<typeof SimilarSubjectSchema>;

/**
 * A "permanent subject" row, the same shape wherever a subject list appears (§9.0). Field names
 * keep the original spelling (`acedemic_year`) because the client reads them.
 */
export const SubjectSchema = z.object({
  slug: z.string(),
  subject_name: z.string(),
  subject_code: z.string(),
  short_name: z.string().nullable(),
  category: z.string(),
  sem_year: z.number().int(),
  stream_code: z.string(),
  eff_from: z.string(),
  acedemic_year: z.string(),
  L: z.number().int(),
  T: z.number().int(),
  P: z.number().int(),
  credit: z.number(),
  E: z.number().int(),
  M: z.number().int(),
  I: z.number().int(),
  V: z.number().int(),
  total_marks: z.number().int(),
  is_theory: z.boolean(),
  is_practical: z.boolean(),
  is_semipractical: z.boolean(),
  is_elective: z.boolean(),
  is_functional: z.boolean(),
  is_technical: z.boolean().nullable(),
  practical_exam_duration: z.string(),
  theory_exam_duration: z.string(),
  remark: z.string(),
  ordering: z.number().int().nullable().optional(),
  priority: z.number().int().nullable().optional(),
  similar_subjects: z.array(SimilarSubjectSchema).nullable().optional(),
  teachers: z.array(z.object({ profile__name: z.string() })).optional(),
  /**
   * Rollbook addition (the original client ignores it, and built the link itself from one
   * university's bucket): the subject's syllabus link, from its catalogue row or else the
   * institution's template; null when there is none (the card then shows no link). See
   * docs/decisions/institution-0001-syllabus-links.md.
   */
  syllabus_url: z.string().nullable().optional(),
});
export type Subject = z.infer<typeof SubjectSchema>;

/**
 * A semester with its subject-selection state (§9.2). `subjects` must be `null`, not `[]`, when
 * nothing is selected: the client treats any array as "selected" and hides the year picker.
 */
export const SemesterFullSchema = z.object({
  slug: z.string(),
  no: z.number().int(),
  status: z.boolean().optional(),
  stream: StreamSchema.optional(),
  subjects: z.array(SubjectSchema).min(1).nullable(),
  subjects_locked: z.boolean(),
  deadline_reached: z.boolean().nullable(),
  subject_choice_deadline: IsoDateSchema.nullable(),
  years: z.array(z.string()),
});
export type SemesterFull = z.infer<typeof SemesterFullSchema>;

/** A semester in the short listing of §10.1. */
export const SemesterSummarySchema = z.object({
  slug: z.string(),
  no: z.number().int(),
  status: z.boolean().optional(),
  subjects_locked: z.boolean().optional(),
  deadline_reached: z.boolean().nullable().optional(),
});
export type SemesterSummary = z.infer<typeof SemesterSummarySchema>;

/** An elective category with its interchangeable subjects (§9.7, §11.2). */
export const SubjectCategorySchema = z.object({
  slug: z.string(),
  category: z.string(),
  subjects: z.array(SubjectSchema),
});
export type SubjectCategory = z.infer<typeof SubjectCategorySchema>;

/** An academic year label such as `2023-24` (path segment of §9.3). */
export const ACADEMIC_YEAR_PATTERN = /^\d{4}-\d{2}(\d{2})?$/;
