import ExcelJS from 'exceljs';
import type { ExcelFile } from '@rollbook/contract';

/** One worksheet: column headers with widths, then rows of cell values in column order. */
export interface SheetSpec {
  name: string;
  columns: { header: string; width: number }[];
  rows: (string | number | null)[][];
}

/**
 * Builds an .xlsx file as the contract's download shape (standard base64, no line breaks). Headers
 * are bold, frozen and filterable, so a sheet is usable as soon as it is opened. Every value is
 * written as a typed cell (string or number), never as a formula, so a name such as `=HYPERLINK(...)`
 * typed by a user stays text in every spreadsheet program (no formula injection).
 */
export async function buildWorkbook(fileName: string, sheets: SheetSpec[]): Promise<ExcelFile> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rollbook';
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => ({ header: c.header, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    for (const row of spec.rows) sheet.addRow(row);
    if (spec.columns.length > 0) {
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
    }
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return { file_content: Buffer.from(buffer).toString('base64'), file_name: fileName };
}
