/** The audio clock's view of one moment, as `AudioContext.getOutputTimestamp()` reports it. */
export interface OutputTimestamp {
  /** Seconds on the context's clock (`currentTime`). */
  contextTime?: number;
  /** The `performance.now()` at which the frame at `contextTime` leaves the output device. */
  performanceTime?: number;
}

/** What a frame's capture time is worked out from, read together when the frames reach the page. */
export interface AudioClockReading {
  output: OutputTimestamp | null;
  /** `performance.now()` and `Date.now()` read at once, to move from one clock to the other. */
  nowPerformanceMs: number;
  nowWallMs: number;
  /** The context's latency from rendering a frame to hearing it (`baseLatency + outputLatency`), s. */
  latencyS: number;
}

/**
 * The wall-clock ms epoch at which the first of `frameCount` frames rendered at `contextTime` was
 * captured.
 *
 * Why not "now minus the frames' length": a starved audio thread (a loaded phone, a busy CI host)
 * renders fewer frames than time passes, and the microphone's sound of the missed moments is lost;
 * counting frames from the first one then dates every later frame too early, by all the time lost
 * so far (measured: 30 s behind after 5 minutes on a loaded 2-core host). The output timestamp
 * maps the context's clock to `performance.now()` as the audio device runs it, so a frame rendered
 * after a stall is dated after the stall. The mapping dates a frame when it is heard; a frame is
 * captured about the context's latency earlier.
 *
 * A frame cannot have been captured after it reached the page, so the answer never exceeds now
 * minus the frames' length; that is also the answer while the context reports no mapping yet
 * (before its first render, or in a browser without `getOutputTimestamp`).
 */
export function capturedAtMs(
  reading: AudioClockReading,
  contextTime: number,
  frameCount: number,
  sampleRate: number,
): number {
  const latest = reading.nowWallMs - (frameCount / sampleRate) * 1000;
  const { output } = reading;
  if (!output?.performanceTime || output.contextTime === undefined || !Number.isFinite(contextTime))
    return latest;
  const heardAtWallMs =
    reading.nowWallMs -
    (reading.nowPerformanceMs - output.performanceTime) +
    (contextTime - output.contextTime) * 1000;
  const capturedAt = heardAtWallMs - reading.latencyS * 1000;
  return Number.isFinite(capturedAt) ? Math.min(capturedAt, latest) : latest;
}

/** Reads the context's audio clock for `capturedAtMs` (the parts a browser lacks are left out). */
export function readAudioClock(context: AudioContext): AudioClockReading {
  const output = typeof context.getOutputTimestamp === 'function' ? context.getOutputTimestamp() : null;
  const latencyS = finiteOrZero(context.baseLatency) + finiteOrZero(context.outputLatency);
  return { output, nowPerformanceMs: performance.now(), nowWallMs: Date.now(), latencyS };
}

const finiteOrZero = (value: number | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
