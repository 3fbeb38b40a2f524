/**
 * What one uploaded spreadsheet may cost to read. The largest real timetable is a whole college in
 * the one-lecture-per-row format: about 120 divisions of 35 lectures a week, 4,200 rows of nine
 * cells (the grid format has under 100 rows of one column per teacher). The limits leave twice that
 * and more, while bounding the work: ExcelJS holds every cell of a workbook as an object (about
 * 1 KB each), so cells, not bytes, decide the worker's memory, and the rows sent back are checked
 * on the request thread.
 */
export interface SpreadsheetLimits {
  /**
   * Sum of the unpacked sizes of an .xlsx file's parts. Checked on the zip's central directory
   * before anything is unpacked, then again while unpacking (a forged directory can understate).
   */
  maxInflatedBytes: number;
  /** Parts in one .xlsx zip. */
  maxZipEntries: number;
  /** Rows of the sheet (for .xlsx, also the highest row number: blank rows in between count). */
  maxRows: number;
  /** Cells of the sheet, blank ones in the middle of a row included; for .xlsx, of all its sheets. */
  maxCells: number;
  /** Wall-clock time of one read in the worker: past it the worker is terminated. */
  maxMs: number;
  /** Old-generation heap of the worker thread: past it Node stops the worker. */
  maxHeapMb: number;
}

export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxInflatedBytes: 32 * 1024 * 1024,
  maxZipEntries: 1000,
  maxRows: 10_000,
  maxCells: 150_000,
  maxMs: 20_000,
  maxHeapMb: 512,
};

/** Megabytes for messages, rounded so "over 32 MB" reads naturally. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
