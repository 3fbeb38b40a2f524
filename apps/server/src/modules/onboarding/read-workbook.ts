import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  WORKBOOK_MAX_BYTES,
  WORKBOOK_SHEETS,
  type WorkbookProblem,
  type WorkbookSheet,
} from '@rollbook/contract';
import { guessDelimiter } from '../../lib/csv';
import { sheetOfName } from './workbook-format';
import { guardZip, ZipRefusedError } from './zip-guard';

/** An uploaded file: its name (only its extension and, for CSV, its sheet name matter) and bytes. */
export interface WorkbookFile {
  name: string;
  data: Buffer;
}

/** One row as the spreadsheet numbers it, its cells as trimmed text. */
export interface RawRow {
  row: number;
  cells: string[];
}

/** One sheet as read: its rows (the header first), and the cells that hold formulas. */
export interface RawSheet {
  sheet: WorkbookSheet;
  /** The sheet or file name it was read from, for messages. */
  source: string;
  rows: RawRow[];
  /** Cells holding a formula, by row number and 0-based column: a problem (values only). */
  formulas: { row: number; col: number }[];
}

/** What reading produced: the sheets found, and the problems that stopped a file being read. */
export interface RawWorkbook {
  sheets: RawSheet[];
  problems: WorkbookProblem[];
}

/** Limits on what is read, so a hostile file costs bounded memory and time. */
export const READ_LIMITS = {
  /** An upload or a file of the folder: the contract's limit, the HTTP upload limit too. */
  maxFileBytes: WORKBOOK_MAX_BYTES,
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxZipEntries: 2_000,
  maxRowsPerSheet: 50_000,
  maxColumns: 100,
} as const;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const EXPECTED = `expected an .xlsx workbook, or .csv files named after the sheets (${WORKBOOK_SHEETS.join(', ')})`;

const fileProblem = (message: string): WorkbookProblem => ({ sheet: null, row: null, column: null, message });

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Excel dates as ISO days; whole numbers and text as they are. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
    if ('text' in value) return cellText(value.text);
    return '';
  }
  return String(value);
}

async function readXlsx(file: WorkbookFile, problems: WorkbookProblem[]): Promise<RawSheet[]> {
  try {
    guardZip(file.data, {
      maxUnpackedBytes: READ_LIMITS.maxUnpackedBytes,
      maxEntries: READ_LIMITS.maxZipEntries,
    });
  } catch (err) {
    if (!(err instanceof ZipRefusedError)) throw err;
    problems.push(fileProblem(`${file.name}: ${err.message}`));
    return [];
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file.data as unknown as ArrayBuffer);
  } catch {
    problems.push(
      fileProblem(`${file.name}: the workbook cannot be read; it may be damaged or not an .xlsx file`),
    );
    return [];
  }
  const sheets: RawSheet[] = [];
  for (const worksheet of workbook.worksheets) {
    const sheet = sheetOfName(worksheet.name);
    if (!sheet) continue;
    if (worksheet.actualRowCount > READ_LIMITS.maxRowsPerSheet) {
      problems.push({
        sheet,
        row: null,
        column: null,
        message: `The sheet has ${worksheet.actualRowCount} rows; at most ${READ_LIMITS.maxRowsPerSheet} are accepted`,
      });
      continue;
    }
    const raw: RawSheet = { sheet, source: worksheet.name, rows: [], formulas: [] };
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        if (col > READ_LIMITS.maxColumns) return;
        if (cell.type === ExcelJS.ValueType.Formula) raw.formulas.push({ row: rowNumber, col: col - 1 });
        cells[col - 1] = cellText(cell.value).trim();
      });
      raw.rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
    });
    sheets.push(raw);
  }
  return sheets;
}

