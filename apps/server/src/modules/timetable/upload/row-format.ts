import { formatClockTime, parseClockTime } from '../../../lib/clock-time';
import { parseWeekday } from '../../../lib/week';
import {
  normaliseHeader,
  parseDivisionCode,
  splitBatchNames,
  type DraftColumns,
  type FileIssue,
  type LectureDraft,
  type LectureType,
  type ParsedFile,
} from './drafts';
import type { TableRow } from './read-table';

type Field = 'day' | 'start' | 'end' | 'subject' | 'teacher' | 'division' | 'batches' | 'classroom' | 'type';

/** Accepted spellings of each column (compared letters and digits only, lower case). */
const ALIASES: Record<Field, string[]> = {
  day: ['day', 'weekday'],
  start: ['start', 'starttime', 'from'],
  end: ['end', 'endtime', 'to'],
  subject: ['subject', 'subjectcode', 'subjectshortname', 'shortname'],
  teacher: ['teacher', 'teachercode', 'faculty', 'facultycode'],
  division: ['division', 'div'],
  batches: ['batches', 'batch'],
  classroom: ['classroom', 'room', 'class', 'classname'],
  type: ['type', 'lecturetype', 'kind'],
};
const REQUIRED: Field[] = ['day', 'start', 'end', 'subject', 'teacher', 'division', 'classroom'];

/** The header of the one-lecture-per-row format: where each field's column is. */
export interface RowHeader {
  index: number;
  columns: Partial<Record<Field, { col: number; label: string }>>;
}

/** Finds the header of the row format (a row with day, start and end columns) among the first rows. */
export function findRowHeader(rows: TableRow[]): RowHeader | null {
  for (let index = 0; index < Math.min(rows.length, 20); index++) {
    const columns: RowHeader['columns'] = {};
    rows[index]!.cells.forEach((label, col) => {
      const key = normaliseHeader(label);
      const field = (Object.keys(ALIASES) as Field[]).find((f) => ALIASES[f].includes(key));
      if (field && !columns[field]) columns[field] = { col, label: label.trim() };
    });
    if (columns.day && columns.start && columns.end) return { index, columns };
  }
  return null;
}

const TYPES: LectureType[] = ['theory', 'lab', 'practical'];

/**
 * Reads the hand-fillable format: a header (day, start, end, subject, teacher, division, batches,
 * classroom and optionally type), then one lecture per row. Division is written as a code like
 * `BE-7-A`; batches are optional (empty = the whole division). Without a type, a lecture for some
 * batches is a lab and one for the whole division is theory.
 */
export function parseRows(rows: TableRow[], header: RowHeader): ParsedFile {
  const issues: FileIssue[] = [];
  const drafts: LectureDraft[] = [];
  const headerRow = rows[header.index]!;
  const preamble = rows
    .slice(0, header.index)
    .flatMap((r) => r.cells)
    .filter(Boolean)
    .join('\n');
  const missing = REQUIRED.filter((f) => !header.columns[f]);
  if (missing.length > 0) {
    issues.push({
      row: headerRow.row,
      column: '',
      message: `The header is missing the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`,
    });
    return { format: 'rows', drafts, issues, preamble };
  }
  const column = (f: Field) => header.columns[f]!;
  // Each value's problems point at its own column. The batches column is optional: without it, a
  // batch problem is about the division the row names (its batches, or the lack of any).
  const columns: DraftColumns = {
    subject: column('subject').label,
    teacher: column('teacher').label,
    division: column('division').label,
    batches: (header.columns.batches ?? column('division')).label,
    classroom: column('classroom').label,
  };

  for (const { row, cells } of rows.slice(header.index + 1)) {
    if (cells.every((c) => c.trim() === '')) continue;
    const value = (f: Field) => {
      const c = header.columns[f];
      return c ? (cells[c.col] ?? '').trim() : '';
    };
    const problem = (f: Field, message: string) => issues.push({ row, column: column(f).label, message });
    const before = issues.length;

    const day = parseWeekday(value('day'));
    if (!day) problem('day', `"${value('day')}" is not a day of the week`);
    const start = parseClockTime(value('start'));
    if (start === null) problem('start', `"${value('start')}" is not a time like 09:00`);
    const end = parseClockTime(value('end'));
    if (end === null) problem('end', `"${value('end')}" is not a time like 10:00`);
    if (start !== null && end !== null && end <= start) {
      problem(
        'end',
        `The lecture ends (${formatClockTime(end)}) before it starts (${formatClockTime(start)})`,
      );
    }
    const division = parseDivisionCode(value('division'));
    if (!division) problem('division', `"${value('division')}" is not a division code like BE-7-A`);
    for (const f of ['subject', 'teacher', 'classroom'] as const) {
      if (value(f) === '') problem(f, `The ${f} is missing`);
    }
    const batchNames = splitBatchNames(value('batches'));
    const typeText = value('type').toLowerCase();
    let type: LectureType = batchNames.length > 0 ? 'lab' : 'theory';
    if (typeText !== '') {
      const known = TYPES.find((t) => t === typeText);
      if (!known) problem('type', `"${value('type')}" is not a lecture type (theory, lab or practical)`);
      else type = known;
    }
    if (issues.length > before || !day || start === null || end === null || !division) continue;
    drafts.push({
      at: { row, column: column('subject').label },
      columns,
      rows: [row],
      day,
      start,
      end,
      stream: division.stream,
      semesterNo: division.semesterNo,
      divisionName: division.divisionName,
      batchNames,
      subject: value('subject').toUpperCase(),
      teacherCode: value('teacher').toUpperCase(),
      classroomName: value('classroom'),
      type,
    });
  }
  return { format: 'rows', drafts, issues, preamble };
}
