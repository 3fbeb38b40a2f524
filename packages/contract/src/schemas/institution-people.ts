import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants';
import {
  booleanField,
  IsoDateSchema,
  isCalendarDate,
  requiredString,
  slugField,
  slugListField,
} from './common';

/** The most batches one placement can name (a core batch and the semester's electives). */
export const PLACEMENT_BATCHES_MAX = 12;

/** The people an admin manages: teachers and students (admins are set up by the operator command). */
export const PERSON_ROLES = ['teacher', 'student'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

/** List filters by account state: active, deactivated, or active but never signed in. */
export const PERSON_STATUSES = ['active', 'inactive', 'not_signed_in'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** Rows per page when the caller does not say. */
export const PEOPLE_PAGE_SIZE = 25;
/** Longest search text. */
export const PEOPLE_SEARCH_MAX_LENGTH = 100;

/**
 * A cell that a spreadsheet would run as a formula starts with one of these. People's emails end up
 * in exports, so an address starting with one is refused rather than neutralised later.
 */
const FORMULA_START = /^[=+\-@]/;

/**
 * Whether a person's sign-in email passes the People page's rule: the address pattern, and no
 * spreadsheet formula lead (= + - @). The workbook import and the operator's tools use it too, so
 * no way in accepts an address another refuses.
 */
export function isPersonEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email) && !FORMULA_START.test(email);
}

/** A person's e-mail: the client's pattern, and never formula-like. */
export const personEmailField = z
  .string({
    error: (issue) => (issue.input === undefined ? 'email is required' : 'email must be a string'),
  })
  .trim()
  .max(254, { error: 'email must be at most 254 characters' })
  .refine((value) => !FORMULA_START.test(value), {
    error: 'An email address must not start with =, +, - or @',
    abort: true,
  })
  .regex(EMAIL_PATTERN, { error: 'Please enter a valid email address' });

const personNameField = requiredString('name').max(120, { error: 'name must be at most 120 characters' });

/** The code heading a teacher's column in the master timetable (e.g. CST). */
export const TEACHER_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$/;
const teacherCodeField = requiredString('teacher_code').regex(TEACHER_CODE_PATTERN, {
  error: 'teacher_code must be 1-16 letters or digits (. _ - allowed after the first)',
});

/** A student's enrolment number as the university writes it. */
export const ENROLLMENT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,29}$/;
const enrollmentField = requiredString('enrollment').regex(ENROLLMENT_PATTERN, {
  error: 'enrollment must be 1-30 letters or digits (/ _ - allowed after the first)',
});

/** A branch as a person row shows it. */
export const PersonBranchSchema = z.object({
  slug: z.string(),
  branch_name: z.string(),
  branch_code: z.string(),
});
export type PersonBranch = z.infer<typeof PersonBranchSchema>;

/** One teacher or student of the People page. Timestamps are ISO 8601. */
export const PersonSchema = z.object({
  slug: z.string(),
  role: z.enum(PERSON_ROLES),
  name: z.string().nullable(),
  email: z.string(),
  is_active: z.boolean(),
  /** When the last invitation was sent; null: never invited. */
  invited_at: z.string().nullable(),
  /** Null: has never signed in. */
  last_login_at: z.string().nullable(),
  teacher_code: z.string().nullable(),
  enrollment: z.string().nullable(),
  /** A teacher's branches (first: their main one), or the student's branch. */
  branches: z.array(PersonBranchSchema),
  stream: z.object({ slug: z.string(), title: z.string(), stream_code: z.string() }).nullable(),
  semester: z
    .object({ slug: z.string(), no: z.number().int(), academic_year: z.string().nullable() })
    .nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** `GET /institution/people` query. */
export const PeopleListQuerySchema = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(PEOPLE_SEARCH_MAX_LENGTH, { error: `q must be at most ${PEOPLE_SEARCH_MAX_LENGTH} characters` })
    .optional(),
  role: z.enum(PERSON_ROLES, { error: 'role must be teacher or student' }).optional(),
  status: z.enum(PERSON_STATUSES, { error: 'status must be active, inactive or not_signed_in' }).optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(100_000, { error: 'page must be at most 100000' })
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number' })
    .int({ error: 'page_size must be a whole number' })
    .min(1, { error: 'page_size must be at least 1' })
    .max(100, { error: 'page_size must be at most 100' })
    .default(PEOPLE_PAGE_SIZE),
});
export type PeopleListQuery = z.input<typeof PeopleListQuerySchema>;

