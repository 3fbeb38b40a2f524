import { useState } from 'react';
import { EXCUSE_LABELS, type RecordMark, type RecordSubject, type StudentRecord } from '@rollbook/contract';
import { Badge } from '../../components/ui/badge';
import { Pager } from '../../components/ui/pager';
import { NativeSelect } from '../../components/ui/native-select';
import { Skeleton } from '../../components/ui/skeleton';
import { WeekChart } from '../../components/charts/week-chart';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { useStudentMarksQuery, useStudentRecordQuery } from './student-record-api';
import { lectureTypeText } from '../../lib/lecture-type';

/** Marks per page of the list. */
export const MARKS_PAGE_SIZE = 10;

const EXCUSED_RULE: Record<StudentRecord['excused_counts_as'], string> = {
  excluded: 'Excused lectures are left out of your percentage.',
  present: 'Excused lectures count as attended.',
  absent: 'Excused lectures count as missed.',
};

const readable = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the student must do, in a sentence. */
function neededText(subject: RecordSubject, threshold: number): string {
  if (subject.remaining === null)
    return 'The semester has no end date yet, so the lectures left are not known.';
  if (subject.needed === null) {
    return `Even attending all ${subject.remaining} remaining lectures will not reach ${threshold} %.`;
  }
  if (subject.needed === 0)
    return `You stay at or above ${threshold} % whatever happens in the ${subject.remaining} remaining lectures.`;
  return `Attend at least ${subject.needed} of the ${subject.remaining} remaining lectures to reach ${threshold} %.`;
}

function SubjectCard({ subject, threshold }: { subject: RecordSubject; threshold: number }) {
  const below = subject.percentage !== null && subject.percentage < threshold;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">{subject.subject_name}</h2>
        {subject.percentage === null ? (
          <Badge tone="neutral">No lectures counted yet</Badge>
        ) : (
          <Badge tone={below ? 'warning' : 'success'}>{subject.percentage} %</Badge>
        )}
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center text-sm">
        {(
          [
            ['Held', subject.held],
            ['Attended', subject.attended],
            ['Excused', subject.excused],
            ['Missed', subject.absent],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <WeekChart
        label={`${subject.subject_name}, attendance by week`}
        threshold={threshold}
        weeks={subject.weeks.map((w) => ({ weekStart: w.week_start, percentage: w.percentage }))}
      />
      <p className={below ? 'text-sm font-medium text-amber-800' : 'text-sm text-slate-700'}>
        {neededText(subject, threshold)}
      </p>
    </li>
  );
}

const STATUS_TONE = { present: 'success', absent: 'danger', excused: 'warning' } as const;

function MarkItem({ mark }: { mark: RecordMark }) {
  const status =
    mark.status === 'excused' && mark.excuse
      ? `Excused (${EXCUSE_LABELS[mark.excuse]})`
      : mark.status === 'present'
        ? 'Present'
        : 'Absent';
  return (
    <li className="flex flex-col gap-1 border-b border-slate-100 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {mark.subject_name}{' '}
          <span className="font-normal text-slate-600">
            · {readable(mark.day)} · {lectureTypeText(mark.lecture_type)}
          </span>
        </p>
        <div className="flex gap-1">
          <Badge tone={STATUS_TONE[mark.status]}>{status}</Badge>
          {mark.corrected ? <Badge tone="brand">Corrected</Badge> : null}
        </div>
      </div>
      <ul className="list-disc pl-5 text-sm text-slate-700">
        {mark.explanation.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </li>
  );
}

function MarksList({ subjects }: { subjects: RecordSubject[] }) {
  const [subject, setSubject] = useState('');
  const [page, setPage] = useState(1);
  const marks = useStudentMarksQuery(
    { subject, page, pageSize: MARKS_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const data = marks.data;
  return (
    <section
      aria-labelledby="marks-heading"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="marks-heading" className="text-lg font-semibold text-slate-900">
        Your marks
      </h2>
      <NativeSelect
        label="Subject"
        value={subject}
        placeholder="All subjects"
        options={subjects
          .filter((s) => s.held > 0)
          .map((s) => ({ value: s.subject_slug, label: s.subject_name }))}
        onChange={(value) => {
          setSubject(value);
          setPage(1);
        }}
      />
      {marks.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(marks.error, 'Your marks could not be loaded')}
        </p>
      ) : null}
      {marks.isFetching && !data ? <Skeleton className="h-32 w-full" /> : null}
      {data && data.results.length === 0 ? (
        <p className="text-sm text-slate-600">No lecture has been held yet.</p>
      ) : null}
      {data && data.results.length > 0 ? (
        <>
          <ul aria-label="Marks" aria-busy={marks.isFetching}>
            {data.results.map((mark, index) => (
              <MarkItem key={`${mark.day}-${mark.subject_name}-${index}`} mark={mark} />
            ))}
          </ul>
          <Pager
            page={data.current_page}
            pages={data.num_pages}
            label="Pages of marks"
            count={`${data.total} ${data.total === 1 ? 'lecture' : 'lectures'}`}
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * My Attendance (`/student-dashboard/attendance`): per subject, the lectures held, attended, excused
 * and missed, the percentage against the institution's threshold with a weekly chart, how many of
 * the remaining lectures to attend, and every mark with its reasons in plain words.
 */
export function StudentRecordPage({ title }: { title: string }) {
  const record = useStudentRecordQuery(undefined, { refetchOnMountOrArgChange: true });
  const data = record.data;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {record.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(record.error, 'Your attendance could not be loaded')}
        </p>
      ) : null}
      {record.isFetching && !data ? <Skeleton className="h-48 w-full" /> : null}
      {data ? (
        <>
          <p className="text-sm text-slate-700">
            The required attendance is {data.threshold_percent} % in each subject.{' '}
            {EXCUSED_RULE[data.excused_counts_as]}
            {data.semester_end ? ` The semester ends on ${readable(data.semester_end)}.` : ''} Remaining
            lectures are those the timetable still holds; holidays are not known.
          </p>
          {data.subjects.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              You have no lectures yet.
            </p>
          ) : (
            <ul aria-label="Subjects" className="grid gap-3 sm:grid-cols-2">
              {data.subjects.map((subject) => (
                <SubjectCard
                  key={subject.subject_slug}
                  subject={subject}
                  threshold={data.threshold_percent}
                />
              ))}
            </ul>
          )}
          <MarksList subjects={data.subjects} />
        </>
      ) : null}
    </section>
  );
}
