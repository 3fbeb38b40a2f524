import { describe, expect, it } from 'vitest';
import { WORKBOOK_MAX_BYTES } from '@rollbook/contract';
import { sizeText, workbookFileProblem } from './workbook-file';

const file = (name: string, size = 100) => ({ name, size });

describe('workbookFileProblem', () => {
  it('takes an .xlsx workbook and a .csv named after a sheet, whatever the case and spaces', () => {
    expect(workbookFileProblem(file('institution.xlsx'))).toBeNull();
    expect(workbookFileProblem(file('SETUP.XLSX'))).toBeNull();
    expect(workbookFileProblem(file('Students.csv'))).toBeNull();
    expect(workbookFileProblem(file('class rooms.CSV'))).toBeNull();
  });

  it('refuses another type, naming what it expects', () => {
    expect(workbookFileProblem(file('people.xls'))).toBe(
      'people.xls is not a workbook: choose an Excel workbook (.xlsx) or one sheet saved as .csv.',
    );
    expect(workbookFileProblem(file('notes'))).toMatch(/^notes is not a workbook/);
  });

  it('refuses an empty file and one over the limit', () => {
    expect(workbookFileProblem(file('empty.xlsx', 0))).toBe('empty.xlsx is empty.');
    expect(workbookFileProblem(file('big.xlsx', WORKBOOK_MAX_BYTES))).toBeNull();
    expect(workbookFileProblem(file('big.xlsx', 50 * 1024 * 1024))).toBe(
      'big.xlsx is 50 MB; a workbook may be at most 5 MB.',
    );
  });

  it('refuses a .csv that names no sheet', () => {
    expect(workbookFileProblem(file('people.csv'))).toMatch(
      /^A \.csv file holds one sheet and is named after it \(for example Students\.csv\); people\.csv names none of Branches, /,
    );
  });
});

describe('sizeText', () => {
  it('says megabytes from one MB up and kilobytes below', () => {
    expect(sizeText(20 * 1024 * 1024)).toBe('20 MB');
    expect(sizeText(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(sizeText(2048)).toBe('2 KB');
    expect(sizeText(10)).toBe('1 KB');
  });
});
