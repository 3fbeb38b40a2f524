import { ATTENDANCE_MARKED_CODE, AUDIO_RECORDING_MS } from '@rollbook/contract';
import type { ChallengeEmitter } from '../../lib/audio/challenge-emitter';
import { encodeWavMono16 } from '../../lib/audio/wav';
import { isApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api/api-error';
import { loaderProgress } from '../../lib/loader/loader-slice';
import type { useAppDispatch } from '../../lib/store-hooks';
import { measureClockOffset } from '../../lib/time/clock-offset';
import { toast } from '../../lib/toast';
import { ATTENDANCE_TEXT } from './attendance-text';
import { currentPosition, PERMISSION_DENIED } from './location';
import { markingDevices } from './marking-devices';
import type {
  useIssueChallengeMutation,
  useLazyGetServerTimeQuery,
  useMarkAttendanceMutation,
} from './student-attendance-api';
import { sendWithRetries } from './upload-retry';

/** Which session a mark is for: the lecture's of today, or an instant lecture's own (§13). */
export interface MarkTarget {
  lectureSlug: string;
  sessionId?: string;
}

/** What the flow needs from the screen: the store and the API calls, made by `useMarking`'s hooks. */
export interface MarkingTools {
  dispatch: ReturnType<typeof useAppDispatch>;
  askServerTime: ReturnType<typeof useLazyGetServerTimeQuery>[0];
  askChallenge: ReturnType<typeof useIssueChallengeMutation>[0];
  upload: ReturnType<typeof useMarkAttendanceMutation>[0];
}

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
function countDown(durationMs: number, onTick: (secondsLeft: number) => void): () => void {
  const end = Date.now() + durationMs;
  const tick = () => onTick(Math.max(1, Math.ceil((end - Date.now()) / 1000)));
  tick();
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}

/**
 * One attempt at marking (product spec §4 "Student attendance"), run under the blocking message
 * `useMarking` shows: measures the device's clock offset to the server's (a few round trips, so
 * `start_time` is in server time: the server bounds it by the upload's arrival), asks for the
 * two-way challenge when the institution uses it, records 5 s of raw audio while reading a fresh
 * high-accuracy position, and uploads both at once, retrying a lost connection. Every failure is
 * toasted here. Resolves true when the server marked the student (`code` 100).
 *
 * A module of its own, loaded at the first mark (issue 19's first-load budget): the student's page
 * renders without the recorder, the synthesis, the WAV encoder or the retries.
 */
export async function markAttendance(
  target: MarkTarget,
  { dispatch, askServerTime, askChallenge, upload }: MarkingTools,
): Promise<boolean> {
  // Without an answer the device's own clock is sent, held to the server's looser tolerance.
  dispatch(loaderProgress(ATTENDANCE_TEXT.preparing));
  const clock = await measureClockOffset(() => askServerTime(undefined, false).unwrap());
  // The two-way check, when the institution uses it: asked for just before recording (it
  // expires within a minute and serves one attempt). A refusal was toasted by the base query.
  const asked = await askChallenge(target);
  if (asked.error) return false;
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
    toast.error(`${ATTENDANCE_TEXT.recordFailed}${messageOf(error)}`);
    return false;
  } finally {
    stopCountdown();
    await emitter?.stop();
  }
  dispatch(loaderProgress(ATTENDANCE_TEXT.locating));
  const read = await positionRead;
  if (!read.ok) {
    const denied = isPositionError(read.error) && read.error.code === PERMISSION_DENIED;
    toast.error(denied ? ATTENDANCE_TEXT.allowLocation : ATTENDANCE_TEXT.locationUnavailable);
    return false;
  }
  const { position } = read;
  dispatch(loaderProgress(ATTENDANCE_TEXT.checking));
  const proof = {
    ...target,
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
  if (!result.data) {
    toast.error(result.error.message);
    return false;
  }
  if (result.data.data) toast.success(ATTENDANCE_TEXT.marked);
  if (result.data.code === ATTENDANCE_MARKED_CODE) return true;
  if (!result.data.data) toast.error(ATTENDANCE_TEXT.notVerified);
  return false;
}
