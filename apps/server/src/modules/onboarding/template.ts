import type { ExcelFile } from '@rollbook/contract';
import { buildWorkbook, type SheetSpec as WorkbookSheetSpec } from '../../lib/workbook';
import { WORKBOOK_FORMAT } from './workbook-format';

export const TEMPLATE_FILE_NAME = 'institution-workbook.xlsx';

/**
 * The institution workbook template: every sheet with its header and one example row (the rows
 * fit together, so the template imports as is), and an "Instructions" sheet describing each column.
 * Every cell is text, so codes keep their leading zeros when the file is edited.
 */
export function buildTemplate(): Promise<ExcelFile> {
  const sheets: WorkbookSheetSpec[] = WORKBOOK_FORMAT.map((sheet) => ({
    name: sheet.name,
    columns: sheet.columns.map((c) => ({
      header: c.name,
      width: Math.max(12, c.name.length + 4, c.example.length + 2),
    })),
    rows: [sheet.columns.map((c) => c.example)],
  }));
  sheets.push({
    name: 'Instructions',
    columns: [
      { header: 'sheet', width: 14 },
      { header: 'column', width: 18 },
      { header: 'key', width: 6 },
      { header: 'required', width: 10 },
      { header: 'what it holds', width: 90 },
    ],
    rows: WORKBOOK_FORMAT.flatMap((sheet) => [
      [sheet.name, '', '', '', sheet.help],
      ...sheet.columns.map((c) => ['', c.name, c.key ? 'key' : '', c.required ? 'yes' : '', c.help]),
    ]),
  });
  return buildWorkbook(TEMPLATE_FILE_NAME, sheets);
}
