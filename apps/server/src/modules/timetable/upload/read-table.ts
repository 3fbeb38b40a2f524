import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** One row of an uploaded sheet: its 1-based row number in the file, and its cells as text. */
export interface TableRow {
  row: number;
  cells: string[];
}

/** Why a file could not be read at all (not a CSV, not a workbook, empty). */
export class UnreadableFileError extends Error {}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The separator most used in the first lines: Excel exports with `;` in some locales. */
function guessDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 10).join('\n');
  const counts = [',', ';', '\t'].map((d) => ({ d, n: head.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0] && counts[0].n > 0 ? counts[0].d : ',';
}

function readCsv(data: Buffer): TableRow[] {
  const text = data.toString('utf8');
  if (text.includes('\u0000'))
    throw new UnreadableFileError('The file is neither a CSV text file nor an Excel workbook');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new UnreadableFileError(`The CSV file could not be read: ${why}`);
  }
  let previousEnd = 0;
  return records.map(({ record, info }) => {
    const row = previousEnd + 1;
    previousEnd = info.lines;
    return { row, cells: record.map((c) => c.trim()) };
  });
}

/** Excel stores a time-formatted cell as a date on 1899-12-30; anything else is a real date. */
function dateCellText(d: Date): string {
  if (d.getUTCFullYear() <= 1900) {
    return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  }
  return d.toISOString().slice(0, 10);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateCellText(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(data: Buffer): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFileError('The Excel file could not be read; it may be damaged or incomplete');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError('The Excel file has no sheet');
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value).trim();
    });
    rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return rows;
}

/**
 * Reads the first sheet of an uploaded timetable into rows of text, whatever the format: an .xlsx
 * workbook (recognised by its content, not its name) or CSV text (comma, semicolon or tab). The old
 * binary .xls format is refused with a request to save as .xlsx or .csv.
 */
export async function readTable(file: { filename: string; data: Buffer }): Promise<TableRow[]> {
  if (file.data.length === 0) throw new UnreadableFileError('The file is empty');
  const head = file.data.subarray(0, 4);
  if (head.equals(OLE_MAGIC) || /\.xls$/i.test(file.filename)) {
    throw new UnreadableFileError('Old .xls workbooks are not supported; save the sheet as .xlsx or .csv');
  }
  const rows =
    head.equals(ZIP_MAGIC) || /\.xlsx$/i.test(file.filename) ? await readXlsx(file.data) : readCsv(file.data);
  return rows;
}
