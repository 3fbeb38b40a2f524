import { z } from 'zod';
import { isCalendarDate } from './common';

/**
 * Institution settings and classrooms (Rollbook additions, issue 15): what an institution admin
 * sets up without SQL. Request schemas carry sentences a person understands, because the web form
 * shows them beside the field and the server answers them in the error envelope.
 */

/** The most minutes a session start margin may be (a whole day), as the server setting allows. */
export const SESSION_START_MARGIN_MAX_MINUTES = 24 * 60;
/** The smallest and largest attendance geofence around a classroom, in metres. */
export const CLASSROOM_RADIUS_LIMITS_M = { min: 10, max: 1000 } as const;
/** The largest classroom capacity accepted (a stadium is not a classroom). */
export const CLASSROOM_CAPACITY_MAX = 10_000;
/** A classroom further than this from the campus point is flagged: its coordinates are probably wrong. */
export const CLASSROOM_FAR_FROM_CAMPUS_M = 1000;
/** The longest correction window a teacher may be given, in days. */
export const CORRECTION_WINDOW_MAX_DAYS = 365;
/** The shortest and longest time raw recordings and exact positions may be kept, in days. */
export const RECORDING_RETENTION_LIMITS_DAYS = { min: 1, max: 3650 } as const;
/** How an excused absence counts in percentages (see `EXCUSED_COUNTS_AS_LABELS`). */
export const EXCUSED_COUNTS_AS = ['excluded', 'present', 'absent'] as const;
export type ExcusedCountsAs = (typeof EXCUSED_COUNTS_AS)[number];
/** Each way of counting excused absences, in words. */
export const EXCUSED_COUNTS_AS_LABELS: Record<ExcusedCountsAs, string> = {
  excluded: 'Left out of the percentage',
  present: 'Counted as attended',
  absent: 'Counted as absent',
};
/**
 * The session tone's band an institution may choose (docs/decisions/sessions-0006): near-ultrasonic
 * (from 15 kHz), no higher than 20 kHz so that the two-way check's band above it (up to 1.5 kHz
 * higher) still fits a 44.1 kHz recording, and at least `minWidthHz` wide (three sub-bands of
 * 800 Hz: narrower chirps are harder to find).
 */
export const TONE_BAND_LIMITS_HZ = { min: 15000, max: 20000, minWidthHz: 2400 } as const;

/** Why a tone band is refused, or null when the engine can use it. */
export function toneBandProblem(lowHz: number, highHz: number): string | null {
  const { min, max, minWidthHz } = TONE_BAND_LIMITS_HZ;
  if (!Number.isInteger(lowHz) || !Number.isInteger(highHz)) return 'The tone band must be whole hertz';
  if (lowHz < min || highHz > max) return `The tone band must lie between ${min} and ${max} Hz`;
  if (highHz - lowHz < minWidthHz) return `The tone band must be at least ${minWidthHz} Hz wide`;
  return null;
}

/** What a syllabus URL template holds where the subject code goes. */
export const SYLLABUS_CODE_PLACEHOLDER = '{code}';
const SYLLABUS_TEMPLATE_MAX_LENGTH = 500;

/**
 * A subject's syllabus link from a template: every `{code}` replaced by the subject code, encoded
 * so that an odd code can never change the URL's path or add a query string.
 */
export function syllabusUrlFromTemplate(template: string, subjectCode: string): string {
  return template.replaceAll(SYLLABUS_CODE_PLACEHOLDER, encodeURIComponent(subjectCode));
}

