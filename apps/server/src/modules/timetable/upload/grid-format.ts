import { parseTimeRange, formatClockTime } from '../../../lib/clock-time';
import { parseWeekday, type Weekday } from '../../../lib/week';
import { isBreakCell, type FileIssue, type LectureDraft, type ParsedFile } from './drafts';
import { parseLectureCode, type LectureCode } from './lecture-code';
import type { TableRow } from './read-table';

/** The grid's header row: `DAY`, `TIME`, then one column per teacher code. */
export interface GridHeader {
  index: number;
  dayCol: number;
  timeCol: number;
  teachers: { col: number; code: string }[];
}

/** Finds the grid header (a row with DAY and TIME cells) among the first rows, or `null`. */
export function findGridHeader(rows: TableRow[]): GridHeader | null {
  for (let index = 0; index < Math.min(rows.length, 20); index++) {
    const cells = rows[index]!.cells.map((c) => c.trim().toUpperCase());
    const dayCol = cells.indexOf('DAY');
    const timeCol = cells.indexOf('TIME');
    if (dayCol < 0 || timeCol < 0) continue;
    const teachers = rows[index]!.cells.flatMap((c, col) =>
      col === dayCol || col === timeCol || c.trim() === '' ? [] : [{ col, code: c.trim().toUpperCase() }],
    );
    return { index, dayCol, timeCol, teachers };
  }
  return null;
}

interface OpenRun {
  text: string;
  code: LectureCode;
  draft: LectureDraft;
}

/**
 * Reads the original master-timetable grid: free lines, then a `DAY, TIME, <teacher codes...>`
 * header, then one row per time slot. Each non-empty teacher cell is a lecture code; the same code
 * in consecutive slots of the same teacher is one lab spanning them. A day is written once and holds
 * until the next one (Excel sheets often merge the day cells); blank rows and break rows
 * (`RECESS`) separate slots.
 */
export function parseGrid(rows: TableRow[], header: GridHeader): ParsedFile {
  const issues: FileIssue[] = [];
  const drafts: LectureDraft[] = [];
  const headerRow = rows[header.index]!;
  const preamble = rows
    .slice(0, header.index)
    .flatMap((r) => r.cells)
    .filter(Boolean)
    .join('\n');
  const dayLabel = headerRow.cells[header.dayCol]!.trim();
  const timeLabel = headerRow.cells[header.timeCol]!.trim();

  const seenCodes = new Map<string, number>();
  for (const t of header.teachers) {
    if (seenCodes.has(t.code)) {
      issues.push({
        row: headerRow.row,
        column: t.code,
        message: `Teacher ${t.code} has two columns; put all of their lectures in one column`,
      });
    }
    seenCodes.set(t.code, t.col);
  }
  if (header.teachers.length === 0) {
    issues.push({
      row: headerRow.row,
      column: '',
      message: 'The header has no teacher columns after DAY and TIME',
    });
  }

  const open = new Map<number, OpenRun>();
  const closeAll = () => {
    for (const run of open.values()) drafts.push(run.draft);
    open.clear();
  };
  let day: Weekday | null = null;

  for (const { row, cells } of rows.slice(header.index + 1)) {
    const cell = (col: number) => (cells[col] ?? '').trim();
    const dayText = cell(header.dayCol);
    const timeText = cell(header.timeCol);
    const lectureCells = header.teachers.filter((t) => cell(t.col) !== '' && !isBreakCell(cell(t.col)));

    if (dayText !== '') {
      const parsed = parseWeekday(dayText);
      if (!parsed) {
        issues.push({ row, column: dayLabel, message: `"${dayText}" is not a day of the week` });
        closeAll();
        day = null;
        continue;
      }
      if (parsed !== day) closeAll();
      day = parsed;
    }
    if (timeText === '' || isBreakCell(timeText)) {
      closeAll();
      if (timeText === '' && lectureCells.length > 0) {
        issues.push({ row, column: timeLabel, message: 'This row has lectures but no time' });
      }
      continue;
    }
    const range = parseTimeRange(timeText);
    if (!range) {
      issues.push({ row, column: timeLabel, message: `"${timeText}" is not a time range like 09:00-10:00` });
      closeAll();
      continue;
    }
    if (range.end <= range.start) {
      issues.push({
        row,
        column: timeLabel,
        message: `The slot ends (${formatClockTime(range.end)}) before it starts (${formatClockTime(range.start)})`,
      });
      closeAll();
      continue;
    }
    if (!day) {
      if (lectureCells.length > 0)
        issues.push({ row, column: dayLabel, message: 'No day is given above this row' });
      continue;
    }

    for (const t of header.teachers) {
      const text = cell(t.col);
      const previous = open.get(t.col);
      if (text === '' || isBreakCell(text)) {
        if (previous) drafts.push(previous.draft);
        open.delete(t.col);
        continue;
      }
      if (previous && previous.text.toUpperCase() === text.toUpperCase()) {
        previous.draft.end = range.end;
        previous.draft.rows.push(row);
        previous.draft.type = 'lab';
        continue;
      }
      if (previous) drafts.push(previous.draft);
      open.delete(t.col);
      const code = parseLectureCode(text);
      if ('error' in code) {
        issues.push({ row, column: t.code, message: code.error });
        continue;
      }
      open.set(t.col, {
        text,
        code,
        draft: {
          at: { row, column: t.code },
          // The whole lecture is one cell of the teacher's column.
          columns: { subject: t.code, teacher: t.code, division: t.code, batches: t.code, classroom: t.code },
          rows: [row],
          day,
          start: range.start,
          end: range.end,
          stream: code.stream,
          semesterNo: code.semesterNo,
          divisionName: code.divisionName,
          batchNames: code.batchNames,
          subject: code.subject,
          teacherCode: t.code,
          classroomName: code.classroomName,
          type: code.batchNames.length > 0 ? 'practical' : 'theory',
        },
      });
    }
  }
  closeAll();
  drafts.sort((a, b) => a.at.row - b.at.row || a.at.column.localeCompare(b.at.column));
  return { format: 'grid', drafts, issues, preamble };
}
