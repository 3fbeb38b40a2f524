import type { Weekday } from '../../../lib/week';

/** A teacher of the institution, found by code. */
export interface TeacherRef {
  id: number;
  code: string;
  name: string;
  /** The branches the teacher teaches in: a lecture's division must be in one of them. */
  branchIds: Set<number>;
}

export interface ClassroomRef {
  id: number;
  name: string;
}

export interface BatchRef {
  id: number;
  name: string;
  kind: 'core' | 'elective';
  offeredSubjectId: number | null;
}

export interface DivisionRef {
  id: number;
  name: string;
  batches: BatchRef[];
}

/** A subject offered in a semester; `batchIds` are the batches listed as taking it. */
export interface SubjectRef {
  id: number;
  code: string;
  shortName: string | null;
  name: string;
  isElective: boolean;
  batchIds: Set<number>;
}

/** A semester of one of the admin's branches, with everything a timetable can name in it. */
export interface SemesterRef {
  id: number;
  no: number;
  isActive: boolean;
  streamTitle: string;
  branchId: number;
  branchName: string;
  branchCode: string;
  divisions: DivisionRef[];
  subjects: SubjectRef[];
}

/** A lecture already in the database (another division's), for clash checks. */
export interface ExistingLecture {
  divisionId: number;
  day: Weekday;
  start: number;
  end: number;
  teacherId: number;
  classroomId: number;
  /** How a person recognises it, e.g. "IS for BE 7 A (Computer Engineering)". */
  label: string;
}

/**
 * Everything an upload can refer to, loaded in a few queries before validation so the whole check
 * is a pure function of the file and this snapshot.
 */
export interface ReferenceData {
  teachers: Map<string, TeacherRef>;
  classrooms: Map<string, ClassroomRef>;
  semesters: SemesterRef[];
  existing: ExistingLecture[];
}

/** The key teachers and classrooms are found by: case and surrounding spaces do not matter. */
export const refKey = (text: string) => text.trim().toUpperCase();
