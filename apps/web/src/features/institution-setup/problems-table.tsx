import type { WorkbookProblem } from '@rollbook/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';

/** Problems shown per page: enough to scan, few enough to keep the page short on a phone. */
export const PROBLEMS_PER_PAGE = 25;

const number = (value: number) => value.toLocaleString('en-US');

/** A missing place (a problem of the whole file or sheet), drawn as a dash and read as "none". */
function Place({ value }: { value: string | number | null }) {
  if (value !== null) return <>{value}</>;
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">none</span>
    </>
  );
}

/**
 * Every problem of a workbook (sheet, row, column, what is wrong and what was expected), a page of
 * {@link PROBLEMS_PER_PAGE} at a time. The server lists at most its first 1,000 problems; when it
 * found more, the table says so, because fixing the listed ones and checking again shows the rest.
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
      <DataTable
        caption="Problems in the workbook"
        columns={['Sheet', 'Row', 'Column', 'Problem']}
        minWidth="min-w-[34rem]"
      >
        {shown.map((problem, index) => (
          // One cell can have several problems, so the position keeps keys unique.
          <tr key={`${first + index}`} className="align-top">
            <td className="px-3 py-2 whitespace-nowrap">
              <Place value={problem.sheet} />
            </td>
            <td className="px-3 py-2 tabular-nums">
              <Place value={problem.row} />
            </td>
            <td className="px-3 py-2">
              <Place value={problem.column} />
            </td>
            <td className="px-3 py-2 text-slate-900">{problem.message}</td>
          </tr>
        ))}
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
