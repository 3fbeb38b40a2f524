import { describe, expect, it } from 'vitest';
import { checkZip } from './zip-guard';
import { readSpreadsheet } from './read-spreadsheet';
import { SPREADSHEET_LIMITS, type SpreadsheetLimits } from './spreadsheet-limits';
import { SpreadsheetTooLargeError, UnreadableFileError } from './spreadsheet-errors';
import { smallWorkbook, xlsxBomb } from './testing/xlsx-bomb';

/** Small limits so the files stay small: 1 MB unpacked, 50 rows, 200 cells. */
const limits: SpreadsheetLimits = {
  ...SPREADSHEET_LIMITS,
  maxInflatedBytes: 1024 * 1024,
  maxRows: 50,
  maxCells: 200,
};

function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

/** Overwrites every byte of the packed sheet data, leaving the zip's directory intact. */
function scrambleSheetData(zip: Buffer): Buffer {
  const copy = Buffer.from(zip);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = copy.indexOf(name) - 30;
  const start = local + 30 + name.length;
  const size = copy.readUInt32LE(local + 18);
  copy.fill(0xff, start, start + size);
  return copy;
}

describe('zip guard', () => {
  it('refuses a zip bomb from its central directory, before unpacking anything', async () => {
    // The sheet's packed bytes are garbage: unpacking them would fail as "damaged", so a
    // "too large" answer can only come from the sizes the directory declares.
    const bomb = scrambleSheetData(await xlsxBomb(2 * 1024 * 1024));
    const err = refusal(() => checkZip(bomb, limits));
    expect(err).toBeInstanceOf(SpreadsheetTooLargeError);
    expect((err as Error).message).toMatch(
      /^The file is too large once unpacked \(over 1 MB\), so nothing was saved\./,
    );
  });

  it('refuses a bomb whose directory understates its size, while unpacking', async () => {
    const forged = await xlsxBomb(2 * 1024 * 1024, { declaredSize: 1000 });
    const err = refusal(() => checkZip(forged, limits));
    expect(err).toBeInstanceOf(SpreadsheetTooLargeError);
    expect((err as Error).message).toMatch(/too large once unpacked \(over 1 MB\)/);
  });

  it('counts rows and cells on the sheet XML, before ExcelJS builds them', async () => {
    const wide = await smallWorkbook(Array.from({ length: 10 }, () => Array.from({ length: 21 }, () => 'x')));
    expect((refusal(() => checkZip(wide, limits)) as Error).message).toMatch(
      /^The file has more than 200 cells/,
    );
    const long = await smallWorkbook(Array.from({ length: 51 }, () => ['x']));
    expect((refusal(() => checkZip(long, limits)) as Error).message).toMatch(
      /^The file has more than 50 rows/,
    );
  });

  it('lets a normal workbook through, and ExcelJS reads it', async () => {
    const file = await smallWorkbook([
      ['DAY', 'TIME', 'CST'],
      ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101'],
    ]);
    expect(refusal(() => checkZip(file, limits))).toBeNull();
    expect(await readSpreadsheet('xlsx', file, limits)).toEqual([
      { row: 1, cells: ['DAY', 'TIME', 'CST'] },
      { row: 2, cells: ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101'] },
    ]);
  });

  it('calls a cut or damaged file unreadable', async () => {
    const file = await smallWorkbook([['DAY', 'TIME']]);
    for (const broken of [
      file.subarray(0, file.length - 30),
      scrambleSheetData(file),
      Buffer.from('PK\u0003\u0004 not a zip'),
    ]) {
      const err = refusal(() => checkZip(broken, limits));
      expect(err).toBeInstanceOf(UnreadableFileError);
      expect((err as Error).message).toBe(
        'The Excel file could not be read; it may be damaged or incomplete',
      );
    }
  });
});

describe('CSV limits', () => {
  it('stops reading at the first row or cell over the limit', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => `r${i}`).join('\n');
    await expect(readSpreadsheet('csv', Buffer.from(rows), limits)).rejects.toThrow(
      /^The file has more than 50 rows/,
    );
    const cells = Array.from({ length: 201 }, () => 'x').join(',');
    await expect(readSpreadsheet('csv', Buffer.from(cells), limits)).rejects.toThrow(
      /^The file has more than 200 cells/,
    );
    const fits = Array.from({ length: 50 }, () => 'a,b,c,d').join('\n');
    expect(await readSpreadsheet('csv', Buffer.from(fits), limits)).toHaveLength(50);
  });
});
