/**
 * What one uploaded spreadsheet may cost to read. The largest real timetable (one lecture per row,
 * a whole institution) has a few thousand rows of about ten cells; the limits leave a wide margin
 * above that while keeping the worker's memory bounded: ExcelJS holds every cell of a workbook as
 * an object (about 1 KB each), so cells, not bytes, decide its memory.
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
  maxRows: 20_000,
  maxCells: 250_000,
  maxMs: 20_000,
  maxHeapMb: 512,
};

/** Megabytes for messages, rounded so "over 32 MB" reads naturally. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
