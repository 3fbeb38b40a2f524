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
 * institution's classrooms and settings). The two allocation paths show the same page, so only one
 * spec's sidebar keys of §6, plus the role's home and the master timetable; an admin's institution
 * setup comes last, as the rarest task). The two allocation paths show the same page, so only one
 * is listed.
 */
const NAV_KEYS: Record<Role, readonly (readonly [RoleRouteKey, LucideIcon])[]> = {
  admin: [
    ['subjectSelect', LayoutList],
    ['subjectConfirmation', ClipboardCheck],
    ['divisionCreation', UsersRound],
    ['adminSubjectAllocation', Scale],
    ['timetable', CalendarDays],
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

const TITLE_OF = new Map(GUARDED_SCREENS.map((screen) => [screen.key, screen.title]));

/** The navigation of a role: each page's path, its title (the page's own title) and an icon. */
export function navItemsFor(role: Role | null): PageNavItem[] {
  if (!role) return [];
  return NAV_KEYS[role].map(([key, icon]) => ({
    to: ROUTES[key],
    label: TITLE_OF.get(key) ?? key,
    icon,
  }));
}
