import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { ATTENDANCE_MARKED_CODE, type LectureStudent } from '@rollbook/contract';
import { loaderFinished, loaderStarted } from '../../lib/loader/loader-slice';
import { useAppDispatch } from '../../lib/store-hooks';
import { ATTENDANCE_TEXT } from './attendance-text';
import { markingFlowChunk } from './marking-flow';
import {
  useIssueChallengeMutation,
  useLazyGetServerTimeQuery,
  useMarkAttendanceMutation,
  useRequestManualMarkingMutation,
} from './student-attendance-api';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * How a card's session is named to the server: by the lecture (today's session of a timetable
 * lecture) or by the card's own session id (instant lectures, §13).
 */
export type MarkBy = 'lecture' | 'session';

/**
 * The student's two ways of getting marked (product spec §4 "Student attendance"). Marking shows
 * the blocking message and runs the marking flow (`mark-attendance.ts`: clock offset, challenge,
 * recording, position, upload); `code` 100 marks the card. A manual request is a comment the
 * teacher approves.
 */
export function useMarking(markBy: MarkBy = 'lecture') {
  const dispatch = useAppDispatch();
  const [upload] = useMarkAttendanceMutation();
  const [askServerTime] = useLazyGetServerTimeQuery();
  const [askChallenge] = useIssueChallengeMutation();
  const [sendRequest, manual] = useRequestManualMarkingMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const sessionOf = (lecture: LectureStudent) =>
    markBy === 'session' && lecture.session ? { sessionId: lecture.session.session_id } : {};
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());

  // Fetched once the page shows, outside its first load. A failure here is not the student's
  // concern yet: the mark that needs the flow fetches it again and says so if it still fails.
  useEffect(() => {
    markingFlowChunk.load().catch(() => undefined);
  }, []);

  const mark = async (lecture: LectureStudent) => {
    if (!('geolocation' in navigator)) return void toast.error(ATTENDANCE_TEXT.noGeolocation);
    setBusy(lecture.slug);
    // The blocking message is up while the flow's chunk is fetched, if it has not arrived yet.
    dispatch(loaderStarted(ATTENDANCE_TEXT.marking));
    try {
      let flow;
      try {
        flow = await markingFlowChunk.load();
      } catch (error) {
        return void toast.error(`${ATTENDANCE_TEXT.markingUnavailable}${messageOf(error)}`);
      }
      const target = { lectureSlug: lecture.slug, ...sessionOf(lecture) };
      const done = await flow.markAttendance(target, { dispatch, askServerTime, askChallenge, upload });
      if (done) setMarked((old) => new Set(old).add(lecture.slug));
    } finally {
      dispatch(loaderFinished());
      setBusy(null);
    }
  };

  const requestManual = async (lecture: LectureStudent, comment: string) => {
    if (comment.trim() === '') return;
    const result = await sendRequest({
      lectureSlug: lecture.slug,
      ...sessionOf(lecture),
      comment: comment.trim(),
    });
    if (!result.data) return;
    toast.success(ATTENDANCE_TEXT.manualSent);
    if (result.data.code === ATTENDANCE_MARKED_CODE) setRequested((old) => new Set(old).add(lecture.slug));
  };

  return { busy, marked, requested, mark, requestManual, sendingRequest: manual.isLoading };
}
