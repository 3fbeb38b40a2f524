import { z } from 'zod';
import { IsoDateSchema, slugField } from './common';
import { blankToUndefined, DATE_RANGE_ERROR, optionalDateField, optionalPageField } from './query-fields';
import { AttendanceRecordSchema } from './sessions';

/**
 * A teacher's past sessions and their corrections (issue 16 items 1 and 2): the later client's
 * history calls (contract §13) and Rollbook's own sheet and correction calls.
 */

/** Why an absence is excused (`attendances.excuse`). */
export const ATTENDANCE_EXCUSES = ['leave', 'on_duty', 'medical'] as const;
export type AttendanceExcuse = (typeof ATTENDANCE_EXCUSES)[number];

/** A mark's effective status: excused when an excuse is set, else present or absent. */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** How each excuse reads on a page. */
export const EXCUSE_LABELS: Record<AttendanceExcuse, string> = {
  leave: 'Leave',
  on_duty: 'On duty',
  medical: 'Medical',
};

/** The longest correction reason accepted. */
export const CORRECTION_REASON_MAX_LENGTH = 500;
/** The largest page of sessions one history call answers. */
export const HISTORY_PAGE_SIZE_MAX = 100;
/** The page size when the caller names none. */
export const HISTORY_PAGE_SIZE_DEFAULT = 20;

// ---------------------------------------------------------------------------------------------
// §13 GET /manage/session/get_history_metadata

/** What the history filters offer: everything the caller's held sessions touch. */
export const HistoryMetadataSchema = z.object({
  branches: z.array(z.object({ slug: z.string(), branch_name: z.string() })),
  semesters: z.array(z.object({ slug: z.string(), no: z.number().int(), branch_name: z.string() })),
  divisions: z.array(z.object({ slug: z.string(), division_name: z.string(), full_name: z.string() })),
  subjects: z.array(z.object({ slug: z.string(), subject_name: z.string(), subject_code: z.string() })),
});
export type HistoryMetadata = z.infer<typeof HistoryMetadataSchema>;

// ---------------------------------------------------------------------------------------------
// §13 POST /manage/session/get_sessions_of_teacher

/** A list of slugs to filter by; null, an empty string or an empty list mean "no filter". */
function filterList(field: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .array(slugField(`${field} entry`), { error: `${field} must be a list of ids` })
      .max(200, { error: `${field} may name at most 200 ids` })
      .optional(),
  );
}

/** `page` and `page_size`: the later client means them as a query string, yet a body works too. */
export const HistoryPagingSchema = z.object({
  page: optionalPageField('page', 1_000_000),
  page_size: optionalPageField('page_size', HISTORY_PAGE_SIZE_MAX),
});

/** The filters of `get_sessions_of_teacher` (every one optional) and, optionally, the paging. */
export const SessionsOfTeacherBodySchema = z
  .object({
    subjects: filterList('subjects'),
    start_date: optionalDateField('start_date'),
    end_date: optionalDateField('end_date'),
    semesters: filterList('semesters'),
    branches: filterList('branches'),
    divisions: filterList('divisions'),
  })
  .extend(HistoryPagingSchema.shape)
  .refine((b) => !b.start_date || !b.end_date || b.start_date <= b.end_date, {
    error: DATE_RANGE_ERROR,
    path: ['end_date'],
  });
export type SessionsOfTeacherBody = z.infer<typeof SessionsOfTeacherBodySchema>;
export type SessionsOfTeacherBodyInput = z.input<typeof SessionsOfTeacherBodySchema>;

/** One held session in the history list (§13's fields, then Rollbook's). */
export const SessionHistoryItemSchema = z.object({
  /** The session's public id again (§13 names both; integer keys never leave the server). */
  id: z.string(),
  session_id: z.string(),
  subject_name: z.string(),
  branch: z.string(),
  semester: z.number().int(),
  division: z.string(),
  day: IsoDateSchema,
  weekday: z.string(),
  subject_code: z.string(),
  /** The lecture's teacher (an admin's list spans every teacher of their branches). */
  teacher_name: z.string(),
  /** The lecture's type (theory, lab, practical), or "instant" for an extra lecture's session. */
  type: z.string(),
  /**
   * Rollbook: which lecture the session belongs to, a timetable lecture or an extra ("instant")
   * one. An instant session's subject_name is its free title when it has no subject, and its
   * division lists every division it was for ("A, B").
   */
  kind: z.enum(['timetable', 'instant']),
  start_time: z.string(),
  end_time: z.string(),
  active: z.enum(['ongoing', 'post']),
  student_count: z.number().int().nonnegative(),
  present_count: z.number().int().nonnegative(),
  excused_count: z.number().int().nonnegative(),
  corrected_count: z.number().int().nonnegative(),
});
export type SessionHistoryItem = z.infer<typeof SessionHistoryItemSchema>;

