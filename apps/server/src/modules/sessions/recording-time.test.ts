import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { MARKING_MESSAGES } from './marking-messages';
import {
  boundRecordingTime,
  DEVICE_CLOCK_TOLERANCE_MS,
  MEASURED_CLOCK_TOLERANCE_MS,
  UPLOAD_DELAY_MS,
} from './recording-time';

const arrival = 1_800_000_000_000;

/** The refusal's message, or null when the claim is within the bounds. */
function refusal(endOffsetMs: number, clockOffsetMs?: number): string | null {
  try {
    boundRecordingTime({ startMs: arrival + endOffsetMs - 5000, durationS: 5, clockOffsetMs }, arrival);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return (err as AppError).message;
  }
}

describe('the recording window is bounded by the upload arrival (design/presence.md T7)', () => {
  it('keeps an honest recording that ended before its upload arrived', () => {
    expect(refusal(-300)).toBeNull();
    expect(refusal(-UPLOAD_DELAY_MS - DEVICE_CLOCK_TOLERANCE_MS)).toBeNull();
    expect(
      boundRecordingTime({ startMs: arrival - 6000, durationS: 5, clockOffsetMs: undefined }, arrival),
    ).toEqual({
      startMs: arrival - 6000,
      endMs: arrival - 1000,
      toleranceMs: DEVICE_CLOCK_TOLERANCE_MS,
    });
  });

  it("refuses a start_time claimed late: the clip would end after its upload, beyond the device clock's tolerance", () => {
    expect(refusal(DEVICE_CLOCK_TOLERANCE_MS)).toBeNull();
    expect(refusal(DEVICE_CLOCK_TOLERANCE_MS + 1)).toBe(MARKING_MESSAGES.recordingTimeLate);
    expect(refusal(60_000)).toBe(MARKING_MESSAGES.recordingTimeLate);
  });

  it('refuses a start_time claimed early: the clip would have ended before its upload could have started (a backdated replay)', () => {
    expect(refusal(-UPLOAD_DELAY_MS - DEVICE_CLOCK_TOLERANCE_MS - 1)).toBe(
      MARKING_MESSAGES.recordingTimeEarly,
    );
    expect(refusal(-UPLOAD_DELAY_MS - MEASURED_CLOCK_TOLERANCE_MS - 1, 0)).toBe(
      MARKING_MESSAGES.recordingTimeEarly,
    );
    expect(refusal(-600_000)).toBe(MARKING_MESSAGES.recordingTimeEarly);
  });

  it('holds a client that measured its clock offset to the tighter tolerance', () => {
    expect(MEASURED_CLOCK_TOLERANCE_MS).toBeLessThan(DEVICE_CLOCK_TOLERANCE_MS);
    const between = MEASURED_CLOCK_TOLERANCE_MS + 100;
    expect(refusal(between)).toBeNull();
    expect(refusal(between, -420)).toBe(MARKING_MESSAGES.recordingTimeLate);
    expect(refusal(MEASURED_CLOCK_TOLERANCE_MS, 0)).toBeNull();
  });
});
