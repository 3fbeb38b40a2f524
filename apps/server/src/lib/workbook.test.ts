import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildWorkbook } from './workbook';

describe('buildWorkbook', () => {
  it('writes values that look like formulas as plain text, never as formulas', async () => {
    const hostile = ['=HYPERLINK("http://evil.test","x")', '+1+1', '-2+3', '@SUM(A1:A2)'];
    const file = await buildWorkbook('t.xlsx', [
      { name: 'Sheet', columns: [{ header: 'Name', width: 20 }], rows: hostile.map((v) => [v]) },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.file_content, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Sheet')!;
    hostile.forEach((value, i) => {
      const cell = sheet.getCell(i + 2, 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeFalsy();
      expect(cell.value).toBe(value);
    });
    expect(sheet.getCell(1, 1).font?.bold).toBe(true);
    expect(file.file_name).toBe('t.xlsx');
    expect(file.file_content).not.toMatch(/\s/);
  });
});
