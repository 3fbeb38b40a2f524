import { AppError } from '../app-error';

/**
 * The file cannot be read as a spreadsheet at all (not CSV text, not a workbook, damaged, empty).
 * A 400; a caller that reports file problems as a list (the timetable upload) catches it and lists it.
 */
export class UnreadableFileError extends AppError {
  /** The 1-based row of the file where reading failed, when the reader knows it. */
  readonly row: number | undefined;

  constructor(message: string, row?: number) {
    super('bad_request', message);
    this.name = 'UnreadableFileError';
    this.row = row;
  }
}

/** The file is beyond what the server reads (unpacked size, rows, cells, time, memory): a 413. */
export class SpreadsheetTooLargeError extends AppError {
  constructor(message: string) {
    super('payload_too_large', message);
    this.name = 'SpreadsheetTooLargeError';
  }
}
