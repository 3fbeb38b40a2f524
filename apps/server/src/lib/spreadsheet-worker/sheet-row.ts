/** One row of an uploaded sheet: its 1-based row number in the file, and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** The two formats the server reads; the old binary .xls is refused before it gets this far. */
export type SpreadsheetKind = 'csv' | 'xlsx';
