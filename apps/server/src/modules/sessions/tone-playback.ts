import type { LiveStore } from '../../plugins/app/live-store';
import type { LivePlayback } from './session-tone';

/**
 * How long a reported playback holds without a new report. Our web client reports every
 * `TONE_CLOCK_REPORT_S` (contract `tone_clock`); a sheet that went away stops the tone, so a
 * playback nobody renews is forgotten and the original client's file is assumed again.
 */
export const PLAYBACK_TTL_MS = 90_000;

/**
 * What the server assumes between a live sheet's join and its first `tone_clock`: the schedule
 * plays about on time, known only to 2 s. That is too loose to prove the moment (the engine then
 * lets the room sound decide) but never places the live tone on the file's timeline.
 */
export const PROVISIONAL_PLAYBACK: LivePlayback = { offsetMs: 0, toleranceMs: 2000 };

// A report is clamped to what an audio device can do: a speaker seconds late, or a clock known
// to less than a few milliseconds, is a bug or a lie, and must not narrow or shift the search.
const MAX_OFFSET_MS = 3000;
const MIN_TOLERANCE_MS = 20;
const MAX_TOLERANCE_MS = 3000;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps a live sheet's playback for `PLAYBACK_TTL_MS` (every instance reads it when verifying). */
export async function keepLivePlayback(store: LiveStore, sessionId: string, playback: LivePlayback) {
  const kept: LivePlayback = {
    offsetMs: Math.round(clamp(playback.offsetMs, -MAX_OFFSET_MS, MAX_OFFSET_MS)),
    toleranceMs: Math.round(clamp(playback.toleranceMs, MIN_TOLERANCE_MS, MAX_TOLERANCE_MS)),
  };
  await store.setTonePlayback(sessionId, JSON.stringify(kept), PLAYBACK_TTL_MS);
}

/** Forgets the live playback: a sheet that loops the file (the original client) took over. */
export async function forgetLivePlayback(store: LiveStore, sessionId: string) {
  await store.setTonePlayback(sessionId, null, 0);
}

/** The kept live playback, or null when the teacher's device is not playing the tone live. */
export async function livePlaybackOf(store: LiveStore, sessionId: string): Promise<LivePlayback | null> {
  const text = await store.tonePlayback(sessionId);
  if (text === null) return null;
  const v = JSON.parse(text) as Partial<LivePlayback>;
  return typeof v.offsetMs === 'number' && typeof v.toleranceMs === 'number'
    ? { offsetMs: v.offsetMs, toleranceMs: v.toleranceMs }
    : null;
}
