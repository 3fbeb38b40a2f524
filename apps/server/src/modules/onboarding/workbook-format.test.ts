import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WORKBOOK_SHEETS } from '@rollbook/contract';
import { normaliseName, sheetOfName, WORKBOOK_FORMAT } from './workbook-format';

const DOC = path.resolve(import.meta.dirname, '../../../../../docs/institution-workbook.md');

describe('the workbook format', () => {
  it('has every sheet of the contract, in its order, and no column twice', () => {
    expect(WORKBOOK_FORMAT.map((s) => s.name)).toEqual([...WORKBOOK_SHEETS]);
    for (const sheet of WORKBOOK_FORMAT) {
      const names = sheet.columns.map((c) => normaliseName(c.name));
      expect(new Set(names).size, sheet.name).toBe(names.length);
      expect(
        sheet.columns.filter((c) => c.key).every((c) => c.required),
        sheet.name,
      ).toBe(true);
    }
  });

  it('is documented: every sheet and column appears in docs/institution-workbook.md', async () => {
    const doc = await readFile(DOC, 'utf8');
    for (const sheet of WORKBOOK_FORMAT) {
      expect(doc, sheet.name).toContain(`### ${sheet.name}`);
      for (const column of sheet.columns)
        expect(doc, `${sheet.name}.${column.name}`).toContain(`\`${column.name}\``);
    }
  });

  it('matches sheet and file names without case or spacing', () => {
    expect(sheetOfName(' students ')).toBe('Students');
    expect(sheetOfName('CLASS_ROOMS.CSV')).toBe('Classrooms');
    expect(sheetOfName('Instructions')).toBeUndefined();
  });
});
