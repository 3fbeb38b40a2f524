import { parse } from 'csv-parse/sync';
import { AppError } from '../app-error';
import { guessDelimiter } from '../csv';
import type { SheetRow } from './sheet-row';
import type { SpreadsheetLimits } from './spreadsheet-limits';
import { UnreadableFileError } from './spreadsheet-errors';
import { tooManyCells, tooManyRows } from './zip-guard';

/**
 * The parser's failure as the row it happened in and one plain sentence. csv-parse reports an
 * unclosed quote at the file's end, not where the quote opened, so its own line number misleads.
 */
function csvProblem(err: Error, row: number): UnreadableFileError {
  if ((err as { code?: unknown }).code === 'CSV_QUOTE_NOT_CLOSED')
    return new UnreadableFileError('A quote (") opened in this row is never closed', row);
  return new UnreadableFileError(`The CSV file could not be read: ${err.message}`, row);
}

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
  // The last line of the last record read: a failing record starts on the line after it.
  let lastLine = 0;
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
        const withInfo = record as unknown as { record: string[]; info?: { lines: number } };
        const fields = Array.isArray(record) ? record : withInfo.record;
        if (withInfo.info) lastLine = withInfo.info.lines;
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
    throw csvProblem(err, lastLine + 1);
  }
  let previousEnd = 0;
  return records.map(({ record, info }) => {
    const row = previousEnd + 1;
    previousEnd = info.lines;
    return { row, cells: record.map((c) => c.trim()) };
  });
}
