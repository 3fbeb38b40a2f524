import type { WorkbookProblem } from '@rollbook/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';

/** Problems shown per page: enough to scan, few enough to keep the page short on a phone. */
export const PROBLEMS_PER_PAGE = 25;

const number = (value: number) => value.toLocaleString('en-US');

/** Where a problem is, in words: its sheet (or the whole file), then its row and column when known. */
export function placeOf(problem: WorkbookProblem): { sheet: string; cell: string | null } {
  const cell = [
    problem.row === null ? null : `Row ${problem.row}`,
    problem.column === null ? null : problem.row === null ? `Column ${problem.column}` : problem.column,
  ].filter((part) => part !== null);
  return { sheet: problem.sheet ?? 'Whole file', cell: cell.length > 0 ? cell.join(', ') : null };
}

/**
 * Every problem of a workbook, a page of {@link PROBLEMS_PER_PAGE} at a time: where it is (sheet,
 * row and column, stacked in one cell so that the sentence keeps the room on a phone) and what is
 * wrong with what was expected. The server lists at most its first 1,000 problems; when it found
 * more, the table says so, because fixing the listed ones and checking again shows the rest.
 */
export function ProblemsTable({ problems, total }: { problems: readonly WorkbookProblem[]; total: number }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(problems.length / PROBLEMS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const first = current * PROBLEMS_PER_PAGE;
  const shown = problems.slice(first, first + PROBLEMS_PER_PAGE);
  const last = first + shown.length;
  return (
    <div className="flex flex-col gap-2">
      {total > problems.length ? (
        <p className="text-sm text-slate-700">
          The server lists the first {number(problems.length)} of {number(total)} problems. Fix these and
          check again to see the rest.
        </p>
      ) : null}
      <DataTable caption="Problems in the workbook" columns={['Where', 'Problem']} minWidth="min-w-0" dense>
        {shown.map((problem, index) => {
          const place = placeOf(problem);
          return (
            // One cell can have several problems, so the position keeps keys unique.
            <tr key={`${first + index}`} className="align-top">
              <td className="w-1/3 px-1.5 py-2 break-words sm:w-1/4 sm:px-3">
                <span className="block font-medium text-slate-900">{place.sheet}</span>
                {place.cell ? <span className="block text-slate-600">{place.cell}</span> : null}
              </td>
              <td className="px-1.5 py-2 text-slate-900 sm:px-3">{problem.message}</td>
            </tr>
          );
        })}
      </DataTable>
      {pages > 1 ? (
        <nav aria-label="Pages of problems" className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite">
            Problems {number(first + 1)}–{number(last)} of {number(problems.length)}
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
