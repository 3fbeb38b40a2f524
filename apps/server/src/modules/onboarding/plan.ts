import type { WorkbookSheet, WorkbookSheetCounts } from '@rollbook/contract';

/** What applying a row does: add it, change the existing row it names, or nothing. */
export type RowAction = 'create' | 'update' | 'unchanged';

/** One checked row: its spreadsheet row, what it does, the existing row's id, and its values. */
export interface Planned<V> {
  row: number;
  action: RowAction;
  /** The existing row's id (update, unchanged). */
  id?: number;
  values: V;
}

export interface BranchValues {
  code: string;
  name: string;
}

export interface StreamValues {
  branchCode: string;
  streamCode: string;
  title: string;
}

export interface SemesterValues {
  branchCode: string;
  streamCode: string;
  no: number;
  academicYear: string;
  /** `undefined`: the column is not in the sheet (keep). */
  startDate: string | null | undefined;
  endDate: string | null | undefined;
}

export interface ClassroomValues {
  name: string;
  kind: 'classroom' | 'lab';
  latitude: number;
  longitude: number;
  radiusM: number;
  capacity: number | null;
  /** The branches using the room, by code, resolved (an empty cell has become every branch). */
  branchCodes: string[];
}

export interface SubjectValues {
  subjectCode: string;
  academicYear: string;
  degree: string;
  streamCode: string;
  semYear: number;
  subjectName: string;
  shortName: string | null;
  category: string;
  isElective: boolean;
  isTheory: boolean;
  isPractical: boolean;
  lectureHours: number;
  tutorialHours: number;
  practicalHours: number;
  /** numeric(4,1) as the database returns it, e.g. "4.0". */
  credit: string;
  marksE: number;
  marksM: number;
  marksI: number;
  marksV: number;
  totalMarks: number;
  effFrom: string;
  syllabusUrl: string | null;
}

export interface TeacherValues {
  email: string;
  name: string;
  teacherCode: string;
  branchCodes: string[];
  maxWeeklyHours: number | null;
  /** The existing teacher's profile (update, unchanged). */
  profileId?: number;
}

/**
 * A student and their place: a stream of their branch and a semester of it, each `null` for none
 * or `keep` when its column is not in the sheet.
 */
export interface StudentValues {
  enrollment: string;
  name: string;
  email: string;
  branchCode: string;
  stream: { streamCode: string } | null | 'keep';
  semester: { no: number; academicYear: string } | null | 'keep';
  profileId?: number;
}

/** Everything a clean workbook would write, sheet by sheet, in the order it is written. */
export interface WorkbookPlan {
  Branches: Planned<BranchValues>[];
  Streams: Planned<StreamValues>[];
  Semesters: Planned<SemesterValues>[];
  Classrooms: Planned<ClassroomValues>[];
  Subjects: Planned<SubjectValues>[];
  Teachers: Planned<TeacherValues>[];
  Students: Planned<StudentValues>[];
}

export function emptyPlan(): WorkbookPlan {
  return {
    Branches: [],
    Streams: [],
    Semesters: [],
    Classrooms: [],
    Subjects: [],
    Teachers: [],
    Students: [],
  };
}

/** Created, updated and unchanged rows of each sheet. */
export function countsOf(plan: WorkbookPlan): Record<WorkbookSheet, WorkbookSheetCounts> {
  const count = (rows: Planned<unknown>[]): WorkbookSheetCounts => ({
    created: rows.filter((r) => r.action === 'create').length,
    updated: rows.filter((r) => r.action === 'update').length,
    unchanged: rows.filter((r) => r.action === 'unchanged').length,
  });
  return {
    Branches: count(plan.Branches),
    Streams: count(plan.Streams),
    Semesters: count(plan.Semesters),
    Classrooms: count(plan.Classrooms),
    Subjects: count(plan.Subjects),
    Teachers: count(plan.Teachers),
    Students: count(plan.Students),
  };
}
