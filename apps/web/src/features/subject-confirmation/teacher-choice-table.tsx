import type { TeacherChoiceRow } from '@rollbook/contract';
import { Fragment, useState } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';
import { ChoiceListRow } from './choice-list';
import { ExpanderButton } from './expander-button';

/**
 * Teachers who chose a subject: Teacher Name, Priority, Action (expand shows their choices).
 */
export function TeacherChoiceTable({ rows }: { rows: readonly TeacherChoiceRow[] }) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <TableScroll label="Teachers who chose the subject">
      <table className="w-full min-w-max bg-white text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-4 py-2">Teacher Name</th>
            <th className="px-4 py-2">Priority</th>
            <th className="px-4 py-2">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.slug}>
              <tr className="border-t border-slate-100">
                <td className="px-4 py-2 font-medium text-slate-900">{row.profile.name}</td>
                <td className="px-4 py-2">{row.priority ?? '-'}</td>
                <td className="px-4 py-2">
                  <ExpanderButton
                    label={`Choices of ${row.profile.name}`}
                    expanded={expanded === row.slug}
                    onToggle={() => setExpanded((current) => (current === row.slug ? null : row.slug))}
                  />
                </td>
              </tr>
              {expanded === row.slug ? <ChoiceListRow subjects={row.finalized_choises} columns={3} /> : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
