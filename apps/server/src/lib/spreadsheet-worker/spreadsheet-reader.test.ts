import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { createSpreadsheetReader, type SpreadsheetReader } from './spreadsheet-reader';
import { SPREADSHEET_LIMITS } from './spreadsheet-limits';
import { SpreadsheetTooLargeError, UnreadableFileError } from './spreadsheet-errors';
import { smallWorkbook, xlsxBomb } from './testing/xlsx-bomb';

const csv = (text: string, filename = 'sheet.csv') => ({ filename, data: Buffer.from(text) });

/** A CSV the worker needs a while to read: 10,000 rows of ten cells (the most it reads). */
const BIG_CSV = Array.from({ length: 10_000 }, (_, i) => `row ${i},b,c,d,e,f,g,h,i,j`).join('\n');

describe('spreadsheet reader (worker thread)', () => {
  let reader: SpreadsheetReader;
  afterEach(async () => {
    await reader.close();
  });

  it('reads CSV and .xlsx files into rows in the worker', async () => {
    reader = createSpreadsheetReader();
    expect(await reader.read(csv('a;b\n"c\nd";e\n'))).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['c\nd', 'e'] },
    ]);
    const xlsx = await smallWorkbook([
      ['DAY', 'TIME'],
      ['MONDAY', '09:00-10:00'],
    ]);
    expect(await reader.read({ filename: 'upload', data: xlsx })).toEqual([
      { row: 1, cells: ['DAY', 'TIME'] },
      { row: 2, cells: ['MONDAY', '09:00-10:00'] },
    ]);
  });

  it('refuses in the worker with the same errors: unreadable (400) and too large (413)', async () => {
    reader = createSpreadsheetReader();
    const bomb = await xlsxBomb(40 * 1024 * 1024);
    const tooLarge = await reader.read({ filename: 'bomb.xlsx', data: bomb }).catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(SpreadsheetTooLargeError);
    expect((tooLarge as AppError).status).toBe(413);
    expect((tooLarge as Error).message).toMatch(/^The file is too large once unpacked \(over 32 MB\)/);
    const cut = await reader
      .read({ filename: 'cut.xlsx', data: bomb.subarray(0, 1000) })
      .catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(UnreadableFileError);
    expect((cut as AppError).status).toBe(400);
    // The row of an unreadable CSV survives the trip back from the worker.
    const openQuote = await reader.read(csv('a,b\nc,d\n"e,f\ng,h\n')).catch((e: unknown) => e);
    expect(openQuote).toBeInstanceOf(UnreadableFileError);
    expect((openQuote as UnreadableFileError).row).toBe(3);
    // Refused before the queue: nothing for the worker to do.
    await expect(reader.read(csv('', 'empty.csv'))).rejects.toThrow('The file is empty');
  });

  it('stops a read past the time limit with a 413', async () => {
    reader = createSpreadsheetReader({ limits: { ...SPREADSHEET_LIMITS, maxMs: 1 } });
    const err = await reader.read(csv(BIG_CSV)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpreadsheetTooLargeError);
    expect((err as Error).message).toMatch(/^The file took too long to read \(over 1 ms\)/);
  });

  it('answers 413 when a read runs out of the worker heap, then reads the next file in a fresh worker', async () => {
    // 32 MB holds the worker's own modules; 9,000 rows of 6,000 characters are 54 MB of text
    // before parsing, several times the heap whenever the collector runs. The time limit is
    // lifted so that a slow machine still ends this read on memory, not on time.
    reader = createSpreadsheetReader({
      limits: { ...SPREADSHEET_LIMITS, maxHeapMb: 32, maxMs: 120_000 },
    });
    expect(await reader.read(csv('a,b'))).toEqual([{ row: 1, cells: ['a', 'b'] }]);
    const cells = Array.from({ length: 200 }, (_, c) => `cell${c}`).join(',');
    const wide = Array.from({ length: 9_000 }, (_, i) => `row ${i},${cells}`).join('\n');
    const err = await reader.read(csv(wide)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpreadsheetTooLargeError);
    expect((err as Error).message).toMatch(
      /^The file needs more memory to read than the server allows \(32 MB\)/,
    );
    expect(await reader.read(csv('c,d'))).toEqual([{ row: 1, cells: ['c', 'd'] }]);
  }, 180_000);

  it('refuses reads beyond the queue bound at once with a 503', async () => {
    reader = createSpreadsheetReader({ maxQueue: 0 });
    const first = reader.read(csv(BIG_CSV));
    const second = await reader.read(csv('a,b')).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(AppError);
    expect((second as AppError).code).toBe('overloaded');
    expect(await first).toHaveLength(10_000);
  });
});
