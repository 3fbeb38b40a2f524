import { DEFAULT_THRESHOLDS } from '@rollbook/presence';
import { badRequest } from '../../lib/app-error';
import { MARKING_MESSAGES } from './marking-messages';

/**
 * How far a recording's claimed end may lie after the upload arrived, by the device's own clock
 * (the original client): the verifier's clock-skew search, since a clock off by more than that
 * cannot match the teacher's audio anyway.
 */
export const DEVICE_CLOCK_TOLERANCE_MS = DEFAULT_THRESHOLDS.maxClockSkewMs;
/**
 * The same when our web client measured its offset to the server's clock before recording: what is
 * left is half a round trip and the recorder's start latency.
 */
export const MEASURED_CLOCK_TOLERANCE_MS = 1000;
/**
 * How long before the upload arrived the recording may have ended: encoding, finding the position
 * and a slow upload of about half a megabyte. A claim this early still lies inside the teacher's
 * kept audio (LIVE_AUDIO_WINDOW_SECONDS, at least 60 s by default), so it is compared with what the
 * room sounded like then, never waved through.
 */
export const UPLOAD_TOLERANCE_MS = 30_000;

/** A recording's claimed window, in server time. */
export interface RecordingWindow {
  startMs: number;
  endMs: number;
}

/**
 * Bounds a recording's claimed time by when its upload arrived (design/presence.md T7): a 5-s clip
 * ended before its upload was complete, give or take the client's clock tolerance, and not long
 * before. A claim outside is refused (400, nothing stored): a late `start_time` would place the
 * window where the teacher's audio has not arrived, an early one where it aged out.
 */
export function boundRecordingTime(
  claim: { startMs: number; durationS: number; clockOffsetMs: number | undefined },
  arrivalMs: number,
): RecordingWindow {
  const endMs = claim.startMs + claim.durationS * 1000;
  const tolerance =
    claim.clockOffsetMs === undefined ? DEVICE_CLOCK_TOLERANCE_MS : MEASURED_CLOCK_TOLERANCE_MS;
  if (endMs > arrivalMs + tolerance) throw badRequest(MARKING_MESSAGES.recordingTimeLate);
  if (endMs < arrivalMs - UPLOAD_TOLERANCE_MS) throw badRequest(MARKING_MESSAGES.recordingTimeEarly);
  return { startMs: claim.startMs, endMs };
}
