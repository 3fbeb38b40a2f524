import { isPersonEmail, type WorkbookProblem, type WorkbookSheet } from '@rollbook/contract';
import type { RawSheet } from './read-workbook';
import { normaliseName, sheetSpec } from './workbook-format';

/**
 * One data row of a sheet, read column by column. Every reader returns `undefined` when the column
 * is not in the sheet's header (keep what Rollbook has), `null` for an empty cell, or the parsed
 * value; a cell that does not parse is recorded as a problem naming sheet, row and column, and
 * what was expected.
 */
export class SheetRow {
  private failed = false;

  constructor(
    readonly sheet: WorkbookSheet,
    readonly row: number,
    private readonly cells: readonly string[],
    private readonly columns: ReadonlyMap<string, number>,
    private readonly problems: WorkbookProblem[],
  ) {}

  /** Whether any cell of this row was refused. */
  get ok(): boolean {
    return !this.failed;
  }

  problem(column: string | null, message: string): void {
    this.failed = true;
    this.problems.push({ sheet: this.sheet, row: this.row, column, message });
  }

  has(column: string): boolean {
    return this.columns.has(column);
  }

  /** The raw text of a cell ('' when empty), or undefined without the column. */
  raw(column: string): string | undefined {
    const index = this.columns.get(column);
    return index === undefined ? undefined : (this.cells[index] ?? '');
  }

  text(column: string, opts: { required?: boolean; max?: number } = {}): string | null | undefined {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    if (value === '') {
      if (opts.required) this.problem(column, 'is empty; a value is required');
      return null;
    }
    const max = opts.max ?? 200;
    if (value.length > max) {
      this.problem(column, `is ${value.length} characters long; expected at most ${max}`);
      return null;
    }
    return value;
  }

  /** A required text cell: `null` (and a problem) when empty. */
  requiredText(column: string, max?: number): string | null {
    return this.text(column, { required: true, ...(max ? { max } : {}) }) ?? null;
  }

  int(column: string, opts: { min: number; max: number; required?: boolean }): number | null | undefined {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    if (value === '') {
      if (opts.required)
        this.problem(column, `is empty; expected a whole number from ${opts.min} to ${opts.max}`);
      return null;
    }
    const n = /^[+-]?\d+(\.0+)?$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < opts.min || n > opts.max) {
      this.problem(
        column,
        `"${value}" is not allowed; expected a whole number from ${opts.min} to ${opts.max}`,
      );
      return null;
    }
    return n;
  }

  decimal(column: string, opts: { min: number; max: number; required?: boolean; what?: string }) {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    const expected = `expected ${opts.what ?? 'a number'} from ${opts.min} to ${opts.max}`;
    if (value === '') {
      if (opts.required) this.problem(column, `is empty; ${expected}`);
      return null;
    }
    const n = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(n) || n < opts.min || n > opts.max) {
      this.problem(column, `"${value}" is not allowed; ${expected}`);
      return null;
    }
    return n;
  }

  bool(column: string): boolean | null | undefined {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    if (value === '') return null;
    const v = value.toLowerCase();
    if (['yes', 'y', 'true', '1'].includes(v)) return true;
    if (['no', 'n', 'false', '0'].includes(v)) return false;
    this.problem(column, `"${value}" is not allowed; expected yes or no`);
    return null;
  }

  /** An ISO day (YYYY-MM-DD) that exists in the calendar. */
  date(column: string): string | null | undefined {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    if (value === '') return null;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
    if (!m || !d || d.toISOString().slice(0, 10) !== value) {
      this.problem(column, `"${value}" is not a date; expected YYYY-MM-DD, e.g. 2027-07-01`);
      return null;
    }
    return value;
  }

  /** An academic year such as 2027-28 (2027-2028 is accepted and written 2027-28). */
  academicYear(column: string, required: boolean): string | null | undefined {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    const expected = 'expected the academic year as YYYY-YY, e.g. 2027-28';
    if (value === '') {
      if (required) this.problem(column, `is empty; ${expected}`);
      return null;
    }
    const m = /^(\d{4})\s*[-/–]\s*(\d{2}|\d{4})$/.exec(value);
    const start = m ? Number(m[1]) : Number.NaN;
    const end = m?.[2] ? Number(m[2]) : Number.NaN;
    const endOk = m?.[2]?.length === 4 ? end === start + 1 : end === (start + 1) % 100;
    if (!m || !endOk || start < 2000 || start > 2099) {
      this.problem(column, `"${value}" is not an academic year; ${expected}`);
      return null;
    }
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  }

  /** A sign-in email, lower-cased as profiles store it. */
  email(column: string): string | null {
    const value = this.requiredText(column, 254);
    if (value === null) return null;
    // The People page's and sign-in's rule: an invisible character or a non-Latin address taken here
    // would sign in under an address nobody can type, or never reset its password.
    if (!isPersonEmail(value)) {
      this.problem(column, `"${value}" is not an email address; expected e.g. name@college.edu`);
      return null;
    }
    return value.toLowerCase();
  }

  /** A comma-separated list of codes ([] when empty). */
  list(column: string): string[] | undefined {
    const value = this.raw(column);
    if (value === undefined) return undefined;
    const items = value
      .split(/[,;]/)
      .map((s) => s.trim())
      .filter(Boolean);
    return [...new Map(items.map((i) => [i.toUpperCase(), i])).values()];
  }
}