// An IANA name: "UTC", "Asia/Kolkata", "America/Argentina/Buenos_Aires". Intl alone would also take
// offsets such as "+05:30", which are not zones (no daylight-saving rules).
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** Whether `zone` is an IANA time zone this runtime knows (checked with Intl, as dates are computed). */
export function isIanaTimeZone(zone: string): boolean {
  if (!IANA_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Why a syllabus URL template is refused, or null when it is a usable https URL with `{code}`. */
export function syllabusTemplateProblem(template: string): string | null {
  if (!template.includes(SYLLABUS_CODE_PLACEHOLDER)) {
    return `The syllabus URL must contain ${SYLLABUS_CODE_PLACEHOLDER} where the subject code goes`;
  }
  let url: URL;
  try {
    url = new URL(syllabusUrlFromTemplate(template, 'CODE'));
  } catch {
    return 'The syllabus URL is not a valid URL';
  }
  if (url.protocol !== 'https:') return 'The syllabus URL must start with https://';
  if (url.hostname === '') return 'The syllabus URL must name a host';
  return null;
}

function numberField(label: string, min: number, max: number, unit = '') {
  const range = `between ${min} and ${max}${unit}`;
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .min(min, { error: `${label} must be ${range}` })
    .max(max, { error: `${label} must be ${range}` });
}

function wholeNumberField(label: string, min: number, max: number, unit = '') {
  return numberField(label, min, max, unit).int({ error: `${label} must be a whole number` });
}

/** A point on the earth in decimal degrees. */
export const CampusPointSchema = z.object({
  latitude: numberField('Latitude', -90, 90),
  longitude: numberField('Longitude', -180, 180),
});
export type CampusPoint = z.infer<typeof CampusPointSchema>;

/** A session tone's band in hertz. */
export const ToneBandSchema = z
  .object({
    low_hz: numberField('The tone band start', 0, 100_000, ' Hz'),
    high_hz: numberField('The tone band end', 0, 100_000, ' Hz'),
  })
  .superRefine((band, ctx) => {
    const problem = toneBandProblem(band.low_hz, band.high_hz);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type ToneBand = z.infer<typeof ToneBandSchema>;

/** The institution's settings as an admin sees them. */
export const InstitutionSettingsSchema = z.object({
  name: z.string(),
  /** Set when the institution was created; the workbook and the operator commands name it. */
  code: z.string(),
  time_zone: z.string(),
  campus: CampusPointSchema.nullable(),
  /** Minutes before a lecture's start its session may be started; null: the server's setting. */
  session_start_early_minutes: z.number().int().nullable(),
  /** Minutes after a lecture's end its session may still be started; null: the server's setting. */
  session_start_late_minutes: z.number().int().nullable(),
  /** The server's settings (SESSION_START_EARLY_MINUTES / _LATE_MINUTES), used where the above are null. */
  server_session_start_early_minutes: z.number().int(),
  server_session_start_late_minutes: z.number().int(),
  /** Teachers may start a lecture's session at any hour of its day (the demo's setting). */
  session_window_always_open: z.boolean(),
  /** The attendance percentage reports hold students to. */
  attendance_threshold_percent: z.number().int(),
  /** A https URL with `{code}` where a subject's syllabus lives; null: no syllabus links. */
  syllabus_url_template: z.string().nullable(),
  /** Days after a session its teacher may still correct a mark (admins have no limit). */
  correction_window_days: z.number().int(),
  /** How excused absences count in percentages. */
  excused_counts_as: z.enum(EXCUSED_COUNTS_AS),
  /** Days raw recordings and exact positions are kept (verdicts and metrics stay). */
  recording_retention_days: z.number().int(),
  /** Admins get their branch's detention list before this date; null: no such notice. */
  detention_notice_date: z.string().nullable(),
  /** The band of new sessions' tone; null: the server's (TONE_BAND_LOW_HZ / _HIGH_HZ). */
  tone_band: z.object({ low_hz: z.number().int(), high_hz: z.number().int() }).nullable(),
  /** The server's band, used where the above is null. */
  server_tone_band: z.object({ low_hz: z.number().int(), high_hz: z.number().int() }),
  /**
   * The two-way check: students' phones (our web app) answer with a short challenge the teacher's
   * microphone must hear. Marks without it (the original client) go to the teacher's review.
   */
  two_way_check: z.boolean(),
  /**
   * With the two-way check on: in a session whose teacher's microphone cannot hear the phones'
   * answer (or before it was measured), marks go to the teacher's review instead of being judged on
   * the other checks. Off: such marks are judged without the two-way check, and say so.
   */
  two_way_check_required: z.boolean(),
  /**
   * Marks whose session tone cannot show when the recording was made (the server does not observe
   * when the tone plays: the original app on a phone loops a file its 16 kHz microphone stream cannot
   * hear; the original web app until its file is heard in its stream; our web app before its first
   * clock report) go to the teacher's review instead of being confirmed by the room sound, which a
   * phone call from the room can also carry. Off: the room sound confirms them.
   */
  review_untimed_tone: z.boolean(),
  /** Whether the caller may change them (institution admins); branch admins only read them. */
  editable: z.boolean(),
});
export type InstitutionSettings = z.infer<typeof InstitutionSettingsSchema>;

const marginField = (label: string) =>
  wholeNumberField(label, 0, SESSION_START_MARGIN_MAX_MINUTES, ' minutes').nullable();

/** Body of the settings update: every setting, as the form shows them (a full replacement). */
export const UpdateInstitutionSettingsBodySchema = z.object({
  name: z
    .string({ error: 'The name is required' })
    .trim()
    .min(1, { error: 'The name must not be empty' })
    .max(120, { error: 'The name must be at most 120 characters' }),
  time_zone: z
    .string({ error: 'The time zone is required' })
    .trim()
    .refine(isIanaTimeZone, { error: 'The time zone must be an IANA time zone such as Asia/Kolkata' }),
  /** Null: no campus point (classrooms then show no distance). */
  campus: CampusPointSchema.nullable(),
  session_start_early_minutes: marginField('The minutes before the lecture'),
  session_start_late_minutes: marginField('The minutes after the lecture'),
  session_window_always_open: z.boolean({ error: 'Whether the session window is always open is required' }),
  attendance_threshold_percent: wholeNumberField('The attendance threshold', 1, 100, ' %'),
  /** Empty (or null) for no syllabus links. */
  syllabus_url_template: z
    .string({ error: 'The syllabus URL must be text (empty for none)' })
    .trim()
    .max(SYLLABUS_TEMPLATE_MAX_LENGTH, {
      error: `The syllabus URL must be at most ${SYLLABUS_TEMPLATE_MAX_LENGTH} characters`,
    })
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : syllabusTemplateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable(),
  correction_window_days: wholeNumberField('The correction window', 0, CORRECTION_WINDOW_MAX_DAYS, ' days'),
  excused_counts_as: z.enum(EXCUSED_COUNTS_AS, {
    error: 'How excused absences count must be excluded, present or absent',
  }),
  recording_retention_days: wholeNumberField(
    'The recording retention',
    RECORDING_RETENTION_LIMITS_DAYS.min,
    RECORDING_RETENTION_LIMITS_DAYS.max,
    ' days',
  ),
  /** Empty (or null) for no detention notice. */
  detention_notice_date: z
    .string({ error: 'The detention notice date must be a date (YYYY-MM-DD), empty for none' })
    .trim()
    .refine((d) => d === '' || isCalendarDate(d), {
      error: 'The detention notice date must be a date (YYYY-MM-DD), empty for none',
    })
    .nullable(),
  /** Null: the server's band. Left out: unchanged (clients older than the setting). */
  tone_band: ToneBandSchema.nullable().optional(),
  /** Left out: unchanged. */
  two_way_check: z.boolean({ error: 'Whether the two-way check is on must be true or false' }).optional(),
  /** Left out: unchanged (off when the two-way check is turned off). */
  two_way_check_required: z
    .boolean({ error: 'Whether the two-way check is required must be true or false' })
    .optional(),
  /** Left out: unchanged. */
  review_untimed_tone: z
    .boolean({ error: 'Whether marks the tone cannot time go to review must be true or false' })
    .optional(),
});
export type UpdateInstitutionSettingsBody = z.infer<typeof UpdateInstitutionSettingsBodySchema>;
export type UpdateInstitutionSettingsInput = z.input<typeof UpdateInstitutionSettingsBodySchema>;

export const ClassroomKindSchema = z.enum(['classroom', 'lab'], {
  error: 'The kind must be classroom or lab',
});
export type ClassroomKind = z.infer<typeof ClassroomKindSchema>;

/** A branch of the institution, as the classroom form offers them. */
export const InstitutionBranchSchema = z.object({
  slug: z.string(),
  branch_name: z.string(),
  branch_code: z.string(),
});
export type InstitutionBranch = z.infer<typeof InstitutionBranchSchema>;

/** A classroom or lab with its geofence, its branches and how far it lies from the campus point. */
export const InstitutionClassroomSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: ClassroomKindSchema,
  latitude: z.number(),
  longitude: z.number(),
  radius_m: z.number().int(),
  capacity: z.number().int().nullable(),
  branches: z.array(InstitutionBranchSchema),
  /** Metres from the campus point (rounded); null when the institution has no campus point. */
  distance_m: z.number().int().nullable(),
  /** Further than CLASSROOM_FAR_FROM_CAMPUS_M from the campus point: check its coordinates. */
  far_from_campus: z.boolean(),
});
export type InstitutionClassroom = z.infer<typeof InstitutionClassroomSchema>;

/** The classrooms page: every room of the institution, the campus point and the branches. */
export const InstitutionClassroomListSchema = z.object({
  campus: CampusPointSchema.nullable(),
  far_from_campus_m: z.number().int(),
  classrooms: z.array(InstitutionClassroomSchema),
  branches: z.array(InstitutionBranchSchema),
  /** Whether the caller may add and edit rooms (institution admins); branch admins only read. */
  editable: z.boolean(),
});
export type InstitutionClassroomList = z.infer<typeof InstitutionClassroomListSchema>;

/** Body of adding or editing a classroom. */
export const ClassroomBodySchema = z.object({
  name: z
    .string({ error: 'The name is required' })
    .trim()
    .min(1, { error: 'The name must not be empty' })
    .max(60, { error: 'The name must be at most 60 characters' }),
  kind: ClassroomKindSchema,
  latitude: numberField('Latitude', -90, 90),
  longitude: numberField('Longitude', -180, 180),
  radius_m: wholeNumberField(
    'The radius',
    CLASSROOM_RADIUS_LIMITS_M.min,
    CLASSROOM_RADIUS_LIMITS_M.max,
    ' metres',
  ),
  capacity: z
    .number({ error: 'The capacity must be a number (or null when unknown)' })
    .int({ error: 'The capacity must be a whole number' })
    .min(1, { error: 'The capacity must be a positive number' })
    .max(CLASSROOM_CAPACITY_MAX, { error: `The capacity must be at most ${CLASSROOM_CAPACITY_MAX}` })
    .nullable(),
  /** Branch codes of the institution whose lectures may use the room; empty: every branch. */
  branch_codes: z
    .array(z.string().trim().min(1, { error: 'A branch code must not be empty' }), {
      error: 'The branches must be a list of branch codes',
    })
    .max(200, { error: 'At most 200 branches' }),
});
export type ClassroomBody = z.infer<typeof ClassroomBodySchema>;
export type ClassroomInput = z.input<typeof ClassroomBodySchema>;
