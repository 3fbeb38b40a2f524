import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RoleRouteKey } from '../lib/routes';

type Screen = LazyExoticComponent<ComponentType<{ title: string }>>;

// Each page is its own chunk, loaded when first visited.
const TimetablePage: Screen = lazy(() => import('../features/timetable/timetable-page'));
const SubjectSelectionPage: Screen = lazy(() =>
  import('../features/subject-selection/subject-selection-page').then((m) => ({
    default: m.SubjectSelectionPage,
  })),
);
const StudentElectivesPage: Screen = lazy(() =>
  import('../features/student-electives/student-electives-page').then((m) => ({
    default: m.StudentElectivesPage,
  })),
);
const TeacherSubjectChoicePage: Screen = lazy(() =>
  import('../features/teacher-subject-choice/teacher-subject-choice-page').then((m) => ({
    default: m.TeacherSubjectChoicePage,
  })),
);
const SubjectConfirmationPage: Screen = lazy(() =>
  import('../features/subject-confirmation/subject-confirmation-page').then((m) => ({
    default: m.SubjectConfirmationPage,
  })),
);
const LoadAllocationPage: Screen = lazy(() =>
  import('../features/load-allocation/load-allocation-page').then((m) => ({
    default: m.LoadAllocationPage,
  })),
);
const TeacherLoadPage: Screen = lazy(() =>
  import('../features/teacher-load/teacher-load-page').then((m) => ({
    default: m.TeacherLoadPage,
  })),
);
const DivisionCreationPage: Screen = lazy(() =>
  import('../features/division-creation/division-creation-page').then((m) => ({
    default: m.DivisionCreationPage,
  })),
);
const StudentDivisionPage: Screen = lazy(() =>
  import('../features/student-division/student-division-page').then((m) => ({
    default: m.StudentDivisionPage,
  })),
);
const LectureHistoryPage: Screen = lazy(() =>
  import('../features/lecture-history/lecture-history-page').then((m) => ({
    default: m.LectureHistoryPage,
  })),
);
const AttendanceReportsPage: Screen = lazy(() =>
  import('../features/attendance-reports/attendance-reports-page').then((m) => ({
    default: m.AttendanceReportsPage,
  })),
);
const StudentRecordPage: Screen = lazy(() =>
  import('../features/student-record/student-record-page').then((m) => ({
    default: m.StudentRecordPage,
  })),
);
const TeacherLecturesPage: Screen = lazy(() =>
  import('../features/teacher-lectures/teacher-lectures-page').then((m) => ({
    default: m.TeacherLecturesPage,
  })),
);
const InstantLecturePage: Screen = lazy(() =>
  import('../features/teacher-lectures/instant/instant-lecture-page').then((m) => ({
    default: m.InstantLecturePage,
  })),
);
const AcademicYearPage: Screen = lazy(() =>
  import('../features/academic-year/academic-year-page').then((m) => ({
    default: m.AcademicYearPage,
  })),
);
const InstitutionSetupPage: Screen = lazy(() =>
  import('../features/institution-setup/institution-setup-page').then((m) => ({
    default: m.InstitutionSetupPage,
  })),
);
const StudentAttendancePage: Screen = lazy(() =>
  import('../features/student-attendance/student-attendance-page').then((m) => ({
    default: m.StudentAttendancePage,
  })),
);
const PeoplePage: Screen = lazy(() =>
  import('../features/people/people-page').then((m) => ({
    default: m.PeoplePage,
  })),
);

const InstitutionSettingsPage: Screen = lazy(() =>
  import('../features/institution-settings/institution-settings-page').then((m) => ({
    default: m.InstitutionSettingsPage,
  })),
);
const ClassroomsPage: Screen = lazy(() =>
  import('../features/classrooms/classrooms-page').then((m) => ({
    default: m.ClassroomsPage,
  })),
);

/** A role-guarded page: its route key (path and role come from the contract) and its title. */
export interface GuardedScreen {
  key: RoleRouteKey;
  title: string;
  Screen: Screen;
}

/** Every role-guarded page of product spec §2 (plus the routes the contract adds). */
export const GUARDED_SCREENS: readonly GuardedScreen[] = [
  { key: 'subjectSelect', title: 'Subject Selection', Screen: SubjectSelectionPage },
  { key: 'subjectConfirmation', title: 'Subject Confirmation', Screen: SubjectConfirmationPage },
  { key: 'teacherAllocation', title: 'Teacher Allocation', Screen: LoadAllocationPage },
  { key: 'adminSubjectAllocation', title: 'Subject Allocation', Screen: LoadAllocationPage },
  { key: 'timetable', title: 'Master Timetable', Screen: TimetablePage },
  { key: 'divisionCreation', title: 'Division Creation', Screen: DivisionCreationPage },
  { key: 'adminPeople', title: 'People', Screen: PeoplePage },
  { key: 'institutionSettings', title: 'Institution Settings', Screen: InstitutionSettingsPage },
  { key: 'classrooms', title: 'Classrooms', Screen: ClassroomsPage },
  { key: 'academicYear', title: 'Academic Year', Screen: AcademicYearPage },
  { key: 'institutionSetup', title: 'Institution Setup', Screen: InstitutionSetupPage },
  { key: 'adminAttendanceReports', title: 'Attendance Reports', Screen: AttendanceReportsPage },
  { key: 'teacherDashboard', title: 'Lecture Schedule', Screen: TeacherLecturesPage },
  { key: 'teacherSubjectChoice', title: 'Subject Choice', Screen: TeacherSubjectChoicePage },
  { key: 'teacherLoadAllocation', title: 'Load Allocation', Screen: TeacherLoadPage },
  { key: 'teacherInstantLecture', title: 'Instant Lectures', Screen: InstantLecturePage },
  { key: 'teacherLectureHistory', title: 'Lecture History', Screen: LectureHistoryPage },
  { key: 'teacherAnalytics', title: 'Lecture Analytics', Screen: AttendanceReportsPage },
  { key: 'studentDashboard', title: 'Attendance', Screen: StudentAttendancePage },
  { key: 'studentElectiveSubject', title: 'Elective Subjects', Screen: StudentElectivesPage },
  { key: 'studentDivision', title: 'My Division', Screen: StudentDivisionPage },
  { key: 'studentAttendanceRecord', title: 'My Attendance', Screen: StudentRecordPage },
];
