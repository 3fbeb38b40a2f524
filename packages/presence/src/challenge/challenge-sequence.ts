import { PresenceInputError } from '../errors';
import { fromHex, hmacSha256, toHex } from '../schedule/sha256';
import { synthesizeSpan } from '../schedule/synthesize-span';
import {
  DEFAULT_SCHEDULE_CONFIG,
  ToneSchedule,
  parseScheduleConfig,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';

// The two-way challenge (issue 17, item 4): during its recording the student's phone emits a short,
// quiet chirp sequence unique to this attempt, just above the session tone's band; the teacher's
// microphone must hear it at the moment the recording says. It reuses the tone's machinery: the
// challenge is a `ToneSchedule` keyed by a per-attempt key, played from the recording's start.
// Browser-safe (no Node imports): the web client imports it as `@rollbook/presence/challenge`.

/** Seconds of challenge the phone plays from the start of its recording (clients record 5 s). */
export const CHALLENGE_SPAN_S = 4.6;

const LABEL = new TextEncoder().encode('rollbook-challenge-v1/attempt/');

/**
 * The per-attempt challenge key: HMAC-SHA-256(session key, label || attempt id). The server sends it
 * (never the session key) to the student's client with the attempt; an auditor with the session key
 * and the attempt id derives it again. Knowing it reveals nothing about the session key or any other
 * attempt's challenge.
 */
export function deriveChallengeKey(sessionKeyHex: string, attemptId: string): string {
  if (attemptId.length === 0 || attemptId.length > 200) {
    throw new PresenceInputError('bad_tone_params', 'the attempt id must have 1-200 characters');
  }
  let key: Uint8Array;
  try {
    key = fromHex(sessionKeyHex);
  } catch {
    throw new PresenceInputError('bad_tone_params', 'the session key is not hex');
  }
  const id = new TextEncoder().encode(attemptId);
  const message = new Uint8Array(LABEL.length + id.length);
  message.set(LABEL);
  message.set(id, LABEL.length);
  return toHex(hmacSha256(key, message));
}

/**
 * The challenge's band and timing for a session tone: two 600 Hz slots starting 300 Hz above the
 * tone's band (20.3-21.5 kHz over the default 17-20 kHz tone, 19.3-20.5 kHz over the 16-19 kHz one),
 * so the teacher's own loud tone next to its microphone does not mask it; 100 ms chirps every 250 ms
 * (18 in the span) at half full scale (-6 dBFS; at 19-21.5 kHz inaudible to most adults, a faint
 * hiss at most to the young, for under 5 s).
 */
export function challengeConfigFor(tone: ToneScheduleConfig = DEFAULT_SCHEDULE_CONFIG): ToneScheduleConfig {
  const lowHz = tone.bandHighHz + 300;
  return parseScheduleConfig({
    version: 2,
    bandLowHz: lowHz,
    bandHighHz: Math.min(lowHz + 1200, 22500),
    slots: 2,
    periodS: 0.25,
    chirpS: 0.1,
    minGapS: 0.05,
    amplitude: 0.5,
    taperS: 0.008,
  });
}

/** Highest tone band top (Hz) a session with the two-way check uses (see `twoWayToneConfig`). */
export const TWO_WAY_TONE_TOP_HZ = 19000;

/**
 * The session tone's config when the institution turns the two-way check on (presence-0016): the
 * band slid down, same width and slots, so that its top is at most 19 kHz (17-20 kHz becomes
 * 16-19 kHz) and the challenge above it at most 20.5 kHz. The check fails students where the
 * teacher's microphone or a 44.1 kHz stream loses 20.3-21.5 kHz, and steep phones (rolling off
 * above 17 kHz) lose the default tone; a kilohertz lower keeps both. A band already low enough is
 * kept. The cost: 16-17 kHz is audible to more young listeners than 17-18 kHz.
 */
export function twoWayToneConfig(tone: ToneScheduleConfig = DEFAULT_SCHEDULE_CONFIG): ToneScheduleConfig {
  if (tone.bandHighHz <= TWO_WAY_TONE_TOP_HZ) return tone;
  const shiftHz = tone.bandHighHz - TWO_WAY_TONE_TOP_HZ;
  return parseScheduleConfig({
    ...tone,
    bandLowHz: tone.bandLowHz - shiftHz,
    bandHighHz: TWO_WAY_TONE_TOP_HZ,
  });
}

/** The challenge sequence of one attempt (chirp times are seconds after the phone starts playing it). */
export function challengeSchedule(challengeKeyHex: string, config: ToneScheduleConfig): ToneSchedule {
  return new ToneSchedule(challengeKeyHex, config);
}

/**
 * The samples the student's phone plays, starting together with its recording: `CHALLENGE_SPAN_S`
 * of the attempt's sequence at the output's sample rate (Web Audio: an AudioBuffer at the context's
 * rate).
 */
export function synthesizeChallenge(
  challengeKeyHex: string,
  config: ToneScheduleConfig,
  sampleRate: number,
): Float32Array {
  return synthesizeSpan(challengeSchedule(challengeKeyHex, config), 0, CHALLENGE_SPAN_S, sampleRate);
}
