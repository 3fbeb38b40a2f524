import ExcelJS from 'exceljs';
import type { SheetRow } from './sheet-row';
import type { SpreadsheetLimits } from './spreadsheet-limits';
import { UnreadableFileError } from './spreadsheet-errors';
import { checkZip, tooManyCells, tooManyRows } from './zip-guard';

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
    return '';
  }
  return String(value);
}

/**
 * Reads the first sheet of an .xlsx workbook into rows of trimmed cell text, blank rows and cells
 * included so row numbers match Excel's. The zip is checked first (zip-guard.ts), so ExcelJS only
 * ever unpacks a file whose size, rows and cells are within the limits.
 */
export async function readXlsx(data: Buffer, limits: SpreadsheetLimits): Promise<SheetRow[]> {
  checkZip(data, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFileError('The Excel file could not be read; it may be damaged or incomplete');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError('The Excel file has no sheet');
  // Blank rows up to the last one are listed too: a lone cell far down would make a huge sheet.
  if (sheet.rowCount > limits.maxRows) throw tooManyRows(limits);
  const rows: SheetRow[] = [];
  let cellCount = 0;
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    // Blank cells up to the row's last one are listed too; a cell in column XFD means 16,384.
    cellCount += row.cellCount;
    if (cellCount > limits.maxCells) throw tooManyCells(limits);
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value).trim();
    });
    rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return rows;
}
