/** The three roles carried in the access token's `obj.profile.role` (contract §3.1). */
export const ROLES = ['admin', 'teacher', 'student'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after login and after a guard mismatch (product spec §2). */
export const HOME_BY_ROLE = {
  admin: '/subject/subject-select',
  teacher: '/teacher-dashboard',
  student: '/student-dashboard',
} as const satisfies Record<Role, string>;

/** Lecture session lifecycle: pre-created, live, ended. */
export const SESSION_STATUSES = ['pre', 'ongoing', 'post'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Lecture kinds. The client only tests `theory`; the original data used `lab`, the spec `practical`. */
export const LECTURE_TYPES = ['theory', 'lab', 'practical'] as const;
export type LectureType = (typeof LECTURE_TYPES)[number];

/** Notification read state; the client splits its list on it. */
export const NOTIFICATION_STATUSES = ['seen', 'unseen'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Notification type codes and the display label sent as `type` next to each (contract §5.3). */
export const NOTIFICATION_TYPES = {
  subject_choice_alert: 'Subject Choice Alert',
  subject_deletion_alert: 'Subject Deletion Alert',
  subject_choice_deadline_alert: 'Subject Choice Deadline Alert',
  subject_choice_reset_alert: 'Subject Choice Reset Alert',
  attendance_correction_alert: 'Attendance Correction Alert',
  attendance_below_threshold_alert: 'Attendance Below Threshold Alert',
  attendance_weekly_summary_alert: 'Weekly Attendance Summary',
  detention_list_alert: 'Detention List Alert',
} as const;
export type NotificationTypeCode = keyof typeof NOTIFICATION_TYPES;

/** The notification type codes as a tuple (for enums). */
export const NOTIFICATION_TYPE_CODES = Object.keys(NOTIFICATION_TYPES) as [
  NotificationTypeCode,
  ...NotificationTypeCode[],
];

/** A message containing this substring gets a "Click Here." link inserted at each occurrence. */
export const NOTIFICATION_LINK_MARKER = 'subject_choice_url';

/**
 * Link target by type code and role (contract §5.3). The student rows of the deadline and reset
 * alerts point at the teacher page in the original client; kept as is, since the original client
 * computes these links itself and ours must agree with it. Admins have no rows.
 */
export const NOTIFICATION_DESTINATIONS = {
  subject_choice_alert: {
    teacher: '/teacher-dashboard/subject-choice',
    student: '/student-dashboard/elective-subject',
  },
  subject_deletion_alert: {
    teacher: '/teacher-dashboard/subject-choice',
    student: '/student-dashboard/elective-subject',
  },
  subject_choice_deadline_alert: {
    teacher: '/teacher-dashboard/subject-choice',
    student: '/teacher-dashboard/subject-choice',
  },
  subject_choice_reset_alert: {
    teacher: '/teacher-dashboard/subject-choice',
    student: '/teacher-dashboard/subject-choice',
  },
  // Rollbook's own (issue 16): a student's mark was corrected after the session. Teachers never
  // receive it; their row points at the history page where corrections are made.
  attendance_correction_alert: {
    teacher: '/teacher-dashboard/lecture-history',
    student: '/student-dashboard',
  },
  // Rollbook's own (issue 16, the weekly alerts job). Students get the first, teachers the second;
  // the third goes to admins, who have no link: each row still names a page for its role.
  attendance_below_threshold_alert: {
    teacher: '/teacher-dashboard/analytics',
    student: '/student-dashboard/attendance',
  },
  attendance_weekly_summary_alert: {
    teacher: '/teacher-dashboard/analytics',
    student: '/student-dashboard/attendance',
  },
  detention_list_alert: {
    teacher: '/teacher-dashboard/analytics',
    student: '/student-dashboard/attendance',
  },
} as const satisfies Record<NotificationTypeCode, { teacher: string; student: string }>;

/** Length of the student's attendance recording. */
export const AUDIO_RECORDING_MS = 5000;
/** Length of one live audio chunk the teacher's browser streams. */
export const AUDIO_CHUNK_MS = 1000;
/** How often the teacher's browser checks that its socket is still connected. */
export const CONNECTION_CHECK_MS = 2000;
/** How long the client waits for the geolocation permission prompt. */
export const GEOLOCATION_PERMISSION_TIMEOUT_MS = 5000;
/** Longest comment of a manual attendance request (`regulization_commet`, §6.3). */
export const MANUAL_REQUEST_COMMENT_MAX_LENGTH = 1000;
/**
 * The largest file one multipart upload may carry (a timetable, a recording, an institution
 * workbook): the server refuses a larger one with 413 while it arrives, so pages refuse it first.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The server's 413 message for a file over UPLOAD_MAX_BYTES, naming the limit. */
export const UPLOAD_TOO_LARGE_MESSAGE = `The file is larger than ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB, the largest file an upload may carry, so nothing was saved`;
/** Highest weekly maximum an admin may set for one teacher, in hours. */
export const TEACHER_MAX_HOURS_LIMIT = 60;

const DAY_MS = 24 * 60 * 60 * 1000;
/** An account may change its e-mail once per this interval (else 403). */
export const EMAIL_CHANGE_INTERVAL_MS = DAY_MS;
/** A forgot-password e-mail may be requested once per this interval (else 403). */
export const FORGOT_PASSWORD_INTERVAL_MS = DAY_MS;

/** Attendance `code` meaning "marked" / "manual request accepted" (§6.2, §6.3). */
export const ATTENDANCE_MARKED_CODE = 100;

/** The multipart file field of the attendance recording (a constant here, not beside its schema, so a page can name it without loading zod). */
export const ATTENDANCE_AUDIO_FIELD = 'audio';
/** Login `code` meaning "temporary password: set a new one" (§4.3). */
export const TEMPORARY_PASSWORD_CODE = 112500;

/** Weekdays in the client's order (the week strip starts on Monday), lower case as sent in paths. */
export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** The e-mail regex the client applies before update-email and forgot-password (§4.7). */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

/** Every web route path (product spec §2, contract Appendix B and §13). */
export const ROUTES = {
  login: '/login',
  badGateway: '/502',
  home: '/',
  teacherDashboard: '/teacher-dashboard',
  studentDashboard: '/student-dashboard',
  subjectSelect: '/subject/subject-select',
  teacherAllocation: '/subject/teacher-allocation',
  subjectConfirmation: '/subject/subject-selection-confirmation',
  timetable: '/timetable',
  divisionCreation: '/division-creation',
  updatePassword: '/update_password',
  adminSubjectAllocation: '/admin/subject-allocation',
  teacherSubjectChoice: '/teacher-dashboard/subject-choice',
  studentElectiveSubject: '/student-dashboard/elective-subject',
  studentDivision: '/student-dashboard/division',
  teacherLoadAllocation: '/teacher-dashboard/load-allocation',
  teacherInstantLecture: '/teacher-dashboard/instant-lecture',
  teacherLectureHistory: '/teacher-dashboard/lecture-history',
  teacherAnalytics: '/teacher-dashboard/analytics',
  adminLectureHistory: '/admin/lecture-history',
  studentAttendanceRecord: '/student-dashboard/attendance',
  adminAttendanceReports: '/admin/attendance-reports',
  maintenance: '/maintenance',
  profile: '/profile',
  adminPeople: '/admin/people',
  institutionSettings: '/admin/institution-settings',
  classrooms: '/admin/classrooms',
  academicYear: '/admin/academic-year',
  institutionSetup: '/admin/institution-setup',
} as const;
export type RouteKey = keyof typeof ROUTES;

/**
 * The role each guarded web route needs; routes not listed are open (login, password reset, error
 * pages) or need only a signed-in user (home, profile). Division creation had no guard in the
 * original client; we guard it as admin, which the server enforces anyway.
 */
export const ROUTE_ROLES = {
  timetable: 'admin',
  subjectSelect: 'admin',
  subjectConfirmation: 'admin',
  teacherAllocation: 'admin',
  adminSubjectAllocation: 'admin',
  divisionCreation: 'admin',
  adminPeople: 'admin',
  institutionSettings: 'admin',
  classrooms: 'admin',
  academicYear: 'admin',
  institutionSetup: 'admin',
  adminLectureHistory: 'admin',
  adminAttendanceReports: 'admin',
  teacherDashboard: 'teacher',
  teacherSubjectChoice: 'teacher',
  teacherLoadAllocation: 'teacher',
  teacherInstantLecture: 'teacher',
  teacherLectureHistory: 'teacher',
  teacherAnalytics: 'teacher',
  studentDashboard: 'student',
  studentElectiveSubject: 'student',
  studentDivision: 'student',
  studentAttendanceRecord: 'student',
} as const satisfies Partial<Record<RouteKey, Role>>;
