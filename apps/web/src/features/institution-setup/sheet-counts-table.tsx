import type { WorkbookReport } from '@rollbook/contract';
import { DataTable } from '../../components/ui/data-table';
import { sheetRows, totals } from './workbook-report';

const number = (value: number) => value.toLocaleString('en-US');

/**
 * What a workbook does (a check) or did (an import) to each sheet's rows: created, updated and
 * unchanged counts per sheet, with the totals underneath. Four short columns fit a phone without
 * scrolling.
 */
export function SheetCountsTable({
  report,
  caption,
  tense,
}: {
  report: WorkbookReport;
  caption: string;
  /** "will" for a check's preview ("Create"), "did" for an import's result ("Created"). */
  tense: 'will' | 'did';
}) {
  const sum = totals(report);
  const columns =
    tense === 'will'
      ? ['Sheet', 'Create', 'Update', 'Unchanged']
      : ['Sheet', 'Created', 'Updated', 'Unchanged'];
  // Left-aligned like the headers the shared table draws; tabular figures keep the digits in line.
  const cell = 'px-1.5 py-2 tabular-nums sm:px-3';
  return (
    <DataTable
      caption={caption}
      columns={columns}
      minWidth="min-w-0"
      dense
      footer={
        <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-1.5 py-2 sm:px-3">
              Total
            </th>
            <td className={cell}>{number(sum.created)}</td>
            <td className={cell}>{number(sum.updated)}</td>
            <td className={cell}>{number(sum.unchanged)}</td>
          </tr>
        </tfoot>
      }
    >
      {sheetRows(report).map((row) => (
        <tr key={row.sheet}>
          <th scope="row" className="px-1.5 py-2 font-medium text-slate-900 sm:px-3">
            {row.sheet}
          </th>
          <td className={cell}>{number(row.created)}</td>
          <td className={cell}>{number(row.updated)}</td>
          <td className={cell}>{number(row.unchanged)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
