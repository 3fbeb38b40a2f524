import { BookOpenCheck, ChartNoAxesColumn, MapPin, UsersRound } from 'lucide-react';
import type { NavTable } from './nav-table';

/** A student's pages: the attendance home first, then in the order of the academic year (spec §6). */
export const STUDENT_NAVIGATION: NavTable = [
  ['studentDashboard', MapPin],
  ['studentAttendanceRecord', ChartNoAxesColumn],
  ['studentElectiveSubject', BookOpenCheck],
  ['studentDivision', UsersRound],
];
