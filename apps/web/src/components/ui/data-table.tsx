import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';

export interface DataTableProps {
  /** Read by screen readers as the table's caption and the scroll region's name. */
  caption: string;
  columns: readonly string[];
  /** Below this width the table scrolls sideways instead of squeezing its columns (a Tailwind min-w class). */
  minWidth?: string;
  /** Rows after the body, such as totals. */
  footer?: ReactNode;
  /** Narrower header padding on phones, for a table meant to fit a phone without scrolling. */
  dense?: boolean;
  children: ReactNode;
}

/**
 * A plain accessible table: a caption for screen readers, one header per column, and sideways
 * scrolling on phones that a keyboard can reach.
 */
export function DataTable({
  caption,
  columns,
  minWidth = 'min-w-[44rem]',
  footer,
  dense = false,
  children,
}: DataTableProps) {
  return (
    <TableScroll label={caption} className="bg-white">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={`${dense ? 'px-1.5 sm:px-3' : 'px-3'} py-2 font-semibold whitespace-nowrap`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
        {footer}
      </table>
    </TableScroll>
  );
}
