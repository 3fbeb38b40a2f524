import type { DivisionDetail, Student } from '@rollbook/contract';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableScroll } from './ui/table-scroll';

/** The distinct students of a division, in the order they first appear across its batches. */
export function divisionStudents(division: DivisionDetail): Student[] {
  const seen = new Map<string, Student>();
  for (const batch of division.batches) {
    for (const student of batch.students) if (!seen.has(student.slug)) seen.set(student.slug, student);
  }
  return [...seen.values()];
}

export interface DivisionRosterProps {
  division: DivisionDetail;
  /** Placed next to the heading (e.g. a download button). */
  actions?: ReactNode;
}

/**
 * One division as admins and students see it (product spec §2): "Division - name",
 * "Students - count" and a table of Student Name, Enrollment and one column per batch with a tick
 * where the student belongs to that batch. Shared by division creation and the student's page.
 */
export function DivisionRoster({ division, actions }: DivisionRosterProps) {
  const students = divisionStudents(division);
  const members = new Map(
    division.batches.map((batch) => [
      batch.batch_name,
      new Set(batch.students.map((student) => student.slug)),
    ]),
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1">
          <h2 className="text-lg font-semibold text-slate-900">Division - {division.division_name}</h2>
          <p className="text-sm font-medium text-slate-700">Students - {students.length}</p>
        </div>
        {actions}
      </div>
      <TableScroll label={`Students of division ${division.division_name}`} className="bg-white">
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">
            Students of division {division.division_name} and their batches
          </caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Student Name
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Enrollment
              </th>
              {division.total_batches.map((batch) => (
                <th key={batch} scope="col" className="px-3 py-2 text-center font-semibold">
                  {batch}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {students.map((student) => (
              <tr key={student.slug}>
                <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                  {student.profile.name}
                </th>
                <td className="px-3 py-2 font-mono text-slate-700">{student.enrollment}</td>
                {division.total_batches.map((batch) => (
                  <td key={batch} className="px-3 py-2 text-center">
                    {members.get(batch)?.has(student.slug) ? (
                      <Check
                        role="img"
                        aria-label={`In batch ${batch}`}
                        className="mx-auto size-4 text-green-700"
                      />
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
