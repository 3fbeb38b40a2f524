import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { AttendanceReview } from '@rollbook/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGetReviewRecordingUrlMutation, useResolveReviewMutation } from '../teacher-lectures-api';

export const REVIEW_TEXT = {
  empty: 'No marks are waiting for your review.',
  intro:
    'The server could not decide these marks on its own (for example, your microphone audio did not reach the server for that moment, or your microphone did not hear the student’s phone’s check sound). Each one says why. Listen, then accept or reject each one.',
  listen: 'Listen',
  accept: 'Accept (present)',
  reject: 'Reject (absent)',
  rejectConfirm: 'Reject this mark? The student stays absent, and this cannot be undone here.',
  accepted: 'Marked present',
  rejected: 'Left absent',
  noRecording: 'The recording is no longer kept.',
} as const;

/** The student's recording, fetched with the teacher's token when asked for, freed when unmounted. */
function RecordingPlayer({ sessionId, review }: { sessionId: string; review: AttendanceReview }) {
  const [load, { isLoading }] = useGetReviewRecordingUrlMutation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const name = review.attendance.student.profile.name;
  if (!review.has_recording) return <p className="text-xs text-slate-500">{REVIEW_TEXT.noRecording}</p>;
  if (url)
    return <audio controls src={url} aria-label={`Recording of ${name}`} className="w-full max-w-xs" />;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={isLoading}
      aria-label={`${REVIEW_TEXT.listen}: ${name}`}
      onClick={async () => {
        const result = await load({ sessionId, attendanceSlug: review.attendance.slug });
        if ('data' in result && result.data) setUrl(result.data);
      }}
    >
      {REVIEW_TEXT.listen}
    </Button>
  );
}

/**
 * The Review tab: marks the server sent to the teacher's review (it could not decide them on its own:
 * the teacher's audio was missing, or the two-way check was not heard or could not be made), with the
 * reasons in plain words and the student's recording; accept marks
 * the student present, reject (after a confirmation) leaves them absent. Decided ones stay listed
 * with the decision.
 */
export function ReviewList({
  sessionId,
  reviews,
}: {
  sessionId: string;
  reviews: readonly AttendanceReview[];
}) {
  const [resolve, { isLoading }] = useResolveReviewMutation();
  const [rejecting, setRejecting] = useState<AttendanceReview | null>(null);

  const decide = async (review: AttendanceReview, decision: 'accept' | 'reject') => {
    const result = await resolve({ sessionId, attendanceSlug: review.attendance.slug, decision });
    if ('data' in result && result.data) {
      toast.success(decision === 'accept' ? REVIEW_TEXT.accepted : REVIEW_TEXT.rejected);
    }
  };

  if (reviews.length === 0)
    return <p className="py-6 text-center text-sm text-slate-500">{REVIEW_TEXT.empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{REVIEW_TEXT.intro}</p>
      <ul className="flex flex-col gap-3" aria-label="Marks to review">
        {reviews.map((review) => {
          const name = review.attendance.student.profile.name;
          return (
            <li key={review.attendance.slug} className="rounded-md border border-slate-200 p-3">
              <p className="font-medium text-slate-900">
                {name}
                <span className="ml-2 text-xs font-normal text-slate-500">
                  {review.attendance.student.enrollment}
                </span>
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {review.reason_texts.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <RecordingPlayer sessionId={sessionId} review={review} />
                {review.status === 'pending' ? (
                  <>
                    <Button
                      size="sm"
                      disabled={isLoading}
                      aria-label={`${REVIEW_TEXT.accept}: ${name}`}
                      onClick={() => void decide(review, 'accept')}
                    >
                      {REVIEW_TEXT.accept}
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={isLoading}
                      aria-label={`${REVIEW_TEXT.reject}: ${name}`}
                      onClick={() => setRejecting(review)}
                    >
                      {REVIEW_TEXT.reject}
                    </Button>
                  </>
                ) : (
                  <span className="text-sm font-semibold text-slate-700">
                    {review.status === 'accepted' ? REVIEW_TEXT.accepted : REVIEW_TEXT.rejected}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title={REVIEW_TEXT.reject}
        question={REVIEW_TEXT.rejectConfirm}
        confirmLabel="Reject"
        destructive
        onConfirm={() => {
          if (rejecting) void decide(rejecting, 'reject');
        }}
      />
    </div>
  );
}
