import type { StudentChoiceRow } from '@rollbook/contract';
import { Trash2 } from 'lucide-react';
import { Fragment, useState } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';
import { ChoiceListRow } from './choice-list';
import { ExpanderButton } from './expander-button';

export interface StudentChoiceTableProps {
  rows: readonly StudentChoiceRow[];
  /** The subject the table lists; a row's pick of it can be deleted. */
  subjectSlug: string;
  onDelete: (row: StudentChoiceRow) => void;
}

// The server removes a saved pick whether or not the student could still change it, and reports
// `choices_locked` only once the deadline has passed; a saved pick must be removable before that.
// Once the semester's divisions exist the server refuses every removal and says so on the row.
function canDelete(row: StudentChoiceRow, subjectSlug: string): boolean {
  if (row.removal_closed_reason) return false;
  return row.choices_locked || row.finalized_choises.some((subject) => subject.slug === subjectSlug);
}

/**
 * Students who chose a subject: Enrollment No., Student Name, Email, Action (expand shows their
 * subjects; a delete button when their choices are locked or hold this subject as a saved pick).
 */
export function StudentChoiceTable({ rows, subjectSlug, onDelete }: StudentChoiceTableProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <TableScroll label="Students who chose the subject">
      <table className="w-full min-w-max bg-white text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-4 py-2">Enrollment No.</th>
            <th className="px-4 py-2">Student Name</th>
            <th className="px-4 py-2">Email</th>
            <th className="px-4 py-2">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = row.profile.profile.name;
            return (
              <Fragment key={row.slug}>
                <tr className="border-t border-slate-100">
                  <td className="px-4 py-2">{row.profile.enrollment}</td>
                  <td className="px-4 py-2 font-medium text-slate-900">{name}</td>
                  <td className="px-4 py-2">{row.profile.profile.email}</td>
                  <td className="flex items-center gap-1 px-4 py-2">
                    <ExpanderButton
                      label={`Choices of ${name}`}
                      expanded={expanded === row.slug}
                      onToggle={() => setExpanded((current) => (current === row.slug ? null : row.slug))}
                    />
                    {canDelete(row, subjectSlug) ? (
                      <button
                        type="button"
                        aria-label={`Delete choice of ${name}`}
                        onClick={() => onDelete(row)}
                        className="rounded-md p-1 text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                      >
                        <Trash2 className="size-5" aria-hidden />
                      </button>
                    ) : null}
                  </td>
                </tr>
                {expanded === row.slug ? (
                  <ChoiceListRow subjects={row.finalized_choises} columns={4} />
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
