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

/**
 * A lecture as read from the file, before any name is looked up: still codes and names. `rows` are
 * every row it spans (a lab written over two slots has two).
 */
export interface LectureDraft {
  at: FilePlace;
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
