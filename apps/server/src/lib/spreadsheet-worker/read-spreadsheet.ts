import type { SheetRow, SpreadsheetKind } from './sheet-row';
import { SPREADSHEET_LIMITS, type SpreadsheetLimits } from './spreadsheet-limits';
import { UnreadableFileError } from './spreadsheet-errors';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * Which reader an upload needs: an .xlsx workbook (recognised by its content, or its name) or CSV
 * text. Empty files and the old binary .xls format are refused here, before any work is queued.
 */
export function spreadsheetKind(file: { filename: string; data: Uint8Array }): SpreadsheetKind {
  if (file.data.length === 0) throw new UnreadableFileError('The file is empty');
  const head = Buffer.from(file.data.subarray(0, 4));
  if (head.equals(OLE_MAGIC) || /\.xls$/i.test(file.filename)) {
    throw new UnreadableFileError('Old .xls workbooks are not supported; save the sheet as .xlsx or .csv');
  }
  return head.equals(ZIP_MAGIC) || /\.xlsx$/i.test(file.filename) ? 'xlsx' : 'csv';
}

/**
 * Reads a spreadsheet's first sheet into rows of text, on the calling thread. Request handlers
 * use the worker (spreadsheet-reader.ts), which runs this same function off the request thread.
 */
export async function readSpreadsheet(
  kind: SpreadsheetKind,
  data: Buffer,
  limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): Promise<SheetRow[]> {
  return kind === 'xlsx' ? readXlsx(data, limits) : readCsv(data, limits);
}
