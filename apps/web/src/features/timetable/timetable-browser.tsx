import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { NativeSelect } from '../../components/ui/native-select';
import {
  useGetDivisionTimetableQuery,
  useGetTimetableDivisionsQuery,
  useGetTimetableStreamsQuery,
} from './timetable-api';
import { TIMETABLE_TEXT } from './timetable-text';
import { streamLabel } from './week-days';
import { WeeklyGrid } from './weekly-grid';
import { inLabelOrder } from '../../lib/option-order';

/**
 * "Division - A | Sem - 7": the server's full name already starts with "Division - " (the
 * original client added it a second time: "Division - Division - A | Sem - 7").
 */
export function divisionLabel(fullName: string): string {
  return fullName.startsWith('Division - ') ? fullName : `Division - ${fullName}`;
}

/**
 * Browsing the master timetable: pick a Stream, then a Division ("Division - {full_name}"), and see
 * its weekly grid. A button goes back to the upload form to replace the timetable.
 */
export function TimetableBrowser({ onUploadNew }: { onUploadNew: () => void }) {
  const [streamSlug, setStreamSlug] = useState('');
  const [divisionSlug, setDivisionSlug] = useState('');
  const streams = useGetTimetableStreamsQuery();
  const divisions = useGetTimetableDivisionsQuery(streamSlug, { skip: !streamSlug });
  const timetable = useGetDivisionTimetableQuery(divisionSlug, { skip: !divisionSlug });
  const division = divisions.data?.find((d) => d.slug === divisionSlug);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <NativeSelect
          label="Stream"
          placeholder="Select stream"
          value={streamSlug}
          disabled={streams.isLoading}
          options={inLabelOrder((streams.data ?? []).map((s) => ({ value: s.slug, label: streamLabel(s) })))}
          onChange={(slug) => {
            setStreamSlug(slug);
            setDivisionSlug('');
          }}
        />
        <NativeSelect
          label="Division"
          placeholder="Select division"
          value={divisionSlug}
          disabled={!streamSlug || divisions.isFetching}
          options={
            streamSlug
              ? (divisions.data ?? []).map((d) => ({ value: d.slug, label: divisionLabel(d.full_name) }))
              : []
          }
          onChange={setDivisionSlug}
        />
        <Button variant="secondary" onClick={onUploadNew} className="shrink-0">
          <Upload className="size-4" aria-hidden />
          Upload new timetable
        </Button>
      </div>
      {timetable.isFetching ? <Skeleton className="h-48 w-full" /> : null}
      {timetable.isError && !timetable.isFetching ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(timetable.error, TIMETABLE_TEXT.timetableFailed)}
        </p>
      ) : null}
      {divisionSlug && timetable.data && !timetable.isFetching ? (
        <WeeklyGrid
          timetable={timetable.data}
          label={`Weekly timetable of ${divisionLabel(division?.full_name ?? '')}`}
        />
      ) : null}
    </div>
  );
}
