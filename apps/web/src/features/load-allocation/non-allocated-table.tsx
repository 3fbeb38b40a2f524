import { Button } from '../../components/ui/button';
import type { SubjectState } from './allocation-model';
import { DataTable } from '../../components/ui/data-table';
import { ALLOCATION_TEXT } from './allocation-text';

const COLUMNS = [
  'Sr. No.',
  'Subject Name',
  'Remaining Theory Hours',
  'Remaining Practical Hours',
  'Action',
] as const;

/**
 * The Non-Allocated Subjects tab (product spec §2): subjects with hours nobody teaches yet
 * (theory counts tutorials, practical counts labs); Allocate opens that subject.
 */
export function NonAllocatedTable({
  subjects,
  onAllocate,
}: {
  subjects: readonly SubjectState[];
  /** Absent for a past term's allocation, which cannot be changed: no Allocate button is offered. */
  onAllocate?: (subjectSlug: string) => void;
}) {
  return (
    <DataTable caption={ALLOCATION_TEXT.nonAllocatedTab} columns={COLUMNS}>
      {subjects.length === 0 ? (
        // The spec's column headers stay visible; the sentence is the table's only row.
        <tr>
          <td colSpan={COLUMNS.length} className="px-3 py-4 text-center text-sm text-slate-600">
            {ALLOCATION_TEXT.everythingAllocated}
          </td>
        </tr>
      ) : null}
      {subjects.map((subject, index) => (
        <tr key={subject.slug} aria-label={subject.name}>
          <td className="px-3 py-2 text-slate-500">{index + 1}</td>
          <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
            {subject.name}
            <span className="block text-xs font-normal text-slate-500">{subject.code}</span>
          </th>
          <td className="px-3 py-2 tabular-nums">{subject.remainingTheory}</td>
          <td className="px-3 py-2 tabular-nums">{subject.remainingPractical}</td>
          <td className="px-3 py-2">
            {onAllocate ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Allocate ${subject.name}`}
                onClick={() => onAllocate(subject.slug)}
              >
                Allocate
              </Button>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
