import { encodeWav } from '../wav/encode-wav';
import { chirpEnvelope } from '../tone/synthesize';
import type { ChirpShape, ChirpTimeline, ScheduledChirp, ToneScheduleConfig } from './tone-schedule';
import { LoopedSchedule, timelineConfig } from './tone-schedule';

/** Fraction of the sweep reached at u = t / duration, for each shape (0 -> 0, 1 -> 1). */
export function shapeProgress(shape: ChirpShape, u: number): number {
  if (shape === 'ease_in') return u * u;
  if (shape === 'ease_out') return u * (2 - u);
  return u;
}

/** Integral over [0, u] of `shapeProgress` (the phase of the sweep part). */
function shapeIntegral(shape: ChirpShape, u: number): number {
  if (shape === 'ease_in') return (u * u * u) / 3;
  if (shape === 'ease_out') return u * u - (u * u * u) / 3;
  return (u * u) / 2;
}

/** Instantaneous frequency of a chirp t seconds after its start. */
export function chirpFrequencyHz(chirp: ScheduledChirp, t: number): number {
  return chirp.startHz + (chirp.endHz - chirp.startHz) * shapeProgress(chirp.shape, t / chirp.durationS);
}

/** Phase (radians) of a chirp t seconds after its start. */
export function scheduledChirpPhase(chirp: ScheduledChirp, t: number): number {
  const T = chirp.durationS;
  return (
    2 * Math.PI * (chirp.startHz * t + (chirp.endHz - chirp.startHz) * T * shapeIntegral(chirp.shape, t / T))
  );
}

/** Options of `synthesizeSpan`. */
export interface SpanOptions {
  /**
   * Gain by instantaneous frequency (models a speaker's response in the corpus; the teacher's
   * device leaves it out).
   */
  gainAtHz?: (hz: number) => number;
}

/**
 * Samples the tone between schedule times `fromS` and `fromS + seconds` at any rate: the
 * teacher's Web Audio renders it live a little ahead of time, the server writes the original
 * client's file with it, the corpus and the tests play it in simulated rooms. Every chirp is
 * synthesised from its exact phase law, so spans rendered separately join sample-exactly.
 */
export function synthesizeSpan(
  timeline: ChirpTimeline,
  fromS: number,
  seconds: number,
  sampleRate: number,
  opts: SpanOptions = {},
): Float32Array {
  const config = timelineConfig(timeline);
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (const chirp of timeline.chirpsBetween(fromS, fromS + seconds)) {
    addChirp(out, fromS, sampleRate, chirp, config, opts);
  }
  return out;
}

/**
 * Adds one chirp to `out`, whose first sample is schedule time `fromS` (the part of the chirp
 * outside `out` is left out): what `synthesizeSpan` does for each chirp of its span, for a caller
 * placing a chirp of its own (a dry chirp alone, an extra chirp in a test).
 */
export function addChirp(
  out: Float32Array,
  fromS: number,
  sampleRate: number,
  chirp: ScheduledChirp,
  config: Pick<ToneScheduleConfig, 'amplitude' | 'taperS'>,
  opts: SpanOptions = {},
): void {
  const first = Math.max(0, Math.ceil((chirp.startS - fromS) * sampleRate));
  const last = Math.min(out.length - 1, Math.floor((chirp.startS + chirp.durationS - fromS) * sampleRate));
  for (let n = first; n <= last; n++) {
    const t = fromS + n / sampleRate - chirp.startS;
    const env = chirpEnvelope(t, chirp.durationS, config.taperS);
    if (env === 0) continue;
    const gain = opts.gainAtHz ? opts.gainAtHz(chirpFrequencyHz(chirp, t)) : 1;
    out[n] = out[n]! + config.amplitude * gain * env * Math.sin(scheduledChirpPhase(chirp, t));
  }
}

/**
 * The original client's tone file: `seconds` of the schedule from its epoch (chirps 0..N-1) as a
 * 16-bit PCM mono WAV with no parameters in it. The client loops it; `LoopedSchedule` with the
 * same length describes what it plays. 48 kHz costs 5.76 MB a minute (see
 * docs/decisions/presence-0007-secret-time-locked-tone.md for the length trade-off).
 */
export function encodeScheduleFile(timeline: ChirpTimeline, seconds: number, sampleRate = 48000): Uint8Array {
  // A file from a later chirp (LoopedSchedule's first chirp) starts at that chirp's period.
  const fromS = timeline instanceof LoopedSchedule ? timeline.startS : 0;
  return encodeWav(synthesizeSpan(timeline, fromS, seconds, sampleRate), sampleRate, { encoding: 'pcm16' });
}
