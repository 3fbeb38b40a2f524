import { z } from 'zod';
import { LECTURE_TYPES, SESSION_STATUSES, WEEK_DAYS } from '../constants';
import { BranchRefSchema, IsoDateSchema } from './common';

/** A lecture kind; anything but `theory` is shown as a batch lecture. */
export const LectureTypeSchema = z.enum(LECTURE_TYPES);
/** Session lifecycle state. */
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
/** A lower-case weekday. */
export const WeekDaySchema = z.enum(WEEK_DAYS);

/** A room a lecture can take place in. */
export const ClassroomSchema = z.object({ slug: z.string(), class_name: z.string() });
export type Classroom = z.infer<typeof ClassroomSchema>;

/** A division as embedded in a batch. */
export const DivisionRefSchema = z.object({
  division_name: z.string(),
  slug: z.string(),
  full_name: z.string().optional(),
});
export type DivisionRef = z.infer<typeof DivisionRefSchema>;

/** A lab batch; theory cards show `batches[0].division.division_name`. */
export const BatchSchema = z.object({
  slug: z.string(),
  batch_name: z.string(),
  division: DivisionRefSchema,
});
export type Batch = z.infer<typeof BatchSchema>;

/** The session of a lecture on one day (§6.0). The teacher card needs `classroom_final`. */
export const SessionRefSchema = z.object({
  session_id: z.string(),
  active: SessionStatusSchema,
  day: IsoDateSchema,
  created_at: z.string().optional(),
  classroom_final: ClassroomSchema.nullable(),
});
export type SessionRef = z.infer<typeof SessionRefSchema>;

/** A lecture as the teacher sees it. `session` is never null: the card dereferences it unguarded. */
export const LectureTeacherSchema = z.object({
  slug: z.string(),
  type: LectureTypeSchema,
  start_time: z.string(),
  end_time: z.string(),
  is_active: z.boolean(),
  is_proxy: z.boolean().optional(),
  subject: z.object({
    slug: z.string(),
    subject_map: z.looseObject({ subject_name: z.string(), subject_code: z.string() }),
    semester: z.object({ slug: z.string().optional(), no: z.number().int() }),
  }),
  teacher: z.object({
    slug: z.string(),
    profile: z.looseObject({ name: z.string() }),
    teacher_code: z.string(),
  }),
  classroom: ClassroomSchema,
  batches: z.array(BatchSchema),
  session: SessionRefSchema,
});
export type LectureTeacher = z.infer<typeof LectureTeacherSchema>;

/**
 * A lecture as the student sees it. Unlike the teacher view, `teacher` is a display name string.
 */
export const LectureStudentSchema = z.object({
  slug: z.string(),
  type: LectureTypeSchema,
  start_time: z.string(),
  end_time: z.string(),
  subject: z.object({
    subject_map: z.looseObject({ subject_name: z.string(), subject_code: z.string() }),
    semester: z.object({ no: z.number().int() }),
  }),
  teacher: z.string().nullable(),
  classroom: ClassroomSchema.nullable(),
  batches: z.array(BatchSchema),
  session: SessionRefSchema.nullable(),
  attendance_marked: z.boolean(),
});
export type LectureStudent = z.infer<typeof LectureStudentSchema>;

/**
 * One entry of the student timetable (§6.1). Lectures sit directly at `timetables[].lectures`,
 * not under `schedule` as the original backend nested them.
 */
export const StudentTimetableEntrySchema = z.object({
  stream: z.object({ title: z.string(), stream_code: z.string(), slug: z.string(), branch: BranchRefSchema }),
  timetables: z.array(
    z.object({
      slug: z.string().optional(),
      division: z.looseObject({ division_name: z.string() }).optional(),
      lectures: z.array(LectureStudentSchema),
    }),
  ),
});
export type StudentTimetableEntry = z.infer<typeof StudentTimetableEntrySchema>;

/** A division of the teacher timetable with that day's schedule (or `null`). */
export const TeacherTimetableDivisionSchema = z.object({
  division_name: z.string(),
  slug: z.string().optional(),
  timetable: z.object({
    slug: z.string().optional(),
    schedule: z
      .object({ day: z.string(), slug: z.string().optional(), lectures: z.array(LectureTeacherSchema) })
      .nullable(),
  }),
});

/**
 * One branch of the teacher timetable (§6.4). Only `streams[0]` is read by the client, so all of
 * a teacher's semesters of a branch go under the first stream.
 */
export const TeacherTimetableBranchSchema = z.object({
  branch_name: z.string(),
  slug: z.string(),
  streams: z.array(
    z.object({
      title: z.string().optional(),
      slug: z.string().optional(),
      semesters: z.array(
        z.object({
          slug: z.string().optional(),
          no: z.number().int(),
          divisions: z.array(TeacherTimetableDivisionSchema),
        }),
      ),
    }),
  ),
});
export type TeacherTimetableBranch = z.infer<typeof TeacherTimetableBranchSchema>;

/** `{day}` path segment of the teacher timetable: `current` or a lower-case weekday. */
export const TeacherTimetableDaySchema = z.enum(['current', ...WEEK_DAYS], {
  error: 'day must be "current" or a lower-case weekday (monday ... sunday)',
});

/** A lecture of the admin's master timetable (§10.7). */
export const MasterLectureSchema = z.object({
  slug: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  type: LectureTypeSchema.optional(),
  subject: z.object({
    subject_name: z.string(),
    subject_map: z.looseObject({ subject_name: z.string() }).optional(),
  }),
  teacher: z.looseObject({ teacher_code: z.string() }),
  batches: z.array(z.looseObject({ batch_name: z.string() })),
  classroom: z.looseObject({ class_name: z.string() }),
});
export type MasterLecture = z.infer<typeof MasterLectureSchema>;

/** The weekly master timetable of one division. Days are shown raw (e.g. `MONDAY`). */
export const DivisionTimetableSchema = z.object({
  slug: z.string().optional(),
  division: z.looseObject({ division_name: z.string() }).optional(),
  schedules: z.array(
    z.object({ day: z.string(), slug: z.string().optional(), lectures: z.array(MasterLectureSchema) }),
  ),
});
export type DivisionTimetable = z.infer<typeof DivisionTimetableSchema>;

/** What the master-timetable upload reports (the original client does not read it). */
export const TimetableUploadReportSchema = z.object({
  logs: z.array(z.string()),
  register_count: z.number().int(),
  error_count: z.number().int(),
});
export type TimetableUploadReport = z.infer<typeof TimetableUploadReportSchema>;