export const SessionsOfTeacherSchema = z.object({
  results: z.array(SessionHistoryItemSchema),
  current_page: z.number().int().min(1),
  num_pages: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
});
export type SessionsOfTeacher = z.infer<typeof SessionsOfTeacherSchema>;

// ---------------------------------------------------------------------------------------------
// §13 GET /manage/session/get_session_data/{session_id}

/** The final attendance of one session, every expected student (marked or not). */
export const SessionDataSchema = z.object({ marked_attendances: z.array(AttendanceRecordSchema) });
export type SessionData = z.infer<typeof SessionDataSchema>;

// ---------------------------------------------------------------------------------------------
// Rollbook: the attendance sheet of a past session, corrections and their trail

/** A mark as a correction sees it. */
export const AttendanceMarkSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  excuse: z.enum(ATTENDANCE_EXCUSES).nullable(),
});
export type AttendanceMark = z.infer<typeof AttendanceMarkSchema>;

/** One expected student of a session and their mark (absent with no row when never marked). */
export const SheetRowSchema = z.object({
  student: z.object({ slug: z.string(), enrollment: z.string(), name: z.string() }),
  status: z.enum(ATTENDANCE_STATUSES),
  excuse: z.enum(ATTENDANCE_EXCUSES).nullable(),
  manual: z.boolean(),
  marking_time: z.string().nullable(),
  /** When the mark was last corrected after the session; null: never corrected. */
  corrected_at: z.string().nullable(),
  correction_count: z.number().int().nonnegative(),
});
export type SheetRow = z.infer<typeof SheetRowSchema>;

/** Whether the caller may correct this session's marks, and until when. */
export const CorrectionPermissionSchema = z.object({
  allowed: z.boolean(),
  /** The last day (the institution's calendar) a teacher may correct; null for admins (no limit). */
  until: IsoDateSchema.nullable(),
  /** Why corrections are closed, in a sentence; null when allowed. */
  message: z.string().nullable(),
});
export type CorrectionPermission = z.infer<typeof CorrectionPermissionSchema>;

export const SessionSheetSchema = z.object({
  session: SessionHistoryItemSchema,
  correction: CorrectionPermissionSchema,
  rows: z.array(SheetRowSchema),
});
export type SessionSheet = z.infer<typeof SessionSheetSchema>;

/** Body of a correction: the new mark and why. */
export const CorrectMarkBodySchema = z
  .object({
    student_slug: slugField('student_slug'),
    status: z.enum(ATTENDANCE_STATUSES, { error: 'status must be present, absent or excused' }),
    excuse: z
      .enum(ATTENDANCE_EXCUSES, { error: 'excuse must be leave, on_duty or medical' })
      .nullable()
      .optional(),
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(3, { error: 'A reason is required (at least 3 characters)' })
      .max(CORRECTION_REASON_MAX_LENGTH, {
        error: `The reason must be at most ${CORRECTION_REASON_MAX_LENGTH} characters`,
      }),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'excused' && !b.excuse) {
      ctx.addIssue({ code: 'custom', path: ['excuse'], message: 'Choose why the absence is excused' });
    }
    if (b.status !== 'excused' && b.excuse) {
      ctx.addIssue({ code: 'custom', path: ['excuse'], message: 'Only an excused mark has an excuse' });
    }
  });
export type CorrectMarkBody = z.infer<typeof CorrectMarkBodySchema>;
export type CorrectMarkBodyInput = z.input<typeof CorrectMarkBodySchema>;

/** One change of the trail. */
export const CorrectionEntrySchema = z.object({
  changed_at: z.string(),
  /** The person who changed it; null when their profile was removed since. */
  changed_by: z.string().nullable(),
  before: AttendanceMarkSchema,
  after: AttendanceMarkSchema,
  reason: z.string(),
});
export type CorrectionEntry = z.infer<typeof CorrectionEntrySchema>;

export const CorrectionTrailSchema = z.array(CorrectionEntrySchema);

/** Path of the per-student calls: a session and one of its students. */
export const SessionStudentParamsSchema = z.object({
  session_id: slugField('session_id'),
  student_slug: slugField('student_slug'),
});
