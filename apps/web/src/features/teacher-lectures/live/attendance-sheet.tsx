import { useEffect, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { AttendanceRecord } from '@rollbook/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Sheet } from '../../../components/ui/sheet';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { LECTURES_TEXT } from '../lecture-text';
import type { LiveSession } from './use-live-session';
import { ManualRequestsTable, MarkedStudentsTable, UnmarkedStudentsTable } from './attendance-tables';
import { unmarkedStudents } from './live-session-state';
import { ReviewList } from './review-list';
import { useGetSessionReviewsQuery } from '../teacher-lectures-api';

/** The red ping dot on the Manual tab while requests wait. */
function PingDot({ label = 'requests waiting' }: { label?: string }) {
  return (
    <span className="relative ml-2 inline-flex size-2.5" role="status" aria-label={label}>
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75" />
      <span className="relative inline-flex size-2.5 rounded-full bg-red-600" />
    </span>
  );
}

/**
 * What the teacher must know about the connection: it is being made again (the sheet refreshes
 * from the server then), or the link is too slow for audio (contract §13). Always rendered, so a
 * screen reader announces the change (role=status is a polite live region).
 */
function ConnectionNotes({ reconnecting, slowNetwork }: { reconnecting: boolean; slowNetwork: boolean }) {
  return (
    <div role="status" className="flex flex-col gap-2 empty:hidden">
      {reconnecting ? (
        <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden /> {LECTURES_TEXT.reconnecting}
        </p>
      ) : null}
      {slowNetwork ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {LECTURES_TEXT.slowNetwork}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The full-height bottom sheet "Attendance Details" of a live (or just ended) session: the student
 * count, the Default and Manual tabs and "End Session" with its confirmation (product spec §2).
 */
export function AttendanceSheet({ live }: { live: LiveSession }) {
  const { state } = live;
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [rejecting, setRejecting] = useState<AttendanceRecord | null>(null);
  const ended = state.phase === 'ended';
  const present = state.marked.filter((record) => record.is_present).length;
  const unmarked = unmarkedStudents(state);
  const reviews = useGetSessionReviewsQuery(state.sessionId ?? '', {
    skip: state.sessionId === null || state.phase === 'connecting' || state.phase === 'closed',
  });
  const { refetch } = reviews;
  const pendingReviews = (reviews.data ?? []).filter((review) => review.status === 'pending').length;
  // A mark sent to review reaches this sheet as a row not yet present: look for new reviews then.
  useEffect(() => {
    if (!reviews.isUninitialized) void refetch();
  }, [state.marked, refetch, reviews.isUninitialized]);

  return (
    <Sheet
      open={state.phase !== 'closed'}
      onOpenChange={(open) => {
        if (!open) live.close();
      }}
      title={LECTURES_TEXT.sheetTitle}
      heightClassName="h-[100dvh]"
    >
      <div className="flex flex-col gap-4">
        <ConnectionNotes
          reconnecting={state.reconnecting && !ended}
          slowNetwork={state.slowNetwork && !ended}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700" aria-live="polite">
            {state.phase === 'connecting' ? (
              <span className="inline-flex items-center gap-2">
                <Spinner className="size-4" /> Connecting…
              </span>
            ) : (
              <>
                Students: <strong>{state.studentCount}</strong> · Marked:{' '}
                <strong>{state.marked.length}</strong> · Present: <strong>{present}</strong>
                {ended ? <span className="ml-2 font-semibold text-red-700">Session ended</span> : null}
              </>
            )}
          </p>
          {ended ? null : (
            <Button
              variant="destructive"
              disabled={state.phase !== 'live'}
              onClick={() => setConfirmEnd(true)}
            >
              {LECTURES_TEXT.endSession}
            </Button>
          )}
        </div>
        <Tabs
          label="Attendance lists"
          defaultValue="default"
          items={[
            {
              value: 'default',
              label: 'Default',
              content: (
                <MarkedStudentsTable
                  records={state.marked}
                  readOnly={ended}
                  onToggle={live.toggleAttendance}
                />
              ),
            },
            {
              value: 'manual',
              label: (
                <span className="inline-flex items-center">
                  Manual
                  {state.requests.length > 0 ? <PingDot /> : null}
                </span>
              ),
              content: (
                <ManualRequestsTable
                  requests={state.requests}
                  readOnly={ended}
                  onApprove={live.approve}
                  onReject={setRejecting}
                />
              ),
            },
            {
              value: 'unmarked',
              label: `${LECTURES_TEXT.unmarkedTab} (${unmarked.length})`,
              content: (
                <UnmarkedStudentsTable
                  records={unmarked}
                  readOnly={ended}
                  onMarkPresent={live.toggleAttendance}
                />
              ),
            },
            {
              value: 'review',
              label: (
                <span className="inline-flex items-center">
                  Review
                  {pendingReviews > 0 ? <PingDot label="marks waiting for review" /> : null}
                </span>
              ),
              content: state.sessionId ? (
                <ReviewList sessionId={state.sessionId} reviews={reviews.data ?? []} />
              ) : null,
            },
          ]}
        />
      </div>
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={LECTURES_TEXT.endSession}
        question={LECTURES_TEXT.endConfirm}
        confirmLabel={LECTURES_TEXT.endSession}
        destructive
        onConfirm={live.end}
      />
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title="Reject request"
        question={LECTURES_TEXT.rejectConfirm}
        confirmLabel="Reject"
        destructive
        onConfirm={() => {
          if (rejecting) live.reject(rejecting.slug);
        }}
      />
    </Sheet>
  );
}
