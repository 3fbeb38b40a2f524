import { parse } from 'csv-parse/sync';
import { AppError } from '../app-error';
import { guessDelimiter } from '../csv';
import type { SheetRow } from './sheet-row';
import type { SpreadsheetLimits } from './spreadsheet-limits';
import { UnreadableFileError } from './spreadsheet-errors';
import { tooManyCells, tooManyRows } from './zip-guard';

/**
 * Reads CSV text (comma, semicolon or tab separated) into rows of trimmed cells, each with the
 * line it starts on. Stops as soon as the rows or cells pass the limits, before reading the rest.
 */
export function readCsv(data: Buffer, limits: SpreadsheetLimits): SheetRow[] {
  const text = data.toString('utf8');
  if (text.includes('\u0000'))
    throw new UnreadableFileError('The file is neither a CSV text file nor an Excel workbook');
  let rows = 0;
  let cells = 0;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
      // With `info`, csv-parse hands this hook `{ record, info }`, whatever its types say.
      on_record: (record: string[]) => {
        const fields = Array.isArray(record) ? record : (record as { record: string[] }).record;
        rows += 1;
        cells += fields.length;
        if (rows > limits.maxRows) throw tooManyRows(limits);
        if (cells > limits.maxCells) throw tooManyCells(limits);
        return record;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    // Our own refusals (too many rows or cells) pass through as they are.
    if (err instanceof AppError || !(err instanceof Error)) throw err;
    throw new UnreadableFileError(`The CSV file could not be read: ${err.message}`);
  }
  let previousEnd = 0;
  return records.map(({ record, info }) => {
    const row = previousEnd + 1;
    previousEnd = info.lines;
    return { row, cells: record.map((c) => c.trim()) };
  });
}
