import { useState } from 'react';
import type { InstantLectureStudent, LectureStudent } from '@rollbook/contract';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { ATTENDANCE_TEXT } from './attendance-text';
import { FOLLOW_SESSIONS, useGetInstantLecturesForStudentQuery } from './student-attendance-api';
import { LectureCardGrid } from './lecture-card-grid';
import { useMarking } from './use-marking';
import { ManualRequestPrompt } from './manual-request-prompt';

/** An instant lecture as a card shows it: a free title stands in for the subject's name. */
function asCardLecture(lecture: InstantLectureStudent): LectureStudent {
  if (lecture.title === null) return lecture;
  return {
    ...lecture,
    subject: {
      ...lecture.subject,
      subject_map: { ...lecture.subject.subject_map, subject_name: lecture.title },
    },
  };
}

/**
 * Today's instant (extra) lectures the student is expected at (contract §13), marked like the
 * timetable's but naming the session by its id, since an instant lecture has exactly one.
 */
export function InstantLecturesSection() {
  const list = useGetInstantLecturesForStudentQuery(undefined, FOLLOW_SESSIONS);
  const marking = useMarking('session');
  const [asking, setAsking] = useState<LectureStudent | null>(null);

  return (
    <section aria-labelledby="instant-lectures-today" className="flex flex-col gap-3">
      <h2 id="instant-lectures-today" className="text-lg font-semibold text-slate-800">
        {ATTENDANCE_TEXT.instantTitle}
      </h2>
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(list.error, ATTENDANCE_TEXT.timetableFailed)}
        </p>
      ) : null}
      {list.isLoading ? <Skeleton className="h-24 w-full" /> : null}
      {list.data && list.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {ATTENDANCE_TEXT.noInstant}
        </p>
      ) : null}
      <LectureCardGrid
        lectures={(list.data ?? []).map(asCardLecture)}
        marking={marking}
        onManual={setAsking}
      />
      <ManualRequestPrompt
        lecture={asking}
        sending={marking.sendingRequest}
        onCancel={() => setAsking(null)}
        onSend={(comment) => {
          if (asking) void marking.requestManual(asking, comment);
          setAsking(null);
        }}
      />
    </section>
  );
}
