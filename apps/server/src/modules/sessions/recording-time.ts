import { DEFAULT_PROOF_THRESHOLDS } from '@rollbook/presence';
import { badRequest } from '../../lib/app-error';
import { MARKING_MESSAGES } from './marking-messages';

/**
 * How far a recording's claimed start may be off by the device's own clock (the original client):
 * the engine's default clock tolerance.
 */
export const DEVICE_CLOCK_TOLERANCE_MS = DEFAULT_PROOF_THRESHOLDS.defaultClockToleranceMs;
/**
 * The same when our web client measured its offset to the server's clock before recording: what is
 * left is half a round trip and the recorder's start latency.
 */
export const MEASURED_CLOCK_TOLERANCE_MS = 1000;
/**
 * How long before the upload started arriving the recording may have ended: encoding and starting
 * the request (our web client reads the position while it records). The engine's bound: a longer
 * allowance would let a recording of this room made seconds earlier be replayed with its
 * `start_time` backdated to match (design/presence.md T3).
 */
export const UPLOAD_DELAY_MS = DEFAULT_PROOF_THRESHOLDS.maxUploadDelayMs;

/** A recording's claimed window, in server time, and how far the claim may be off. */
export interface RecordingWindow {
  startMs: number;
  endMs: number;
  toleranceMs: number;
}

/**
 * Bounds a recording's claimed time by when its upload arrived (design/presence.md T7), exactly as
 * `verifyProof` does: the clip ended before the upload started arriving and at most
 * `UPLOAD_DELAY_MS` earlier, give or take the client's clock tolerance. A claim outside is refused
 * here (400, nothing stored, before the rate-limit slot) with a sentence naming the fix, so the
 * engine's `start_time_out_of_bounds` is never a stored verdict.
 */
export function boundRecordingTime(
  claim: { startMs: number; durationS: number; clockOffsetMs: number | undefined },
  arrivalMs: number,
): RecordingWindow {
  const durationMs = claim.durationS * 1000;
  const endMs = claim.startMs + durationMs;
  const toleranceMs =
    claim.clockOffsetMs === undefined ? DEVICE_CLOCK_TOLERANCE_MS : MEASURED_CLOCK_TOLERANCE_MS;
  if (endMs - toleranceMs > arrivalMs) throw badRequest(MARKING_MESSAGES.recordingTimeLate);
  if (endMs + toleranceMs < arrivalMs - UPLOAD_DELAY_MS)
    throw badRequest(MARKING_MESSAGES.recordingTimeEarly);
  return { startMs: claim.startMs, endMs, toleranceMs };
}
