import { readSpreadsheet, spreadsheetKind } from '../../../lib/spreadsheet-worker/read-spreadsheet';
import type { SheetRow } from '../../../lib/spreadsheet-worker/sheet-row';

export { UnreadableFileError } from '../../../lib/spreadsheet-worker/spreadsheet-errors';

/** One row of an uploaded sheet: its 1-based row number in the file, and its cells as text. */
export type TableRow = SheetRow;

/** Reads an uploaded file into rows: the upload route passes `app.spreadsheets.read` (a worker thread). */
export type TableReader = (file: { filename: string; data: Buffer }) => Promise<TableRow[]>;

/**
 * Reads the first sheet of an uploaded timetable into rows of text on the calling thread, whatever
 * the format: an .xlsx workbook (recognised by its content, not its name) or CSV text (comma,
 * semicolon or tab). The old binary .xls format is refused with a request to save as .xlsx or .csv.
 * For direct checks of small files; requests read through the spreadsheet worker instead, so a big
 * file never holds up the server.
 */
export const readTable: TableReader = async (file) => readSpreadsheet(spreadsheetKind(file), file.data);
