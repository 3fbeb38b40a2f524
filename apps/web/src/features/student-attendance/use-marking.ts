import { useState } from 'react';
import { toast } from '../../lib/toast';
import { ATTENDANCE_MARKED_CODE, AUDIO_RECORDING_MS, type LectureStudent } from '@rollbook/contract';
import type { recordClip } from '../../lib/audio/record-clip';
import type { ChallengeEmitter, prepareChallenge } from '../../lib/audio/challenge-emitter';
import { measureClockOffset } from '../../lib/time/clock-offset';
import { encodeWavMono16 } from '../../lib/audio/wav';
import { isApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api/api-error';
import { loaderFinished, loaderProgress, loaderStarted } from '../../lib/loader/loader-slice';
import { useAppDispatch } from '../../lib/store-hooks';
import { ATTENDANCE_TEXT } from './attendance-text';
import { currentPosition, PERMISSION_DENIED } from './location';
import { sendWithRetries } from './upload-retry';
import {
  useIssueChallengeMutation,
  useLazyGetServerTimeQuery,
  useMarkAttendanceMutation,
  useRequestManualMarkingMutation,
} from './student-attendance-api';

/**
 * The recorder, in an object so unit tests (jsdom cannot record) can replace it with `vi.spyOn`;
 * the app never swaps it.
 */
export const markingDevices = {
  // Loaded at the first mark, not with the page (issue 19's first-load budget): the recorder and
  // the challenge's synthesis (the tone schedule and its hash) are needed only once a student marks.
  recordClip: async (...args: Parameters<typeof recordClip>) =>
    (await import('../../lib/audio/record-clip')).recordClip(...args),
  prepareChallenge: async (...args: Parameters<typeof prepareChallenge>) =>
    (await import('../../lib/audio/challenge-emitter')).prepareChallenge(...args),
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isPositionError(error: unknown): error is GeolocationPositionError {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number';
}

/**
 * Calls `onTick` with the whole seconds left of a recording, at once and then every second, until
 * the returned stop is called: the student sees the recording run down instead of a still overlay.
 */
export function countDown(durationMs: number, onTick: (secondsLeft: number) => void): () => void {
  const end = Date.now() + durationMs;
  const tick = () => onTick(Math.max(1, Math.ceil((end - Date.now()) / 1000)));
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}

/**
 * How a card's session is named to the server: by the lecture (today's session of a timetable
 * lecture) or by the card's own session id (instant lectures, §13).
 */
export type MarkBy = 'lecture' | 'session';

/**
 * The student's two ways of getting marked (product spec §4 "Student attendance"). Marking shows
 * the blocking message, measures the device's clock offset to the server's (a few round trips, so
 * `start_time` is in server time: the server bounds it by the upload's arrival), records 5 s of raw
 * audio while reading a fresh high-accuracy position, and uploads both at once; `code` 100 marks the card. A
 * manual request is a comment the teacher approves.
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

  const mark = async (lecture: LectureStudent) => {
    if (!('geolocation' in navigator)) return void toast.error(ATTENDANCE_TEXT.noGeolocation);
    setBusy(lecture.slug);
    dispatch(loaderStarted(ATTENDANCE_TEXT.marking));
    try {
      // Without an answer the device's own clock is sent, held to the server's looser tolerance.
      dispatch(loaderProgress(ATTENDANCE_TEXT.preparing));
      const clock = await measureClockOffset(() => askServerTime(undefined, false).unwrap());
      // The two-way check, when the institution uses it: asked for just before recording (it
      // expires within a minute and serves one attempt). A refusal was toasted by the base query.
      const asked = await askChallenge({ lectureSlug: lecture.slug, ...sessionOf(lecture) });
      if (asked.error) return;
      const challenge = asked.data;
      let emitter: ChallengeEmitter | null = null;
      if (challenge) {
        // A phone that cannot play it still records: the server sends such a mark to the teacher.
        emitter = await markingDevices.prepareChallenge(challenge).catch((error: unknown) => {
          toast.warning(`${ATTENDANCE_TEXT.challengeFailed}${messageOf(error)}`);
          return null;
        });
      }
      // The position is read while recording: the server allows only a few seconds between the
      // recording's end and the upload (a longer gap would let an earlier recording be replayed).
      const positionRead = currentPosition().then(
        (position) => ({ ok: true as const, position }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      let clip;
      const stopCountdown = countDown(AUDIO_RECORDING_MS, (left) =>
        dispatch(loaderProgress(ATTENDANCE_TEXT.recordingLeft(left))),
      );
      try {
        clip = await markingDevices.recordClip(AUDIO_RECORDING_MS, {
          onSilence: () => toast.warning(ATTENDANCE_TEXT.noAudio),
          onFirstFrames: () => emitter?.start(),
        });
      } catch (error) {
        return void toast.error(`${ATTENDANCE_TEXT.recordFailed}${messageOf(error)}`);
      } finally {
        stopCountdown();
        await emitter?.stop();
      }
      dispatch(loaderProgress(ATTENDANCE_TEXT.locating));
      const read = await positionRead;
      if (!read.ok) {
        const denied = isPositionError(read.error) && read.error.code === PERMISSION_DENIED;
        return void toast.error(denied ? ATTENDANCE_TEXT.allowLocation : ATTENDANCE_TEXT.locationUnavailable);
      }
      const { position } = read;
      dispatch(loaderProgress(ATTENDANCE_TEXT.checking));
      const proof = {
        lectureSlug: lecture.slug,
        ...sessionOf(lecture),
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
        wav: encodeWavMono16(clip.samples, clip.sampleRate),
        startTime: clip.startedAt + (clock?.offsetMs ?? 0),
        clockOffsetMs: clock?.offsetMs,
        challengeAttempt: emitter && challenge ? challenge.attempt_id : undefined,
        // One key for this upload and its retries: a lost answer is answered again, not re-judged.
        idempotencyKey: crypto.randomUUID(),
      };
      const result = await sendWithRetries(
        async () => {
          const sent = await upload(proof);
          if (!sent.error) return { data: sent.data };
          return isApiError(sent.error)
            ? { error: sent.error }
            : { error: { statusCode: 500, message: UNEXPECTED_ERROR_MESSAGE, body: null } };
        },
        (attempt) => dispatch(loaderProgress(ATTENDANCE_TEXT.retrying(attempt))),
      );
      // The server's message (or the lost connection's); the button re-enables.
      if (!result.data) return void toast.error(result.error.message);
      if (result.data.data) toast.success(ATTENDANCE_TEXT.marked);
      if (result.data.code === ATTENDANCE_MARKED_CODE) setMarked((old) => new Set(old).add(lecture.slug));
      else if (!result.data.data) toast.error(ATTENDANCE_TEXT.notVerified);
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
