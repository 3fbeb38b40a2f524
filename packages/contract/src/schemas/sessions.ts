import { z } from 'zod';
import { MANUAL_REQUEST_COMMENT_MAX_LENGTH } from '../constants';
import { DECIMAL_PATTERN, SLUG_PATTERN, booleanField, requiredString, slugField } from './common';
import { LectureTeacherSchema, SessionStatusSchema } from './timetable';

/** One student's attendance row in a live session (§6.0). Scores are null until computed. */
export const AttendanceRecordSchema = z.object({
  slug: z.string(),
  student: z.object({
    slug: z.string().optional(),
    enrollment: z.string(),
    profile: z.object({ name: z.string(), email: z.string().optional(), role: z.string().optional() }),
  }),
  is_present: z.boolean(),
  similarity: z.number().nullable(),
  euclidean_distance: z.number().nullable(),
  ncc: z.number().nullable(),
  magnitude: z.number().nullable(),
  regulization_comment: z.string().nullable(),
  marking_time: z.string().nullable().optional(),
  manual: z.boolean().optional(),
  batch: z.unknown().optional(),
  gps_distance: z.number().nullable().optional(),
  regulization_request: z.boolean().optional(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;

/** The live state pushed as `ongoing_session_data` (§8.3). */
export const OngoingSessionSchema = z.object({
  session_id: z.string(),
  active: z.literal('ongoing'),
  day: z.string(),
  created_at: z.string(),
  lecture: LectureTeacherSchema.optional(),
  student_count: z.number().int().nonnegative(),
  marked_attendances: z.array(AttendanceRecordSchema),
  pending_regulization_requests: z.array(AttendanceRecordSchema),
});
export type OngoingSession = z.infer<typeof OngoingSessionSchema>;

/** The final state of an ended session (`session_ended` INNER data). */
export const EndedSessionSchema = z.object({
  session_id: z.string(),
  active: z.literal('post'),
  marked_attendances: z.array(AttendanceRecordSchema),
});
export type EndedSession = z.infer<typeof EndedSessionSchema>;

/** A text field that must hold a decimal number (multipart fields are always strings). */
function decimalString(field: string, min: number, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a decimal string`,
    })
    .trim()
    .regex(DECIMAL_PATTERN, { error: `${field} must be a decimal number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${field} must be at least ${min}` })
        .max(max, { error: `${field} must be at most ${max}` }),
    );
}

/**
 * Multipart text fields of `mark_attendance_for_student/` (§6.2); the `audio` file comes
 * separately. The current client sends `lecture_slug`, the later one `session_id`: either is
 * accepted but one is required. `start_time` is the ms epoch at which recording started.
 */
export const MarkAttendanceFieldsSchema = z
  .object({
    latitude: decimalString('latitude', -90, 90),
    longitude: decimalString('longitude', -180, 180),
    lecture_slug: slugField('lecture_slug').optional(),
    session_id: slugField('session_id').optional(),
    start_time: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'start_time is required' : 'start_time must be a string',
      })
      .trim()
      .regex(/^\d{1,16}$/, { error: 'start_time must be milliseconds since the epoch' })
      .transform(Number),
    device_id: z.string().max(512).optional(),
    /**
     * Rollbook's own (the original client never sends it): the offset in ms from the device's
     * clock to the server's, measured with round trips to `/sessions/server_time` before
     * recording. When present, `start_time` is already in server time and the server holds it to
     * a tighter tolerance (docs/decisions/sessions-0003-server-anchored-time-and-review.md).
     */
    clock_offset_ms: z
      .string()
      .trim()
      .regex(/^-?\d{1,12}$/, { error: 'clock_offset_ms must be a whole number of milliseconds' })
      .transform(Number)
      .optional(),
    /**
     * Rollbook's own: the two-way challenge this recording played (`POST /sessions/challenge`),
     * when the institution uses the check.
     */
    challenge_attempt: z
      .string()
      .trim()
      .regex(/^[0-9a-z.]{1,120}$/, { error: 'challenge_attempt is not a challenge id' })
      .optional(),
  })
  .refine((fields) => fields.lecture_slug !== undefined || fields.session_id !== undefined, {
    error: 'lecture_slug is required',
    path: ['lecture_slug'],
  });
export type MarkAttendanceFields = z.infer<typeof MarkAttendanceFieldsSchema>;

/** `mark_for_regulization/` body (§6.3): a manual-marking request with the student's comment. */
export const MarkForRegulizationBodySchema = z
  .object({
    lecture_slug: slugField('lecture_slug').optional(),
    session_id: slugField('session_id').optional(),
    regulization_commet: requiredString('regulization_commet').max(MANUAL_REQUEST_COMMENT_MAX_LENGTH, {
      error: `regulization_commet must be at most ${MANUAL_REQUEST_COMMENT_MAX_LENGTH} characters`,
    }),
    device_id: z.string().max(512).optional(),
  })
  .refine((body) => body.lecture_slug !== undefined || body.session_id !== undefined, {
    error: 'lecture_slug is required',
    path: ['lecture_slug'],
  });
export type MarkForRegulizationBody = z.infer<typeof MarkForRegulizationBodySchema>;

/** Query of `get_classroom_allocations`. */
export const ClassroomAllocationQuerySchema = z.object({
  lecture_slug: slugField('lecture_slug'),
  classroom_slug: slugField('classroom_slug'),
});

/** Another lecture already in the chosen room; `teacher` is a display string, not an object. */
export const ClassroomAllocationSchema = z.object({
  associated_lecture: z.looseObject({ teacher: z.string() }).nullable(),
});
export type ClassroomAllocation = z.infer<typeof ClassroomAllocationSchema>;

/** `set_classroom_dynamic/` body (§6.7). */
export const SetClassroomDynamicBodySchema = z.object({
  lecture_slug: slugField('lecture_slug'),
  classroom_slug: slugField('classroom_slug'),
  merge: booleanField('merge'),
});
export type SetClassroomDynamicBody = z.infer<typeof SetClassroomDynamicBodySchema>;

/**
 * Multipart fields of `create_lecture_session/` (§6.8). `classroom_slug` may be empty, meaning
 * "keep the lecture's classroom"; `day` is sent by later clients to start another day's session.
 */
export const CreateLectureSessionFieldsSchema = z.object({
  lecture_slug: slugField('lecture_slug'),
  classroom_slug: z
    .string({ error: 'classroom_slug must be a string' })
    .refine((value) => value === '' || SLUG_PATTERN.test(value), {
      error: 'classroom_slug must be empty or a URL-safe id',
    })
    .optional()
    .default(''),
  day: z.string().optional(),
});
export type CreateLectureSessionFields = z.infer<typeof CreateLectureSessionFieldsSchema>;

/** What starting or joining a session answers; `session_id` equals `lecture.session.session_id`. */
export const CreatedSessionSchema = z.object({
  session_id: z.string(),
  active: SessionStatusSchema,
  audio_url: z.string().regex(/^[^/]/, { error: 'audio_url must be relative' }),
  lecture: LectureTeacherSchema,
  created_at: z.string().optional(),
  student_count: z.number().int().optional(),
  marked_attendances: z.array(AttendanceRecordSchema).optional(),
});
export type CreatedSession = z.infer<typeof CreatedSessionSchema>;
