import { useState } from 'react';
import { toast } from '../../lib/toast';
import { useConfirmationSemestersQuery, useConfirmationStreamsQuery } from './subject-confirmation-api';
import { useInfoToast } from '../../lib/use-info-toast';

/**
 * The Stream → Semester part of the confirmation filters: loads both lists, shows the pickers'
 * hints, and clears the semester when the stream changes (product spec §4).
 */
export function useSemesterFilter(onReset: () => void) {
  const [streamSlug, setStreamSlug] = useState('');
  const [semesterSlug, setSemesterSlug] = useState('');
  const streams = useConfirmationStreamsQuery();
  const semesters = useConfirmationSemestersQuery(streamSlug, { skip: !streamSlug });
  const semester = semesters.data?.find((candidate) => candidate.slug === semesterSlug);
  useInfoToast(streams.isSuccess && !streamSlug, 'Please select the stream.');
  useInfoToast(Boolean(streamSlug) && semesters.isSuccess && !semesterSlug, 'please select the semester');

  return {
    streams: streams.data ?? [],
    semesters: semesters.data ?? [],
    streamSlug,
    semesterSlug,
    semester,
    chooseStream: (slug: string) => {
      setStreamSlug(slug);
      setSemesterSlug('');
      onReset();
    },
    chooseSemester: (slug: string) => {
      setSemesterSlug(slug);
      onReset();
      const chosen = semesters.data?.find((candidate) => candidate.slug === slug);
      if (chosen && chosen.subjects === null) toast.info('No subjects found', { id: 'No subjects found' });
    },
  };
}

/** What `useSemesterFilter` returns. */
export type SemesterFilter = ReturnType<typeof useSemesterFilter>;