/** A sheet ready to be read row by row, with the header's problems already recorded. */
export interface SheetTable {
  sheet: WorkbookSheet;
  rows: SheetRow[];
  /** False when the header lacks a required column: the rows are not checked (each would fail). */
  usable: boolean;
}

/**
 * Matches a sheet's header row against its format (any case and spacing, unknown columns
 * ignored) and wraps each data row. Records the header's problems (missing required column, a
 * column given twice), the formula cells, and an empty sheet.
 */
export function tableOf(raw: RawSheet, problems: WorkbookProblem[]): SheetTable {
  const spec = sheetSpec(raw.sheet);
  const sheetProblem = (row: number | null, column: string | null, message: string) =>
    problems.push({ sheet: raw.sheet, row, column, message });
  const [header, ...data] = raw.rows.filter((r) => r.cells.some((c) => c !== ''));
  if (!header) {
    sheetProblem(
      null,
      null,
      `The sheet is empty; expected a header row (${spec.columns.map((c) => c.name).join(', ')}) and at least one row, or leave the sheet out`,
    );
    return { sheet: raw.sheet, rows: [], usable: false };
  }
  const columns = new Map<string, number>();
  const headerName = new Map<number, string>();
  header.cells.forEach((cell, index) => {
    const column = spec.columns.find((c) => normaliseName(c.name) === normaliseName(cell));
    if (!column) return;
    if (columns.has(column.name)) {
      sheetProblem(header.row, column.name, `The column is given twice; keep one`);
      return;
    }
    columns.set(column.name, index);
    headerName.set(index, column.name);
  });
  let usable = true;
  for (const column of spec.columns.filter((c) => c.required && !columns.has(c.name))) {
    usable = false;
    sheetProblem(header.row, column.name, `The header has no "${column.name}" column; it is required`);
  }
  for (const f of raw.formulas) {
    sheetProblem(
      f.row,
      headerName.get(f.col) ?? `column ${f.col + 1}`,
      'holds a formula; expected a plain value (copy the cells and paste them as values)',
    );
  }
  if (data.length === 0) {
    sheetProblem(null, null, 'The sheet has a header but no rows; add rows or leave the sheet out');
  }
  const rows = data.map((r) => new SheetRow(raw.sheet, r.row, r.cells, columns, problems));
  return { sheet: raw.sheet, rows, usable };
}
