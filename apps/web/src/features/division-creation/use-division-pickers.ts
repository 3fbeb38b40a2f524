import { useState } from 'react';
import { useInfoToast } from '../../lib/use-info-toast';
import { useDivisionSemestersQuery, useDivisionStreamsQuery } from './division-creation-api';

/**
 * The Stream → Semester pickers of division creation: loads both lists, shows the pickers' hints,
 * and on a stream change clears the semester (and, through `onReset`, the capacity and the
 * suggestion) as product spec §2 says. The semester list of the new stream is a new query.
 */
export function useDivisionPickers(onReset: () => void) {
  const [streamSlug, setStreamSlug] = useState('');
  const [semesterSlug, setSemesterSlug] = useState('');
  const streams = useDivisionStreamsQuery();
  const semesters = useDivisionSemestersQuery(streamSlug, { skip: !streamSlug });
  useInfoToast(streams.isSuccess && !streamSlug, 'Please select the stream.');
  useInfoToast(Boolean(streamSlug) && semesters.isSuccess && !semesterSlug, 'please select the semester');

  return {
    streams: streams.data ?? [],
    semesters: streamSlug ? (semesters.data ?? []) : [],
    semestersLoading: !streamSlug || semesters.isFetching,
    streamSlug,
    semesterSlug,
    chooseStream: (slug: string) => {
      setStreamSlug(slug);
      setSemesterSlug('');
      onReset();
    },
    chooseSemester: (slug: string) => {
      setSemesterSlug(slug);
      onReset();
    },
  };
}

/** What `useDivisionPickers` returns. */
export type DivisionPickers = ReturnType<typeof useDivisionPickers>;
