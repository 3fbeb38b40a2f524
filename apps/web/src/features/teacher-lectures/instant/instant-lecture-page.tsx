import { useState } from 'react';
import type { InstantLectureTeacher } from '@rollbook/contract';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api/api-error';
import { PageTitle } from '../../../lib/page-title';
import { downloadCsvText } from '../../../lib/csv-download';
import { AttendanceSheet } from '../live/attendance-sheet';
import { useLiveSession } from '../live/use-live-session';
import { useExportSessionDataMutation, useGetTeacherClassroomsQuery } from '../teacher-lectures-api';
import { InstantLectureCard } from './instant-lecture-card';
import { InstantLectureForm } from './instant-lecture-form';
import { useGetInstantLecturesForTeacherQuery } from './instant-lectures-api';
import { INSTANT_TEXT } from './instant-lecture-text';

/**
 * The teacher's `/teacher-dashboard/instant-lecture` (contract §13): create an extra lecture for
 * chosen divisions or batches, then start or join its live session exactly like a timetable
 * lecture (same sheet, tone and socket), or export its attendance once ended.
 */
export function InstantLecturePage({ title }: { title: string }) {
  const lectures = useGetInstantLecturesForTeacherQuery();
  const classrooms = useGetTeacherClassroomsQuery();
  const [exportSession] = useExportSessionDataMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const live = useLiveSession('instant');

  const start = async (lecture: InstantLectureTeacher) => {
    setBusy(lecture.slug);
    try {
      await live.start({ slug: lecture.slug }, '');
    } finally {
      setBusy(null);
    }
  };

  const exportAttendance = async (lecture: InstantLectureTeacher) => {
    setBusy(lecture.slug);
    try {
      const result = await exportSession(lecture.session.session_id);
      if ('data' in result && result.data !== undefined)
        downloadCsvText(result.data.text, result.data.fileName);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <InstantLectureForm classrooms={classrooms.data ?? []} onCreated={() => undefined} />
      <section aria-labelledby="instant-list" className="flex flex-col gap-3">
        <h2 id="instant-list" className="text-lg font-semibold text-slate-800">
          {INSTANT_TEXT.listTitle}
        </h2>
        {lectures.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(lectures.error, INSTANT_TEXT.listFailed)}
          </p>
        ) : null}
        {lectures.isLoading ? <Skeleton className="h-32 w-full" /> : null}
        {lectures.data && lectures.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {INSTANT_TEXT.empty}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {(lectures.data ?? []).map((lecture) => (
            <InstantLectureCard
              key={lecture.slug}
              lecture={lecture}
              busy={busy === lecture.slug}
              onStart={(l) => void start(l)}
              onExport={(l) => void exportAttendance(l)}
            />
          ))}
        </div>
      </section>
      <AttendanceSheet live={live} />
    </section>
  );
}