/** One page of people, with the count the "invite everyone who has not signed in" action would reach. */
export const PeoplePageSchema = z.object({
  people: z.array(PersonSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** Active people of the caller's branches who have never signed in (whatever the filters). */
  not_signed_in: z.number().int(),
});
export type PeoplePage = z.infer<typeof PeoplePageSchema>;

/** The branches, streams and current semesters an admin may place people in. */
export const PeopleOptionsSchema = z.object({
  branches: z.array(
    PersonBranchSchema.extend({
      streams: z.array(
        z.object({
          slug: z.string(),
          title: z.string(),
          stream_code: z.string(),
          semesters: z.array(
            z.object({ slug: z.string(), no: z.number().int(), academic_year: z.string().nullable() }),
          ),
        }),
      ),
    }),
  ),
});
export type PeopleOptions = z.infer<typeof PeopleOptionsSchema>;

const sendInvitationField = booleanField('send_invitation').optional().default(false);

/** `POST /institution/people/` body for a teacher. */
export const AddTeacherBodySchema = z.object({
  role: z.literal('teacher'),
  name: personNameField,
  email: personEmailField,
  teacher_code: teacherCodeField,
  branch_slugs: slugListField('branch_slugs', 1).max(50, { error: 'branch_slugs must list at most 50' }),
  send_invitation: sendInvitationField,
});

/** `POST /institution/people/` body for a student; the stream comes from the semester. */
export const AddStudentBodySchema = z.object({
  role: z.literal('student'),
  name: personNameField,
  email: personEmailField,
  enrollment: enrollmentField,
  branch_slug: slugField('branch_slug'),
  semester_slug: slugField('semester_slug').nullable().optional(),
  send_invitation: sendInvitationField,
});

/** `POST /institution/people/` body: a teacher or a student, with no usable password. */
export const AddPersonBodySchema = z.discriminatedUnion(
  'role',
  [AddTeacherBodySchema, AddStudentBodySchema],
  {
    error: 'role must be teacher or student',
  },
);
export type AddPersonBody = z.input<typeof AddPersonBodySchema>;

/**
 * `POST /institution/people/{person_slug}/edit/` body: only the fields sent change. Teacher fields
 * (teacher_code, branch_slugs) and student fields (enrollment, branch_slug, semester_slug) apply to
 * that role only; the server refuses the others.
 */
export const EditPersonBodySchema = z
  .object({
    name: personNameField.optional(),
    email: personEmailField.optional(),
    teacher_code: teacherCodeField.optional(),
    branch_slugs: slugListField('branch_slugs', 1)
      .max(50, { error: 'branch_slugs must list at most 50' })
      .optional(),
    enrollment: enrollmentField.optional(),
    branch_slug: slugField('branch_slug').optional(),
    semester_slug: slugField('semester_slug').nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Nothing to change: send at least one field',
  });
export type EditPersonBody = z.input<typeof EditPersonBodySchema>;

/** Path parameter of the one-person calls: the person's public id. */
export const PersonParamsSchema = z.object({ person_slug: slugField('person_slug') });

/** What an invitation call did: mails handed to the mail server, and those it refused. */
export const InvitationResultSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
});
export type InvitationResult = z.infer<typeof InvitationResultSchema>;

/** What adding a person did: the new row, and the invitation when one was asked for (else null). */
export const AddedPersonSchema = z.object({
  person: PersonSchema,
  invitation: InvitationResultSchema.nullable(),
});
export type AddedPerson = z.infer<typeof AddedPersonSchema>;

// ---------------------------------------------------------------------------------------------
// A student's division and batches, placed or moved after the term began (people-0001)

/** A batch a student can be placed in: a core (lab) batch, or an elective's batch. */
export const PlacementBatchSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['core', 'elective']),
  /** The elective's short name or code; null for a core batch. */
  subject: z.string().nullable(),
});
export type PlacementBatch = z.infer<typeof PlacementBatchSchema>;

export const PlacementDivisionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  batches: z.array(PlacementBatchSchema),
});
export type PlacementDivision = z.infer<typeof PlacementDivisionSchema>;

/**
 * `GET /institution/people/{person_slug}/placement/`: where a student is now and where they can go.
 * `since` is the first day of the current division (null: from the start of the term).
 */
export const StudentPlacementSchema = z.object({
  semester: z.object({ slug: z.string(), no: z.number().int(), stream_title: z.string() }),
  division_slug: z.string().nullable(),
  batch_slugs: z.array(z.string()),
  since: z.string().nullable(),
  divisions: z.array(PlacementDivisionSchema),
  /** The institution's date today: the latest first day a placement may have. */
  today: IsoDateSchema,
  /** The semester's first day when it has one: the earliest first day a placement may have. */
  earliest: IsoDateSchema.nullable(),
});
export type StudentPlacement = z.infer<typeof StudentPlacementSchema>;

/**
 * `POST /institution/people/{person_slug}/placement/`: the division, its batches (one core batch
 * where the division has them, at most one batch per elective) and the first day the student
 * belongs there. Memberships that do not change keep their own first day.
 */
export const PlaceStudentBodySchema = z.object({
  division_slug: slugField('division_slug'),
  batch_slugs: z
    .array(slugField('batch_slugs'), { error: 'batch_slugs must be a list of batch slugs' })
    .max(PLACEMENT_BATCHES_MAX, { error: `Choose at most ${PLACEMENT_BATCHES_MAX} batches` }),
  since: z
    .string({ error: 'The first day is required' })
    .refine(isCalendarDate, { error: 'The first day must be a date (YYYY-MM-DD)' }),
});
export type PlaceStudentBody = z.infer<typeof PlaceStudentBodySchema>;
