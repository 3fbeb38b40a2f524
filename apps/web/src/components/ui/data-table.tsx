import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
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
  /**
   * Columns left out on phones (under 640 px), whose figures the row shows elsewhere, so the
   * table's key columns fit a phone without scrolling; their cells take `PHONE_HIDDEN_CELL`.
   */
  hideOnPhone?: readonly string[];
  /**
   * The first column (the row's name) stays in view while the rest scrolls sideways; the rows'
   * header cells take `STICKY_ROW_HEADER`.
   */
  stickyFirstColumn?: boolean;
  children: ReactNode;
}

/**
 * A plain accessible table: a caption for screen readers, one header per column, and sideways
 * scrolling on phones that a keyboard can reach.
 */
/** A cell of a column named in `hideOnPhone`: shown from 640 px. */
export const PHONE_HIDDEN_CELL = 'hidden sm:table-cell';
/** A row's header cell in a table with `stickyFirstColumn`: pinned left, opaque over what scrolls under it. */
export const STICKY_ROW_HEADER = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-slate-200)]';

export function DataTable({
  caption,
  columns,
  minWidth = 'min-w-[44rem]',
  footer,
  dense = false,
  hideOnPhone = [],
  stickyFirstColumn = false,
  children,
}: DataTableProps) {
  return (
    <TableScroll label={caption} className="bg-white">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={cx(
                  dense ? 'px-1.5 sm:px-3' : 'px-3',
                  'py-2 font-semibold whitespace-nowrap',
                  hideOnPhone.includes(column) && PHONE_HIDDEN_CELL,
                  stickyFirstColumn && index === 0 && 'sticky left-0 z-10 bg-slate-50',
                )}
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
