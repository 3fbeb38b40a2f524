import type { SheetRow, SpreadsheetKind } from './sheet-row';
import type { SpreadsheetLimits } from './spreadsheet-limits';
import { readSpreadsheet } from './read-spreadsheet';

/** What the runner posts for one read; the bytes arrive as a Uint8Array (postMessage drops Buffer). */
export interface ReadSpreadsheetInput {
  kind: SpreadsheetKind;
  data: Uint8Array;
  limits: SpreadsheetLimits;
}

/** The calls the spreadsheet worker answers (one: read a file into rows). */
export const spreadsheetTasks = {
  readSpreadsheet: (input: ReadSpreadsheetInput): Promise<SheetRow[]> =>
    readSpreadsheet(
      input.kind,
      Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength),
      input.limits,
    ),
};

export type SpreadsheetTasks = typeof spreadsheetTasks;
