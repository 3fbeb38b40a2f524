import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect } from './fixtures';

/** An institution workbook as the tests write it: sheet name → rows of text cells (codes keep leading zeros). */
export type Sheets = Record<string, string[][]>;

/** The workbook as the .xlsx bytes a registrar would upload. */
export async function xlsx(sheets: Sheets): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Chooses a workbook in the Institution Setup page's file picker and waits for the page to name it. */
export async function chooseWorkbook(page: Page, name: string, sheets: Sheets): Promise<void> {
  await page.getByLabel(/Choose the workbook/).setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsx(sheets),
  });
  await expect(page.getByText(/Selected file:/)).toContainText(name);
}
