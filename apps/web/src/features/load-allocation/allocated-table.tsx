import { Button } from '../../components/ui/button';
import { kindLabel, type TeacherLoadRow } from './allocation-model';
import { DataTable } from '../../components/ui/data-table';
import { ALLOCATION_TEXT } from './allocation-text';

const COLUMNS = [
  'Sr. No.',
  'Faculty Name',
  'Allocated Subjects',
  'Th',
  'Pr',
  'Tut',
  'DE',
  'Total',
  'Project',
  'Total with Project',
  'Action',
] as const;

/**
 * The Allocated Subjects tab (product spec §2): one row per teacher with their subjects and hours;
 * Edit opens that teacher's load.
 */
export function AllocatedTable({
  rows,
  onEdit,
}: {
  rows: readonly TeacherLoadRow[];
  /** Absent for a past term's allocation, which cannot be changed: no Edit button is offered. */
  onEdit?: (teacherSlug: string) => void;
}) {
  return (
    <DataTable caption={ALLOCATION_TEXT.allocatedTab} columns={COLUMNS}>
      {rows.length === 0 ? (
        // The spec's column headers stay visible; the sentence is the table's only row.
        <tr>
          <td colSpan={COLUMNS.length} className="px-3 py-4 text-center text-sm text-slate-600">
            {ALLOCATION_TEXT.noTeachers}
          </td>
        </tr>
      ) : null}
      {rows.map((row, index) => {
        const name = row.teacher.profile.name;
        return (
          <tr key={row.teacher.slug} aria-label={name}>
            <td className="px-3 py-2 text-slate-500">{index + 1}</td>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              {name}
              <span className="block text-xs font-normal text-slate-500">
                {row.teacher.teacher_code} · {row.freeHours} of {row.maxHours} h free
              </span>
            </th>
            <td className="px-3 py-2">
              {row.lines.length === 0 ? (
                <span className="text-slate-400">-</span>
              ) : (
                <ul className="flex flex-col gap-0.5">
                  {row.lines.map((line) => (
                    <li key={`${line.subject}-${line.kind}`}>
                      {line.subjectName}{' '}
                      <span className="text-slate-500">
                        ({kindLabel(line.kind)} {line.hours} h)
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td className="px-3 py-2 tabular-nums">{row.theory}</td>
            <td className="px-3 py-2 tabular-nums">{row.practical}</td>
            <td className="px-3 py-2 tabular-nums">{row.tutorial}</td>
            <td className="px-3 py-2 tabular-nums">{row.designEngineering}</td>
            <td className="px-3 py-2 font-semibold tabular-nums">{row.total}</td>
            <td className="px-3 py-2 tabular-nums">{row.project}</td>
            <td className="px-3 py-2 font-semibold tabular-nums">{row.totalWithProject}</td>
            <td className="px-3 py-2">
              {onEdit ? (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit load of ${name}`}
                  onClick={() => onEdit(row.teacher.slug)}
                >
                  Edit
                </Button>
              ) : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
