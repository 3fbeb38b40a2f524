import type { Weekday } from '../../../lib/week';

/** Where something was written in the uploaded file (1-based row, column header as written). */
export interface FilePlace {
  row: number;
  column: string;
}

/** One problem found in an uploaded timetable. */
export interface FileIssue extends FilePlace {
  message: string;
}

export type LectureType = 'theory' | 'lab' | 'practical';

/** The values of a lecture whose problems are reported at the column that holds them. */
export type DraftValue = 'subject' | 'teacher' | 'division' | 'batches' | 'classroom';

/**
 * The column header each value was written under. The grid holds a whole lecture in one teacher's
 * cell, so every value names that column; the row format spreads them over their own columns, and a
 * problem with a teacher must point at the teacher column, not the subject's.
 */
export type DraftColumns = Record<DraftValue, string>;

/**
 * A lecture as read from the file, before any name is looked up: still codes and names. `rows` are
 * every row it spans (a lab written over two slots has two).
 */
export interface LectureDraft {
  /** Where the lecture starts in the file: its first row and the column that names it. */
  at: FilePlace;
  /** Where each of its values was written (the row is `at.row`). */
  columns: DraftColumns;
  rows: number[];
  day: Weekday;
  start: number;
  end: number;
  stream: string;
  semesterNo: number;
  /** `null` means the semester's only division (ME codes name none). */
  divisionName: string | null;
  /** Empty means the whole division. */
  batchNames: string[];
  subject: string;
  teacherCode: string;
  classroomName: string;
  type: LectureType;
}

/** What a format reader returns: the lectures it understood, the problems, and the free text above the header. */
export interface ParsedFile {
  format: 'grid' | 'rows';
  drafts: LectureDraft[];
  issues: FileIssue[];
  preamble: string;
}

/** The place of one value of a draft: its row, and the column that value was written in. */
export function valuePlace(draft: Pick<LectureDraft, 'at' | 'columns'>, value: DraftValue): FilePlace {
  return { row: draft.at.row, column: draft.columns[value] };
}

/** `row 7, column CST`: how a place is named in error reports. */
export function placeLabel(place: FilePlace): string {
  return place.column ? `row ${place.row}, column ${place.column}` : `row ${place.row}`;
}

/** A header cell reduced to letters and digits, lower case, for matching column names. */
export function normaliseHeader(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const DIVISION_CODE = /^([A-Za-z]+)\s*-\s*(\d{1,2})(?:\s*-\s*([A-Za-z0-9]{1,3}))?$/;

/**
 * Reads a division code: `BE-7-A` (stream title, semester, division) or `ME-1` (a stream with one
 * division). Returns `null` when the text is not such a code.
 */
export function parseDivisionCode(
  text: string,
): { stream: string; semesterNo: number; divisionName: string | null } | null {
  const m = DIVISION_CODE.exec(text.trim());
  if (!m) return null;
  return { stream: m[1]!.toUpperCase(), semesterNo: Number(m[2]), divisionName: m[3]?.toUpperCase() ?? null };
}

/** Splits a batch list written as `A1 A2`, `A1+A2`, `A1/A2` or `A1, A2`. */
export function splitBatchNames(text: string): string[] {
  return text
    .split(/[\s,+/&]+/)
    .map((b) => b.trim().toUpperCase())
    .filter(Boolean);
}

/** Whether a cell marks a break rather than a lecture. */
export function isBreakCell(text: string): boolean {
  return /^(recess|break|lunch|lunch break|short break)$/i.test(text.trim());
}
