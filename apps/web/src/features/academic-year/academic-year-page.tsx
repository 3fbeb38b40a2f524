import type { AcademicYearOpened, AcademicYearPreview } from '@rollbook/contract';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { useAcademicYearOpenMutation, useAcademicYearPreviewQuery } from './academic-year-api';
import { effectsOf, openQuestion, resultText, semesterDates } from './year-words';

const streamName = (s: { stream_title: string; branch_name: string; stream_code: string }) =>
  `${s.stream_title} ${s.branch_name} (${s.stream_code})`;

function StreamMoves({ preview }: { preview: AcademicYearPreview }) {
  return (
    <DataTable
      caption="Students per stream"
      columns={['Stream', 'Moving up', 'Graduating']}
      minWidth="min-w-[22rem]"
    >
      {preview.streams.map((s) => (
        <tr key={s.stream_slug}>
          <th scope="row" className="px-3 py-2 font-medium text-slate-900">
            {streamName(s)}
          </th>
          <td className="px-3 py-2">
            {s.moving_up.length === 0 ? (
              <span className="text-slate-500">None</span>
            ) : (
              <ul>
                {s.moving_up.map((m) => (
                  <li key={m.from_no}>
                    {m.students} from semester {m.from_no} to {m.to_no}
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className="px-3 py-2">
            {s.graduating} <span className="text-slate-500">(final semester {s.final_semester})</span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function NewSemesters({ preview }: { preview: AcademicYearPreview }) {
  return (
    <DataTable
      caption={`Semesters of ${preview.next_year ?? 'the new year'}`}
      columns={['Stream', 'Semester', 'Dates']}
      minWidth="min-w-[22rem]"
    >
      {preview.new_semesters.map((s) => (
        <tr key={`${s.stream_slug}-${s.no}`}>
          <th scope="row" className="px-3 py-2 font-medium text-slate-900">
            {streamName(s)}
          </th>
          <td className="px-3 py-2">{s.no}</td>
          <td className="px-3 py-2">{semesterDates(s)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * The new academic year (`/admin/academic-year`, a Rollbook page for institution admins): what
 * opening the next year does, in plain words and per stream, then a button that asks first and
 * shows what was done. A branch admin is told why the page is not for them.
 */
export function AcademicYearPage({ title }: { title: string }) {
  const preview = useAcademicYearPreviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const [open, opening] = useAcademicYearOpenMutation();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<AcademicYearOpened | null>(null);
  const data = preview.isFetching ? undefined : preview.data;

  const confirm = async (year: string) => {
    setProblem(null);
    const answer = await open({ academic_year: year });
    if (!answer.data) {
      setProblem(errorText(answer.error, 'Something went wrong'));
      return;
    }
    setOpened(answer.data);
    void preview.refetch();
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>

      {opened ? (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          {resultText(opened)}
        </p>
      ) : null}

      {preview.isFetching ? (
        <div role="status" aria-label="Loading the new academic year">
          <Skeleton className="h-48 w-full" />
        </div>
      ) : null}
      {preview.isError && !preview.isFetching ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
        >
          <p className="text-amber-900">{errorText(preview.error, 'Something went wrong')}</p>
          <Button variant="secondary" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      {data ? (
        <>
          <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-slate-900">
              {data.current_year ? (
                <>
                  The current academic year is <strong>{data.current_year}</strong>.
                  {data.next_year ? (
                    <>
                      {' '}
                      Opening <strong>{data.next_year}</strong>:
                    </>
                  ) : null}
                </>
              ) : (
                'No academic year is current yet.'
              )}
            </p>
            {data.next_year ? (
              <ul
                aria-label={`What opening ${data.next_year} does`}
                className="list-disc pl-5 text-slate-700"
              >
                {effectsOf(data).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>

          {data.blockers.length > 0 ? (
            <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
              <p className="font-medium">The new year cannot be opened now:</p>
              <ul className="list-disc pl-5">
                {data.blockers.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </div>
          ) : null}

          {data.streams.length > 0 ? <StreamMoves preview={data} /> : null}
          {data.new_semesters.length > 0 ? <NewSemesters preview={data} /> : null}

          {problem ? (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-800">
              {problem}
            </p>
          ) : null}

          {data.next_year ? (
            <div className="flex justify-end">
              <Button
                disabled={data.blockers.length > 0 || opening.isLoading}
                onClick={() => setAsking(true)}
              >
                {opening.isLoading ? (
                  <Spinner label="Opening the new year" className="text-white [&_svg]:size-4" />
                ) : (
                  <CalendarPlus className="size-4" aria-hidden />
                )}
                Open {data.next_year}
              </Button>
            </div>
          ) : null}
          {data.next_year ? (
            <ConfirmDialog
              open={asking}
              onOpenChange={setAsking}
              title={`Open ${data.next_year}?`}
              question={openQuestion(data)}
              confirmLabel={`Open ${data.next_year}`}
              onConfirm={() => void confirm(data.next_year!)}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
