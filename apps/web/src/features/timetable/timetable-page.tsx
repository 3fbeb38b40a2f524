import { useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { useHasMasterTimetableQuery } from './timetable-api';
import { TimetableBrowser } from './timetable-browser';
import { TIMETABLE_TEXT } from './timetable-text';
import { UploadForm } from './upload-form';

type View = 'upload' | 'browse';

/**
 * The admin's `/timetable` screen (product spec §2 "Master timetable"): the upload form while the
 * admin has no timetable yet, otherwise the stream/division picker with the weekly grid. A
 * successful upload switches to browsing; browsing offers uploading a replacement.
 */
export default function TimetablePage({ title }: { title: string }) {
  // null until the admin picks a view; until then the existence of a timetable decides.
  const [chosen, setChosen] = useState<View | null>(null);
  const existing = useHasMasterTimetableQuery();
  const view: View | null = chosen ?? (existing.isSuccess ? (existing.data ? 'browse' : 'upload') : null);

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {view === 'upload' ? (
        <UploadForm
          onUploaded={() => setChosen('browse')}
          {...(existing.data || chosen ? { onCancel: () => setChosen('browse') } : {})}
        />
      ) : null}
      {view === 'browse' ? <TimetableBrowser onUploadNew={() => setChosen('upload')} /> : null}
      {view === null && existing.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(existing.error, TIMETABLE_TEXT.timetableFailed)}
        </p>
      ) : null}
      {view === null && !existing.isError ? <Skeleton className="h-64 w-full" /> : null}
    </section>
  );
}
