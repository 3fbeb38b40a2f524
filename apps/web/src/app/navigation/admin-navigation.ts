import {
  BarChart3,
  Building2,
  CalendarDays,
  ClipboardCheck,
  Contact,
  DoorOpen,
  GraduationCap,
  History,
  LayoutList,
  Scale,
  Settings,
  UsersRound,
} from 'lucide-react';
import type { NavTable } from './nav-table';

/**
 * An admin's pages in the order of the academic year (the product spec's sidebar keys of §6, then
 * the master timetable), then the people, classrooms and settings, and an institution admin's year
 * and set-up pages last, as the rarest tasks. The two allocation paths show the same page, so only
 * one is listed.
 */
export const ADMIN_NAVIGATION: NavTable = [
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
];
