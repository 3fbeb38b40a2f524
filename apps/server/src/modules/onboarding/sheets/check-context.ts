import type { WorkbookProblem, WorkbookSheet } from '@rollbook/contract';
import type { ExistingData } from '../existing-data';
import type { SheetRow, SheetTable } from '../sheet-table';
import type { Planned } from '../plan';
import type { KnownRows } from './known';

/** What a sheet's check reads and where it records problems. */
export interface CheckContext {
  existing: ExistingData;
  known: KnownRows;
  problems: WorkbookProblem[];
  /** Called after each row, so a long check yields to other work and reports progress. */
  step(): Promise<void>;
}

/**
 * Parses a sheet's rows, refusing a row whose key repeats an earlier row's ("duplicate of row 4"):
 * a re-import must be able to tell which row a key means. Returns the rows that parsed, with their
 * key, in sheet order.
 */
export async function parseRows<T>(
  table: SheetTable | undefined,
  ctx: CheckContext,
  parse: (row: SheetRow) => { key: string; value: T } | null,
  describeKey: string,
): Promise<{ row: SheetRow; value: T }[]> {
  if (!table?.usable) return [];
  const firstRow = new Map<string, number>();
  const out: { row: SheetRow; value: T }[] = [];
  for (const row of table.rows) {
    const parsed = parse(row);
    await ctx.step();
    if (!parsed) continue;
    const first = firstRow.get(parsed.key);
    if (first !== undefined) {
      // A key of one column names it (as every other cell problem does); a key of several, none.
      const column = /^[a-z_]+$/.test(describeKey) ? describeKey : null;
      row.problem(column, `repeats the ${describeKey} of row ${first}; each ${describeKey} may appear once`);
      continue;
    }
    firstRow.set(parsed.key, row.row);
    out.push({ row, value: parsed.value });
  }
  return out;
}

/** A hint for a code Excel may have turned into a number (07 → 7). */
export function leadingZeroHint(code: string): string {
  return /^\d+$/.test(code) ? ' (if it had a leading zero, format the column as Text in Excel)' : '';
}

/** Said where a branch and stream code name more than one of Rollbook's streams. */
export function ambiguousStreamText(branchCode: string, streamCode: string): string {
  return `Rollbook has several streams with branch ${branchCode} and stream code ${streamCode}; give each stream its own code first`;
}

/** A checked row's plan: create when nothing matches it, else update, or unchanged when `same`. */
export function planRow<V>(row: number, values: V, match?: { id: number; same: boolean }): Planned<V> {
  if (!match) return { row, action: 'create', values };
  return { row, action: match.same ? 'unchanged' : 'update', id: match.id, values };
}

export type SheetName = WorkbookSheet;
