import type { HourDeviation } from '@rollbook/contract';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { formatHours, HOUR_COLUMNS, hourTotals, subjectTotal, type HourColumn } from './hour-totals';
import { TableScroll } from '../../components/ui/table-scroll';

const HEADINGS: Record<HourColumn, string> = {
  total_divisions: 'Total Divisions',
  initial_theory_hours: 'Initial Theory',
  initial_tutorial: 'Initial Tutorial',
  initial_practical_hours: 'Initial Practical',
  final_theory_hours: 'Final Theory',
  final_tutorial_hours: 'Final Tutorial',
  final_practical_hours: 'Final Practical',
};

export interface HoursOverviewProps {
  open: boolean;
  rows: readonly HourDeviation[];
  onClose: () => void;
  onViewDivisions: () => void;
}

/**
 * The full-screen "Subject Hours Overview" of a suggestion (product spec §2): per subject its
 * division count and initial and final theory, tutorial and practical hours, a per-subject total
 * (final theory + tutorial + practical) and a totals row; Close or "View Divisions".
 */
export function HoursOverview({ open, rows, onClose, onViewDivisions }: HoursOverviewProps) {
  const totals = hourTotals(rows);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col gap-4 overflow-auto bg-white p-4 focus:outline-none sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-semibold text-slate-900">
              Subject Hours Overview
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close overview"
              className="rounded-md p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <TableScroll label="Subject Hours Overview">
            <table className="w-full min-w-max text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Subject
                  </th>
                  {HOUR_COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-right font-semibold">
                      {HEADINGS[column]}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.subject_name}>
                    <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                      {row.subject_name}
                    </th>
                    {HOUR_COLUMNS.map((column) => (
                      <td key={column} className="px-3 py-2 text-right tabular-nums">
                        {formatHours(row[column])}
                      </td>
                    ))}
                    <td className="px-3 py-2 text-right font-medium tabular-nums">
                      {formatHours(subjectTotal(row))}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="bg-slate-50 font-semibold text-slate-900">
                <tr>
                  <th scope="row" className="px-3 py-2">
                    Total
                  </th>
                  {HOUR_COLUMNS.map((column) => (
                    <td key={column} className="px-3 py-2 text-right tabular-nums">
                      {formatHours(totals[column])}
                    </td>
                  ))}
                  <td className="px-3 py-2 text-right tabular-nums">{formatHours(totals.total)}</td>
                </tr>
              </tfoot>
            </table>
          </TableScroll>
          {rows.length === 0 ? (
            <p className="text-sm text-slate-600">
              This plan has no elective subjects to spread over divisions.
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onViewDivisions}>View Divisions</Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
