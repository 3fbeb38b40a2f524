import type { ParsedFile } from './drafts';
import { findGridHeader, parseGrid } from './grid-format';
import { findRowHeader, parseRows } from './row-format';
import { readTable, UnreadableFileError, type TableReader } from './read-table';

/**
 * Reads an uploaded master timetable in either format (the original grid with one column per
 * teacher, or one lecture per row), CSV or .xlsx, through `read` (the spreadsheet worker for
 * uploads). Never throws for bad content: a file that cannot be read or has no recognisable header
 * comes back as a single issue. A file beyond the reading limits throws its 413 AppError.
 */
export async function parseTimetableFile(
  file: { filename: string; data: Buffer },
  read: TableReader = readTable,
): Promise<ParsedFile> {
  let rows;
  try {
    rows = await read(file);
  } catch (err) {
    if (!(err instanceof UnreadableFileError)) throw err;
    return {
      format: 'grid',
      drafts: [],
      preamble: '',
      // The row the reader failed at when it knows one (a CSV quote never closed), else the start.
      issues: [{ row: err.row ?? 1, column: '', message: err.message }],
    };
  }
  const grid = findGridHeader(rows);
  const list = findRowHeader(rows);
  if (grid && (!list || grid.index <= list.index)) return parseGrid(rows, grid);
  if (list) return parseRows(rows, list);
  return {
    format: 'grid',
    drafts: [],
    preamble: '',
    issues: [
      {
        row: 1,
        column: '',
        message:
          'No header row found: expected either DAY, TIME and one column per teacher code, or day, start, end, subject, teacher, division, batches, classroom',
      },
    ],
  };
}
