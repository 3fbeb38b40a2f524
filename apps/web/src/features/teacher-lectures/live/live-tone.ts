import { synthesizeSpan, ToneSchedule, type ToneScheduleConfig } from '@rollbook/presence/schedule';
import type { ClockOffset } from '../../../lib/time/clock-offset';
import { heardAtPerformanceMs } from '../../../lib/audio/audio-clock';

/** The session's tone as the server sends it on the teacher's socket (`session_tone`). */
export interface LiveToneKey {
  keyHex: string;
  config: ToneScheduleConfig;
  /** Server time (ms) of schedule time 0. */
  epochMs: number;
}

/** How the speaker plays the schedule against server time (contract `tone_clock`). */
export interface ToneClock {
  offsetMs: number;
  toleranceMs: number;
}

/** A running live tone. */
export interface LiveTonePlayer {
  /** How late the speaker plays the schedule now, measured from the audio clock. */
  clock(): ToneClock;
  stop(): void;
}

// Rendered in half-second blocks, kept about a second ahead of the speaker.
const BLOCK_S = 0.5;
const AHEAD_S = 1.2;
const TICK_MS = 200;
// How far the audio clock may drift from the wall clock before the schedule is re-anchored.
const MAX_DRIFT_MS = 150;
// Uncertainty of the audio output timestamp (its jitter and the browser's latency estimate).
const OUTPUT_JITTER_MS = 30;
// Without a measured offset to the server's clock, the device's clock is trusted only this far.
const UNMEASURED_CLOCK_MS = 1000;

/** The device (wall) time in ms at which the sample at `contextTime` reaches the speaker. */
function outputWallMs(context: AudioContext, contextTime: number): number {
  const heardAt = heardAtPerformanceMs(context.getOutputTimestamp?.(), contextTime);
  if (heardAt !== null) return performance.timeOrigin + heardAt;
  // Before the first output timestamp: the current time plus the reported output latency.
  const latency = (context.outputLatency || context.baseLatency || 0) * 1000;
  return performance.timeOrigin + performance.now() + (contextTime - context.currentTime) * 1000 + latency;
}

/**
 * Plays the session's secret schedule live through the speakers (docs/decisions/sessions-0004):
 * schedule second s is rendered to sound at server time `epochMs + 1000 s`, computed from the audio
 * clock's output timestamps and the device's measured offset to the server. Blocks are synthesised
 * a little ahead with `synthesizeSpan` and join sample-exactly. `clock()` reports how late the
 * speaker actually is (the audio clock drifts from the wall clock; past `MAX_DRIFT_MS` the
 * schedule is re-anchored) and how well that is known.
 */
export async function playLiveTone(
  key: LiveToneKey,
  serverOffset: ClockOffset | null,
): Promise<LiveTonePlayer> {
  const schedule = new ToneSchedule(key.keyHex, key.config);
  const context = new AudioContext();
  await context.resume();
  const offsetMs = serverOffset?.offsetMs ?? 0;
  const serverMsAt = (contextTime: number) => outputWallMs(context, contextTime) + offsetMs;
  const sources = new Set<AudioBufferSourceNode>();

  // The anchor: context time c0 plays schedule second s0; later blocks follow on the audio clock.
  let c0 = context.currentTime + 0.3;
  let s0 = (serverMsAt(c0) - key.epochMs) / 1000;
  let renderedTo = c0;

  const lateness = () => {
    const now = context.currentTime;
    return serverMsAt(now) - key.epochMs - (s0 + (now - c0)) * 1000;
  };

  function renderAhead() {
    if (Math.abs(lateness()) > MAX_DRIFT_MS) {
      c0 = Math.max(renderedTo, context.currentTime + 0.1);
      s0 = (serverMsAt(c0) - key.epochMs) / 1000;
      renderedTo = c0;
    }
    while (renderedTo < context.currentTime + AHEAD_S) {
      const samples = synthesizeSpan(schedule, s0 + (renderedTo - c0), BLOCK_S, context.sampleRate);
      const buffer = context.createBuffer(1, samples.length, context.sampleRate);
      buffer.getChannelData(0).set(samples);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.onended = () => sources.delete(source);
      source.start(renderedTo);
      sources.add(source);
      renderedTo += samples.length / context.sampleRate;
    }
  }

  renderAhead();
  const timer = setInterval(renderAhead, TICK_MS);
  const toleranceMs = (serverOffset ? serverOffset.roundTripMs / 2 : UNMEASURED_CLOCK_MS) + OUTPUT_JITTER_MS;
  return {
    clock: () => ({ offsetMs: Math.round(lateness()), toleranceMs: Math.round(toleranceMs) }),
    stop: () => {
      clearInterval(timer);
      for (const source of sources) source.stop();
      sources.clear();
      void context.close();
    },
  };
}
