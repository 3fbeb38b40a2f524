import type { ReactNode } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';

/**
 * A plain accessible table with a caption for screen readers, scrolling sideways on phones.
 */
export function AllocationTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption} className="bg-white">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </TableScroll>
  );
}
