import type { RouteDef } from '../route';
import { allocationExtensionRoutes, allocationRoutes } from './allocation.routes';
import { attendancePrivacyRoutes } from './attendance-privacy.routes';
import { analyticsRoutes, attendanceRecordRoutes } from './attendance-reports.routes';
import { authExtensionRoutes, authRoutes } from './auth.routes';
import { calendarRoutes } from './calendar.routes';
import { catalogueRoutes } from './catalogue.routes';
import { choicesRoutes } from './choices.routes';
import { divisionRoutes } from './divisions.routes';
import { institutionPeopleRoutes } from './institution-people.routes';
import { liveSessionRoutes } from './live-session.routes';
import { instantLectureRoutes } from './instant-lectures.routes';
import { institutionClassroomRoutes, institutionSettingsRoutes } from './institution-settings.routes';
import { divisionResetRoutes } from './division-reset.routes';
import { academicYearRoutes } from './institution-year.routes';
import { institutionWorkbookRoutes } from './institution-workbook.routes';
import { mediaExtensionRoutes, mediaRoutes } from './media.routes';
import { notificationRoutes } from './notifications.routes';
import { sessionReviewRoutes } from './session-review.routes';
import { sessionRoutes } from './sessions.routes';
import { sessionHistoryRoutes, sessionRecordRoutes } from './session-history.routes';
import { timetableExtensionRoutes, timetableRoutes } from './timetable.routes';

export { allocationExtensionRoutes, allocationRoutes } from './allocation.routes';
export { attendancePrivacyRoutes } from './attendance-privacy.routes';
export { analyticsRoutes, attendanceRecordRoutes } from './attendance-reports.routes';
export { authExtensionRoutes, authRoutes } from './auth.routes';
export { calendarRoutes } from './calendar.routes';
export { catalogueRoutes } from './catalogue.routes';
export { choicesRoutes } from './choices.routes';
export { divisionRoutes } from './divisions.routes';
export { institutionPeopleRoutes } from './institution-people.routes';
export { liveSessionRoutes } from './live-session.routes';
export { instantLectureRoutes } from './instant-lectures.routes';
export { institutionClassroomRoutes, institutionSettingsRoutes } from './institution-settings.routes';
export { divisionResetRoutes } from './division-reset.routes';
export { academicYearRoutes } from './institution-year.routes';
export { institutionWorkbookRoutes } from './institution-workbook.routes';
export {
  MEDIA_NAME_PATTERN,
  mediaExtensionRoutes,
  mediaPath,
  mediaRoutes,
  TONES_FOLDER,
} from './media.routes';
export { notificationRoutes } from './notifications.routes';
export { sessionReviewRoutes } from './session-review.routes';
export { sessionRoutes } from './sessions.routes';
export { sessionHistoryRoutes, sessionRecordRoutes } from './session-history.routes';
export { MASTER_TIMETABLE_FILE_FIELD, timetableExtensionRoutes, timetableRoutes } from './timetable.routes';

/** Route groups by module, as the server registers them. */
const ROUTE_GROUPS = {
  auth: authRoutes,
  notifications: notificationRoutes,
  timetable: timetableRoutes,
  sessions: sessionRoutes,
  media: mediaRoutes,
  catalogue: catalogueRoutes,
  choices: choicesRoutes,
  divisions: divisionRoutes,
  allocation: allocationRoutes,
} as const;

/** Every contract call exactly once (57 rows of contract Appendix A). */
export const ROUTES_TABLE: readonly RouteDef[] = Object.values(ROUTE_GROUPS).flatMap(
  (group) => Object.values(group) as RouteDef[],
);

/**
 * Calls of the later client (contract §13, "features present at HEAD"): exact paths and shapes like
 * Appendix A's, kept apart so the appendix stays checkable on its own.
 */
const SECTION_13_ROUTE_GROUPS = {
  sessionHistory: sessionHistoryRoutes,
  analytics: analyticsRoutes,
  instantLectures: instantLectureRoutes,
  liveSession: liveSessionRoutes,
} as const;

/** Every §13 call exactly once. */
export const SECTION_13_ROUTES_TABLE: readonly RouteDef[] = Object.values(SECTION_13_ROUTE_GROUPS).flatMap(
  (group) => Object.values(group) as RouteDef[],
);

/**
 * Rollbook's own calls, outside contract Appendix A: old clients never send them, but they are
 * defined here all the same, so the server registers and the web calls them like any other.
 */
const EXTENSION_ROUTE_GROUPS = {
  authLinks: authExtensionRoutes,
  allocation: allocationExtensionRoutes,
  calendar: calendarRoutes,
  timetable: timetableExtensionRoutes,
  media: mediaExtensionRoutes,
  people: institutionPeopleRoutes,
  institutionSettings: institutionSettingsRoutes,
  institutionClassrooms: institutionClassroomRoutes,
  academicYear: academicYearRoutes,
  divisionReset: divisionResetRoutes,
  institutionWorkbook: institutionWorkbookRoutes,
  attendancePrivacy: attendancePrivacyRoutes,
  sessionRecord: sessionRecordRoutes,
  attendanceRecord: attendanceRecordRoutes,
  sessionReview: sessionReviewRoutes,
} as const;

/** Every Rollbook call outside Appendix A exactly once. */
export const EXTENSION_ROUTES_TABLE: readonly RouteDef[] = Object.values(EXTENSION_ROUTE_GROUPS).flatMap(
  (group) => Object.values(group) as RouteDef[],
);

/** Every HTTP call the server answers through the contract: Appendix A, §13, then Rollbook's own. */
export const ALL_ROUTES: readonly RouteDef[] = [
  ...ROUTES_TABLE,
  ...SECTION_13_ROUTES_TABLE,
  ...EXTENSION_ROUTES_TABLE,
];