function readCsv(
  file: WorkbookFile,
  sheet: WorkbookSheet,
  problems: WorkbookProblem[],
): RawSheet | undefined {
  const text = file.data.toString('utf8');
  // UTF-16 (Excel's "Unicode Text") starts with its byte-order mark and is full of zero bytes: it is
  // text, only not UTF-8, so it gets the advice that fixes it rather than "not a text file".
  const [first, second] = file.data;
  const utf16 = (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff);
  if (text.includes('\u0000') && !utf16) {
    problems.push(fileProblem(`${file.name}: not a text file; ${EXPECTED}`));
    return undefined;
  }
  if (utf16 || text.includes('\uFFFD')) {
    problems.push({
      sheet,
      row: null,
      column: null,
      message: `${file.name} is not UTF-8 text; save it as "CSV UTF-8 (comma delimited)"`,
    });
    return undefined;
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      info: true,
      to: READ_LIMITS.maxRowsPerSheet + 1,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    problems.push({ sheet, row: null, column: null, message: `${file.name} cannot be read as CSV: ${why}` });
    return undefined;
  }
  if (records.length > READ_LIMITS.maxRowsPerSheet) {
    problems.push({
      sheet,
      row: null,
      column: null,
      message: `The sheet has more than ${READ_LIMITS.maxRowsPerSheet} rows; at most ${READ_LIMITS.maxRowsPerSheet} are accepted`,
    });
    return undefined;
  }
  const raw: RawSheet = { sheet, source: file.name, rows: [], formulas: [] };
  let previousEnd = 0;
  for (const { record, info } of records) {
    const row = previousEnd + 1;
    previousEnd = info.lines;
    const cells = record.slice(0, READ_LIMITS.maxColumns).map((c) => c.trim());
    if (cells.every((c) => c === '')) continue;
    // CSV has no formulas, but a cell typed as one would become a formula again in Excel.
    cells.forEach((c, col) => {
      if (c.startsWith('=')) raw.formulas.push({ row, col });
    });
    raw.rows.push({ row, cells });
  }
  return raw;
}

/** What a file's first bytes say it is; the name only decides between CSV and other text. */
function kindOf(file: WorkbookFile): 'xlsx' | 'xls' | 'csv' | 'other' {
  const head = file.data.subarray(0, 4);
  if (head.equals(ZIP_MAGIC)) return 'xlsx';
  if (head.equals(OLE_MAGIC)) return 'xls';
  if (/\.csv$/i.test(file.name)) return 'csv';
  return 'other';
}

/**
 * Reads an institution workbook into rows of text: one .xlsx file (recognised by its content), or
 * one or more .csv files each named after its sheet. Never throws for bad content: anything that
 * stops a file being read is a problem of the result (wrong type, too large, damaged, zip bomb).
 * Unknown sheet names are skipped, so a workbook may carry notes of its own. This is the one place
 * that touches file formats, so it can move to a worker thread without the checks noticing.
 */
export async function readWorkbook(files: WorkbookFile[]): Promise<RawWorkbook> {
  const problems: WorkbookProblem[] = [];
  const sheets: RawSheet[] = [];
  if (files.length === 0) return { sheets, problems: [fileProblem(`No file was given; ${EXPECTED}`)] };
  for (const file of files) {
    if (file.data.length > READ_LIMITS.maxFileBytes) {
      problems.push(
        fileProblem(
          `${file.name} is ${megabytes(file.data.length)}; the largest file accepted is ${megabytes(READ_LIMITS.maxFileBytes)}`,
        ),
      );
      continue;
    }
    if (file.data.length === 0) {
      problems.push(fileProblem(`${file.name} is empty; ${EXPECTED}`));
      continue;
    }
    const kind = kindOf(file);
    if (kind === 'xls') {
      problems.push(fileProblem(`${file.name} is an old .xls workbook; save it as .xlsx (Excel Workbook)`));
    } else if (kind === 'other') {
      problems.push(fileProblem(`${file.name} is not a spreadsheet; ${EXPECTED}`));
    } else if (kind === 'xlsx') {
      if (files.length > 1) {
        problems.push(fileProblem(`${file.name}: give one .xlsx workbook, or .csv files, not both`));
        continue;
      }
      sheets.push(...(await readXlsx(file, problems)));
    } else {
      const sheet = sheetOfName(file.name);
      if (!sheet) {
        problems.push(
          fileProblem(
            `${file.name} is not named after a sheet; name each .csv file after its sheet (${WORKBOOK_SHEETS.join(', ')})`,
          ),
        );
        continue;
      }
      const raw = readCsv(file, sheet, problems);
      if (raw) sheets.push(raw);
    }
  }
  for (const sheet of WORKBOOK_SHEETS) {
    const found = sheets.filter((s) => s.sheet === sheet);
    if (found.length > 1)
      problems.push({
        sheet,
        row: null,
        column: null,
        message: `The sheet is given ${found.length} times (${found.map((s) => s.source).join(', ')}); keep one`,
      });
  }
  if (problems.length === 0 && sheets.length === 0)
    problems.push(fileProblem(`The workbook has none of the sheets ${WORKBOOK_SHEETS.join(', ')}`));
  return { sheets, problems };
}
