/** What a batch's date is worked out from, read together when the batch reaches the page. */
export interface AudioClockReading {
  /** `getOutputTimestamp()`: the frame at `contextTime` (s) leaves the device at `performanceTime`. */
  output: AudioTimestamp | null;
  /** `performance.now()` and `Date.now()` read at once, to move from one clock to the other. */
  nowPerformanceMs: number;
  nowWallMs: number;
  /** The context's latency from rendering a frame to hearing it (`baseLatency + outputLatency`), s. */
  latencyS: number;
}

/** When a batch's first frame entered the audio graph, and whether the audio clock said so. */
export interface FrameTime {
  /** Wall-clock ms epoch. */
  ms: number;
  /**
   * True when dated by the audio clock; false when dated by the batch's arrival (no usable mapping),
   * which a busy page delays: such a date places the batch's start, never a gap in the sound.
   */
  byAudioClock: boolean;
}

/**
 * How far past "now less the batch's length" a mapped date may fall and still be trusted: a date
 * in the quiet lies within a few ms of that bound (measured -10..+2 ms in Chromium). Further out the
 * mapping is wrong (Safari 15.1-17 reported `contextTime` divided by the sample rate: WebKit bug
 * 264247), and the batch is dated by its arrival instead.
 */
const MAPPING_SLACK_MS = 50;

/**
 * The wall-clock time at which the first of `frameCount` frames rendered at `contextTime` entered
 * the audio graph: the microphone's capture time plus the input path's latency, a constant (the
 * server anchors a teacher's stamps by their arrival; a student's start is checked within its clock
 * tolerance).
 *
 * Why not "now minus the frames' length": a starved audio thread (a loaded phone, a busy CI host)
 * renders fewer frames than time passes, and the microphone's sound of the missed moments is lost;
 * counting frames from the first one then dates every later frame too early, by all the time lost
 * so far (measured: 30 s behind after 5 minutes on a loaded 2-core host). The output timestamp
 * maps the context's clock to `performance.now()` as the audio device runs it, so a frame rendered
 * after a stall is dated after the stall. The mapping dates a frame when it is heard, the context's
 * latency after it was rendered. It is read when the batch arrives: a batch rendered before a stall
 * but delivered after it is dated as if rendered after it (a busy page and a starved audio thread
 * at once), which moves its sound by up to the stall; the timeline's confirmation limits that to
 * batches that arrived together.
 *
 * A frame cannot have entered the graph after it reached the page, so a date never exceeds now
 * minus the frames' length.
 */
export function frameTime(
  reading: AudioClockReading,
  contextTime: number,
  frameCount: number,
  sampleRate: number,
): FrameTime {
  const latest = reading.nowWallMs - (frameCount / sampleRate) * 1000;
  const byArrival = { ms: latest, byAudioClock: false };
  const heardAt = heardAtPerformanceMs(reading.output, contextTime);
  if (heardAt === null) return byArrival;
  const heardAtWallMs = reading.nowWallMs - (reading.nowPerformanceMs - heardAt);
  const renderedAt = heardAtWallMs - reading.latencyS * 1000;
  if (!Number.isFinite(renderedAt) || renderedAt > latest + MAPPING_SLACK_MS) return byArrival;
  return { ms: Math.min(renderedAt, latest), byAudioClock: true };
}

/**
 * The `performance.now()` at which the frame at `contextTime` (s) is heard, from the context's output
 * timestamp; null without one (before the context's first render, or a browser without the API).
 */
export function heardAtPerformanceMs(
  stamp: AudioTimestamp | null | undefined,
  contextTime: number,
): number | null {
  if (!stamp?.contextTime || !stamp.performanceTime || !Number.isFinite(contextTime)) return null;
  return stamp.performanceTime + (contextTime - stamp.contextTime) * 1000;
}

/** Reads the context's audio clock for `frameTime` (the parts a browser lacks are left out). */
export function readAudioClock(context: AudioContext): AudioClockReading {
  const output = typeof context.getOutputTimestamp === 'function' ? context.getOutputTimestamp() : null;
  const latencyS = finiteOrZero(context.baseLatency) + finiteOrZero(context.outputLatency);
  return { output, nowPerformanceMs: performance.now(), nowWallMs: Date.now(), latencyS };
}

const finiteOrZero = (value: number | undefined): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
