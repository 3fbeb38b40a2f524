import { lazy, Suspense, useState } from 'react';
import type { LectureStudent } from '@rollbook/contract';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { ATTENDANCE_TEXT } from './attendance-text';
import { useLocationPermission } from './location';
import { InstantLecturesSection } from './instant-lectures-section';
import { PrivacyNotice } from './privacy-notice';
import { FOLLOW_SESSIONS, useGetStudentTimetableQuery } from './student-attendance-api';
import { LectureCardGrid } from './lecture-card-grid';
import { useMarking } from './use-marking';
import { ManualRequestPrompt } from './manual-request-prompt';

// Only a student who has not allowed location sees the gate (spec §2), and a returning student has:
// its instructions load when needed, behind the placeholder of the permission check (issue 19).
const LocationGate = lazy(() => import('./location-gate').then((m) => ({ default: m.LocationGate })));

/** The timetables once location is allowed: per branch, lecture cards per timetable. */
function Timetables() {
  const timetable = useGetStudentTimetableQuery(undefined, FOLLOW_SESSIONS);
  const marking = useMarking();
  const [asking, setAsking] = useState<LectureStudent | null>(null);

  if (timetable.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(timetable.error, ATTENDANCE_TEXT.timetableFailed)}
      </p>
    );
  }
  if (!timetable.data) return <Skeleton className="h-48 w-full" />;
  return (
    <>
      {timetable.data.map((entry) => (
        <section
          key={entry.stream.slug}
          aria-label={entry.stream.branch.branch_name || ATTENDANCE_TEXT.branchMissing}
          className="flex flex-col gap-3"
        >
          <h2 className="text-lg font-semibold text-slate-800">
            {entry.stream.branch.branch_name || ATTENDANCE_TEXT.branchMissing}
          </h2>
          {entry.timetables.map((table, index) => (
            <div key={table.slug ?? index} className="flex flex-col gap-3">
              {table.division ? (
                <h3 className="text-sm font-medium text-slate-600">
                  Division {table.division.division_name}
                </h3>
              ) : null}
              {table.lectures.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
                  {ATTENDANCE_TEXT.emptyTimetable}
                </p>
              ) : (
                <LectureCardGrid lectures={table.lectures} marking={marking} onManual={setAsking} />
              )}
            </div>
          ))}
        </section>
      ))}
      <ManualRequestPrompt
        lecture={asking}
        sending={marking.sendingRequest}
        onCancel={() => setAsking(null)}
        onSend={(comment) => {
          if (asking) void marking.requestManual(asking, comment);
          setAsking(null);
        }}
      />
    </>
  );
}

/**
 * The student's `/student-dashboard` (product spec §2 "Student attendance screen"): the location
 * permission gate first, following live permission changes; with permission, today's instant
 * lectures and the timetables; below them, what marking keeps and for how long.
 */
export function StudentAttendancePage({ title }: { title: string }) {
  const { permission, request } = useLocationPermission();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {permission === 'checking' ? <Skeleton className="h-48 w-full" /> : null}
      {permission === 'granted' ? (
        <>
          <InstantLecturesSection />
          <Timetables />
        </>
      ) : null}
      {permission !== 'checking' && permission !== 'granted' ? (
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <LocationGate permission={permission} onRequest={request} />
        </Suspense>
      ) : null}
      <PrivacyNotice />
    </section>
  );
}
