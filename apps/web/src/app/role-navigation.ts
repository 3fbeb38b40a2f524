import {
  BarChart3,
  BookOpenCheck,
  Building2,
  CalendarDays,
  ChartNoAxesColumn,
  ClipboardCheck,
  Contact,
  DoorOpen,
  GraduationCap,
  History,
  LayoutList,
  ListOrdered,
  MapPin,
  Presentation,
  Scale,
  Settings,
  UsersRound,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { PageNavItem } from '../components/layouts/page-nav';
import { ROUTES, type Role, type RoleRouteKey } from '../lib/routes';
import { GUARDED_SCREENS } from './route-screens';

/**
 * The pages each role reaches from the navigation, in the order of the academic year (the product
 * spec's sidebar keys of §6, plus the role's home and the master timetable; for admins, then the
 * people, classrooms and settings, and an institution admin's year and set-up pages last, as the
 * rarest tasks). The two allocation paths show the same page, so only one is listed.
 */
const NAV_KEYS: Record<Role, readonly (readonly [RoleRouteKey, LucideIcon])[]> = {
  admin: [
    ['subjectSelect', LayoutList],
    ['subjectConfirmation', ClipboardCheck],
    ['divisionCreation', UsersRound],
    ['adminSubjectAllocation', Scale],
    ['timetable', CalendarDays],
    ['adminLectureHistory', History],
    ['adminAttendanceReports', BarChart3],
    ['adminPeople', Contact],
    ['classrooms', DoorOpen],
    ['institutionSettings', Settings],
    ['academicYear', GraduationCap],
    ['institutionSetup', Building2],
  ],
  teacher: [
    ['teacherDashboard', Presentation],
    ['teacherInstantLecture', Zap],
    ['teacherLectureHistory', History],
    ['teacherAnalytics', BarChart3],
    ['teacherSubjectChoice', ListOrdered],
    ['teacherLoadAllocation', Scale],
  ],
  student: [
    ['studentDashboard', MapPin],
    ['studentAttendanceRecord', ChartNoAxesColumn],
    ['studentElectiveSubject', BookOpenCheck],
    ['studentDivision', UsersRound],
  ],
};

/** Pages only an institution admin can use: a branch admin would open them to a refusal. */
const INSTITUTION_ADMIN_KEYS: ReadonlySet<RoleRouteKey> = new Set(['academicYear', 'institutionSetup']);

const TITLE_OF = new Map(GUARDED_SCREENS.map((screen) => [screen.key, screen.title]));

/**
 * The navigation of a role: each page's path, its title (the page's own title) and an icon. The
 * institution-wide pages are offered only when the admin is known to be an institution admin.
 */
export function navItemsFor(role: Role | null, opts: { institutionAdmin?: boolean } = {}): PageNavItem[] {
  if (!role) return [];
  return NAV_KEYS[role]
    .filter(([key]) => opts.institutionAdmin === true || !INSTITUTION_ADMIN_KEYS.has(key))
    .map(([key, icon]) => ({
      to: ROUTES[key],
      label: TITLE_OF.get(key) ?? key,
      icon,
    }));
}
