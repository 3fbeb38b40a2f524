import type { TeacherAllocationRow } from '@rollbook/contract';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { useTeachersAllocationQuery } from './teacher-load-api';
import { DataTable } from '../../components/ui/data-table';

const COLUMNS = ['Subject', 'Theory', 'Practical', 'Tutorial', 'Total', 'Other teachers'] as const;

function totalOf(row: { theory: number; practical: number; tutorial: number }): number {
  return row.theory + row.practical + row.tutorial;
}

function OtherTeachers({ row }: { row: TeacherAllocationRow }) {
  if (row.other_teachers.length === 0) return <span className="text-slate-400">-</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {row.other_teachers.map((other) => (
        <li key={other.teacher.slug}>
          {other.teacher.profile.name}{' '}
          <span className="text-slate-500">
            (Th {other.theory}, Pr {other.practical}, Tut {other.tutorial})
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The teacher's own load (`/teacher-dashboard/load-allocation`, contract §13): hours per subject by
 * kind, the weekly total, and who else teaches each subject.
 */
export function TeacherLoadPage({ title }: { title: string }) {
  const rows = useTeachersAllocationQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = rows.data ?? [];
  const sums = data.reduce(
    (sum, row) => ({
      theory: sum.theory + row.theory,
      practical: sum.practical + row.practical,
      tutorial: sum.tutorial + row.tutorial,
    }),
    { theory: 0, practical: 0, tutorial: 0 },
  );
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {rows.isLoading ? <Skeleton className="h-40 w-full" /> : null}
      {rows.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(rows.error, 'Something went wrong')}
        </p>
      ) : null}
      {rows.isSuccess && data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-slate-600">
          No load has been allocated to you yet.
        </p>
      ) : null}
      {data.length > 0 ? (
        <>
          <p className="text-slate-700">
            Weekly load: <strong>{totalOf(sums)} h</strong>
          </p>
          <DataTable
            caption="My allocated load"
            columns={COLUMNS}
            minWidth="min-w-[36rem]"
            footer={
              <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold">
                <tr aria-label="Total">
                  <th scope="row" className="px-3 py-2 text-left">
                    Total
                  </th>
                  <td className="px-3 py-2 tabular-nums">{sums.theory}</td>
                  <td className="px-3 py-2 tabular-nums">{sums.practical}</td>
                  <td className="px-3 py-2 tabular-nums">{sums.tutorial}</td>
                  <td className="px-3 py-2 tabular-nums">{totalOf(sums)}</td>
                  <td />
                </tr>
              </tfoot>
            }
          >
            {data.map((row) => (
              <tr key={row.subject.slug} aria-label={row.subject.subject_name}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {row.subject.subject_name}
                </th>
                <td className="px-3 py-2 tabular-nums">{row.theory}</td>
                <td className="px-3 py-2 tabular-nums">{row.practical}</td>
                <td className="px-3 py-2 tabular-nums">{row.tutorial}</td>
                <td className="px-3 py-2 font-semibold tabular-nums">{totalOf(row)}</td>
                <td className="px-3 py-2">
                  <OtherTeachers row={row} />
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </section>
  );
}
