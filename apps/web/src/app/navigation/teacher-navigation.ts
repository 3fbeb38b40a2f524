import { BarChart3, History, ListOrdered, Presentation, Scale, Zap } from 'lucide-react';
import type { NavTable } from './nav-table';

/** A teacher's pages: the home first, then in the order of the academic year (spec §6). */
export const TEACHER_NAVIGATION: NavTable = [
  ['teacherDashboard', Presentation],
  ['teacherInstantLecture', Zap],
  ['teacherLectureHistory', History],
  ['teacherAnalytics', BarChart3],
  ['teacherSubjectChoice', ListOrdered],
  ['teacherLoadAllocation', Scale],
];
